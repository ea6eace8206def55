using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// How one entry's figure compares with another's trial by trial (bytes, server CPU, allocation, throughput): the
/// advantage in each trial both measured, paired by trial number, how many trials it held in, and the bootstrap interval
/// of its mean over the trials. One run's figure has no interval at all; the trials are its only repetition.
/// </summary>
internal sealed class TrialAdvantage
{
    private TrialAdvantage(IReadOnlyList<double> advantages, int better, double lower, double upper, double confidenceLevel, Equivalence student)
    {
        Advantages = advantages;
        Trials = advantages.Count;
        Better = better;
        Lower = lower;
        Upper = upper;
        ConfidenceLevel = confidenceLevel;
        Student = student;
    }

    public int Trials { get; }

    /// <summary>The advantage in each trial both measured (higher: the first entry better).</summary>
    public IReadOnlyList<double> Advantages { get; }

    /// <summary>Trials in which the first entry was better.</summary>
    public int Better { get; }

    public double Lower { get; }
    public double Upper { get; }
    public double ConfidenceLevel { get; }

    /// <summary>The Student-t interval of the mean advantage at the verdict's per-look level (<see cref="RunAnalysis.TrialLevel"/>).</summary>
    public Equivalence Student { get; }

    /// <summary>
    /// Better in at least two thirds of the trials, and both the bootstrap and the Student-t interval of the mean advantage
    /// exclude zero. The t-interval is the latency verdict's guard too (<see cref="LatencyAnswer"/>): without it, A/A runs
    /// named a winner for CPU, allocation, throughput or bytes in 7 of 76 comparisons (docs/reports.md, "The cost
    /// figures between two hosts of one stack"); a percentile bootstrap over the trials is too narrow.
    /// </summary>
    public bool IsClear => Better * 3 >= Trials * 2 && Lower > 0 && Student.Lower > 0;

    /// <summary>
    /// The advantage of <paramref name="best"/> over <paramref name="next"/>, <paramref name="score"/> being higher for
    /// better (negate a cost); null unless the two share two trials with the figure.
    /// </summary>
    public static TrialAdvantage? Of(RunAnalysis analysis, string question, EntryStats best, EntryStats next, Func<TrialFigures, double?> score)
    {
        if (best.Summary.Trials is not { } trialsA || next.Summary.Trials is not { } trialsB)
        {
            return null;
        }

        var scoresB = trialsB.Where(t => score(t) is { } v && double.IsFinite(v)).ToDictionary(t => t.Trial, t => (Score: score(t)!.Value, t.Machine));
        var pairs = trialsA.Where(t => score(t) is { } v && double.IsFinite(v) && scoresB.ContainsKey(t.Trial))
            .Select(t => (Advantage: score(t)!.Value - scoresB[t.Trial].Score, Spoiled: MachineNoise.Spoils(t.Machine) || MachineNoise.Spoils(scoresB[t.Trial].Machine)))
            .ToList();
        // As the latency comparisons do (TrialPlan): a window the machine spoiled moves CPU, throughput and bytes per call too.
        TrialPlan.LeaveOutSpoiled(pairs, p => p.Spoiled);
        List<double> advantages = [.. pairs.Select(p => p.Advantage)];
        if (advantages.Count < 2)
        {
            return null;
        }

        var settings = analysis.Settings with
        {
            Seed = SeededRandom.DeriveSeed(analysis.Settings.Seed, $"trials {question} {best.Stack}/{best.Variant} vs {next.Stack}/{next.Variant}"),
        };
        var (lower, upper) = TrialMeanBootstrap.Interval(advantages, settings);
        return new TrialAdvantage(advantages, advantages.Count(a => a > 0), lower, upper, settings.ConfidenceLevel,
            Equivalence.Test(advantages, double.Epsilon, analysis.TrialLevel));
    }

    /// <summary>Whether the per-trial advantages are equivalent to none within ±<paramref name="margin"/> (two one-sided tests).</summary>
    public Equivalence EquivalentWithin(double margin) => Equivalence.Test(Advantages, Math.Max(margin, double.Epsilon), ConfidenceLevel);

    /// <summary>"95% CI 11–14 kB", with a minus sign where an end is below zero.</summary>
    public string Interval(Func<double, string> format)
    {
        string Signed(double value) => value < 0 ? "\u2212" + format(-value) : format(value);
        return $"{BootstrapSettings.Percent(ConfidenceLevel)} CI {Signed(Lower)}\u2013{Signed(Upper)}";
    }
}

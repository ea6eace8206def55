using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>How a verdict answered for one pair of entries: which one it found faster, or neither.</summary>
public enum PairOutcome
{
    FirstFaster,
    SecondFaster,
    Equivalent,
    Inconclusive,
}

/// <summary>The verdict's answer for two stacks of one variant at one quantile, and its sentence.</summary>
public sealed record PairVerdict(string Variant, double Probability, PairOutcome Outcome, string Detail);

/// <summary>The verdict's answer for two stacks of one variant to one cost question ("least server CPU per request",
/// "highest throughput", ...): <see cref="PairOutcome.FirstFaster"/> there means the first is the better (less cost,
/// more throughput).</summary>
public sealed record PairCostVerdict(string Variant, string Question, PairOutcome Outcome, string Detail);

/// <summary>
/// The latency answers a report gives for one named pair of stacks, for a program that needs the answer rather than the
/// page (the `calibrate` command counts them over many runs). The same rules and defaults as the report's verdict
/// (<see cref="LatencyAnswers"/>), at the median and p99 of every variant both stacks measured cleanly.
/// </summary>
public static class PairVerdicts
{
    /// <summary>The quantiles the verdict's headline answers at, with their names in its sentences.</summary>
    private static readonly (double Probability, string Label)[] Quantiles = [(0.5, "median"), (0.99, "p99")];

    public static IReadOnlyList<PairVerdict> Of(RunResults run, string first, string second, BootstrapSettings settings,
        CancellationToken cancellationToken)
    {
        var analysis = RunAnalysis.Create(run, settings);
        var verdicts = new List<PairVerdict>();
        foreach (var variant in analysis.Entries.Select(e => e.Variant).Distinct())
        {
            var a = Measured(analysis, first, variant);
            var b = Measured(analysis, second, variant);
            if (a is null || b is null)
            {
                continue;
            }
            foreach (var (probability, label) in Quantiles)
            {
                var answer = LatencyAnswers.Of(analysis, a, b, probability, label, "", cancellationToken);
                var outcome = answer.Kind switch
                {
                    AnswerKind.Faster => answer.Faster == a ? PairOutcome.FirstFaster : PairOutcome.SecondFaster,
                    AnswerKind.Equivalent => PairOutcome.Equivalent,
                    _ => PairOutcome.Inconclusive,
                };
                verdicts.Add(new PairVerdict(variant, probability, outcome, answer.Detail));
            }
        }
        return verdicts;
    }

    /// <summary>
    /// The cost answers (bytes, server CPU, allocation and throughput per variant) the report's verdict gives when the pair
    /// is all it compares, with its rules (<see cref="Verdict.Costs"/>): an A/A run counts how often they name a winner
    /// between two hosts of one stack.
    /// </summary>
    public static IReadOnlyList<PairCostVerdict> Costs(RunResults run, string first, string second, BootstrapSettings settings)
    {
        var analysis = RunAnalysis.Create(run, settings);
        var verdicts = new List<PairCostVerdict>();
        foreach (var variant in analysis.Entries.Select(e => e.Variant).Distinct())
        {
            if (Measured(analysis, first, variant) is not { } a || Measured(analysis, second, variant) is not { } b)
            {
                continue;
            }
            foreach (var line in Verdict.Costs(analysis, [a, b]).Where(l => l.Compared))
            {
                var outcome = line.Answer == a.DisplayName ? PairOutcome.FirstFaster
                    : line.Answer == b.DisplayName ? PairOutcome.SecondFaster
                    : line.Answer == "equivalent" ? PairOutcome.Equivalent
                    : PairOutcome.Inconclusive;
                verdicts.Add(new PairCostVerdict(variant, line.Question, outcome, line.Size));
            }
        }
        return verdicts;
    }

    /// <summary>The entry as the verdict takes it: completed, with successful requests; null otherwise.</summary>
    private static EntryStats? Measured(RunAnalysis analysis, string stack, string variant) =>
        analysis.Entries.FirstOrDefault(e => e.Stack == stack && e.Variant == variant && e.Sample is not null
            && e.Summary.Status == ResultsFormat.EntryStatus.Ok);
}

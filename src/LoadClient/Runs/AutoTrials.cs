using RpcCompare.Reports;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// `--trials auto`: after the minimum trials, one more trial at a time while a headline comparison is inconclusive and
/// the budget lasts, as BenchmarkDotNet adds iterations until its target precision. A trial is the unit the verdict's
/// intervals are built over, so only more trials (not more calls in the same ones) narrow a spread between trials.
/// </summary>
public static class AutoTrials
{
    /// <summary>The most trials a run with `--trials auto` adds up to, whatever the budget.</summary>
    public const int MostTrials = 100;

    /// <summary>Why the run stops after <paramref name="done"/> trials, or null to run one more.</summary>
    /// <param name="open">The headline comparisons still inconclusive after those trials.</param>
    /// <param name="elapsed">The scenario's time so far (hosts, priming and trials).</param>
    /// <param name="perTrial">What one more trial is expected to take (the trials' mean so far).</param>
    public static string? StopBecause(int done, int minimum, IReadOnlyList<OpenComparison> open, TimeSpan elapsed, TimeSpan perTrial,
        TimeSpan budget)
    {
        if (done < minimum)
        {
            return null;
        }
        if (open.Count == 0)
        {
            return $"decided: every headline comparison was decided after {done} trials";
        }
        if (open.All(o => o.TrialsToDecide is null))
        {
            return $"inconclusive: more trials would not decide {Names(open)} (too few calls per trial, or a spread between trials " +
                $"that 100 trials would not overcome)";
        }
        if (done >= MostTrials)
        {
            return $"inconclusive (most trials): {Names(open)} still open after {done} trials, the most --trials auto runs";
        }
        var affordable = done + (perTrial <= TimeSpan.Zero ? 0 : (int)Math.Floor((budget - elapsed) / perTrial));
        var needed = open.Where(o => o.TrialsToDecide is not null).Min(o => o.TrialsToDecide!.Value);
        if (affordable <= done || needed > affordable)
        {
            return $"inconclusive (budget): {Names(open)} still open after {done} trials; about {needed} trials would decide " +
                $"{(open.Count == 1 ? "it" : "the nearest")}, the budget of {Minutes(budget)} allows about {Math.Max(done, affordable)} " +
                $"at {perTrial.TotalSeconds:N0} s a trial (--budget)";
        }
        return null;
    }

    private static string Names(IReadOnlyList<OpenComparison> open) =>
        string.Join("; ", open.Select(o => $"'{o}'"));

    private static string Minutes(TimeSpan budget) =>
        budget.TotalMinutes >= 1 ? $"{budget.TotalMinutes:N0} min" : $"{budget.TotalSeconds:N0} s";
}

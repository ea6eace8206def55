using RpcCompare.Reports;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// `--trials auto`: the planned trials, then a first look at the headline comparisons; while one is open, trials are
/// added as long as the budget lasts (as BenchmarkDotNet adds iterations toward its target precision) and the verdict
/// looks a second and last time when no further trial fits. A trial is the unit the verdict's intervals are built over,
/// so only more trials (not more calls in the same ones) narrow a spread between trials. Looking after every added trial
/// and stopping at the first decided one would call a stack faster that is not far more often than the intervals' 5%
/// (<see cref="HeadlineDecisions.Looks"/>); two looks keep that rate and leave the added trials to do their work.
/// </summary>
public static class AutoTrials
{
    /// <summary>The most trials a run with `--trials auto` adds up to, whatever the budget.</summary>
    public const int MostTrials = 100;

    /// <summary>Whether the headline comparisons are read after <paramref name="done"/> trials: at the planned minimum, and
    /// once no further trial would end within the budget (or the most trials are done).</summary>
    public static bool IsLook(int done, int minimum, TimeSpan elapsed, TimeSpan perTrial, TimeSpan budget) =>
        done == minimum || (done > minimum && !AnotherFits(done, elapsed, perTrial, budget));

    /// <summary>Why the run stops after <paramref name="done"/> trials, or null to run one more; asked at a look
    /// (<see cref="IsLook"/>).</summary>
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
        if (open.All(o => o.TooFewCalls))
        {
            return $"inconclusive: more trials would not decide {Names(open)} (too few calls in each trial at that quantile)";
        }
        if (done >= MostTrials)
        {
            return $"inconclusive (most trials): {Names(open)} still open after {done} trials, the most --trials auto runs";
        }
        if (AnotherFits(done, elapsed, perTrial, budget))
        {
            return null;
        }
        var needed = open.Where(o => o.TrialsToDecide is not null).Select(o => o.TrialsToDecide!.Value).DefaultIfEmpty().Min();
        var advice = needed > done
            ? $"; about {needed} trials at this spread would decide {(open.Count == 1 ? "it" : "the nearest")}"
            : needed == 0 ? "; at this spread even 100 trials would not decide it" : "";
        return $"inconclusive (budget): {Names(open)} still open after {done} trials, the most the budget of {Minutes(budget)} allows " +
            $"at {perTrial.TotalSeconds:N0} s a trial{advice} (--budget)";
    }

    private static bool AnotherFits(int done, TimeSpan elapsed, TimeSpan perTrial, TimeSpan budget) =>
        done < MostTrials && perTrial > TimeSpan.Zero && elapsed + perTrial <= budget;

    private static string Names(IReadOnlyList<OpenComparison> open) =>
        string.Join("; ", open.Select(o => $"'{o}'"));

    private static string Minutes(TimeSpan budget) =>
        budget.TotalMinutes >= 1 ? $"{budget.TotalMinutes:N0} min" : $"{budget.TotalSeconds:N0} s";
}

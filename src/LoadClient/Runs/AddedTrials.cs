using System.Diagnostics;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// The clock and the question of `--trials auto` for one scenario: after each trial from the planned count on, adds one
/// more while the budget lasts; at its two looks (<see cref="AutoTrials.IsLook"/>) it reads the results written so far with
/// the verdict's rules (<see cref="HeadlineDecisions"/>) and asks <see cref="AutoTrials.StopBecause"/> whether to go on.
/// </summary>
public sealed class AddedTrials(RunPlan plan, string folder, TimeSpan budget, RunProgress progress)
{
    private readonly Stopwatch _scenario = Stopwatch.StartNew();
    private TimeSpan _trialsBegan;

    /// <summary>Why trials stopped being added, once decided.</summary>
    public string? Reason { get; private set; }

    /// <summary>Marks the start of trial 1 (after the hosts started and the priming), so a trial's cost excludes them.</summary>
    public void TrialsBegin() => _trialsBegan = _scenario.Elapsed;

    /// <summary>Null to run trial <paramref name="done"/> + 1; else why not (also kept in <see cref="Reason"/>).</summary>
    public async Task<string?> StopBecauseAsync(int done, CancellationToken cancellationToken)
    {
        if (Reason is not null || !plan.AddsTrials || done < plan.Trials)
        {
            return Reason;
        }
        if (done >= plan.Orders.Count)
        {
            return Reason = $"inconclusive (most trials): {done} trials, the most --trials auto runs";
        }
        var perTrial = (_scenario.Elapsed - _trialsBegan) / Math.Max(1, done);
        if (!AutoTrials.IsLook(done, plan.Trials, _scenario.Elapsed, perTrial, budget))
        {
            progress.Line($"Adding trial {done + 1} ({_scenario.Elapsed.TotalMinutes:N1} of {budget.TotalMinutes:N1} min of the budget used; " +
                "the verdict looks again when the budget ends).");
            return null;
        }
        IReadOnlyList<OpenComparison> open;
        try
        {
            open = await HeadlineDecisions.OpenAsync(folder, margin: null, cancellationToken);
        }
        catch (ReportInputException e)
        {
            return Reason = $"stopped: the results so far could not be read to decide ({e.Message})";
        }
        Reason = AutoTrials.StopBecause(done, plan.Trials, open, _scenario.Elapsed, perTrial, budget);
        progress.Line(Reason is null
            ? $"Adding trials while the budget lasts, then the verdict looks once more: {string.Join("; ", open.Select(o => o.ToString()))} " +
                $"({_scenario.Elapsed.TotalMinutes:N1} of {budget.TotalMinutes:N1} min of the budget used)."
            : $"No more trials: {Reason}.");
        return Reason;
    }
}

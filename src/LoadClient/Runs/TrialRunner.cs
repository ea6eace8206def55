using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Entries;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// Executes a <see cref="RunPlan"/>: trial after trial, every stack and variant once in the trial's order, each
/// measurement pooled into its entry and written at once. Hosts stay up across trials (idle ones on the hosts' CPUs)
/// unless the run asks for fresh hosts, which restarts a host before each of its trials.
/// </summary>
public sealed class TrialRunner(RunPlan plan, RunContext context) : IAsyncDisposable
{
    private readonly Dictionary<string, HostSession> _sessions = new(StringComparer.Ordinal);
    private readonly HashSet<string> _failedStacks = new(StringComparer.Ordinal);
    private readonly Dictionary<(string Stack, string Variant), EntryTrials> _entries = [];
    private readonly VariantMeasurement _measurement = new(plan.Settings, plan.Scenario, context.Results, context.Progress);
    private readonly ResultsWriter _results = context.Results;
    private readonly RunProgress _progress = context.Progress;
    private readonly RampProbes _ramp = new(plan, context);

    /// <summary>False when a stack failed or an entry did not measure cleanly (the entries say why).</summary>
    public async Task<bool> RunAsync(CancellationToken cancellationToken)
    {
        var added = new AddedTrials(plan, _results.Folder, context.Budget, _progress);
        var ok = true;
        var schedule = WindowSchedule.For(plan, plan.Settings.StartAt);
        if (!plan.Settings.FreshHosts)
        {
            // Every host up before the first trial, so each is measured beside the same idle neighbours in every trial.
            foreach (var stack in plan.Settings.Stacks)
            {
                ok &= await SessionForAsync(stack, 1, cancellationToken) is not null;
            }
        }
        if (Priming.Applies(plan, schedule is not null) && !cancellationToken.IsCancellationRequested)
        {
            context.Record.AddNote(await Priming.RunAsync(plan,
                entry => Task.FromResult(_failedStacks.Contains(entry.Stack) ? null : _sessions.GetValueOrDefault(entry.Stack)),
                _progress, cancellationToken));
        }
        added.TrialsBegin();
        for (var trial = 1; trial <= plan.Orders.Count && !cancellationToken.IsCancellationRequested; trial++)
        {
            if (trial > plan.Trials && (!ok || await added.StopBecauseAsync(trial - 1, cancellationToken) is not null))
            {
                break;
            }
            if (plan.Orders.Count > 1)
            {
                var of = plan.AddsTrials ? (trial <= plan.Trials ? $" of at least {plan.Trials}" : " (added)") : $" of {plan.Trials}";
                _progress.Line($"Trial {trial}{of}: {string.Join(", ", plan.Orders[trial - 1].Select(e => e.Key))}");
            }
            foreach (var planned in plan.Orders[trial - 1])
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    break;
                }
                ok &= await MeasureAsync(planned, trial, schedule, cancellationToken);
            }
            if (!cancellationToken.IsCancellationRequested)
            {
                context.Record.TrialsRun = trial;
            }
        }
        if (plan.AddsTrials)
        {
            context.Record.TrialsStoppedBecause = !ok ? "stopped: a stack failed or an entry did not measure cleanly, so no more trials were added"
                : cancellationToken.IsCancellationRequested ? "interrupted"
                : added.Reason ?? await added.StopBecauseAsync(context.Record.TrialsRun, cancellationToken);
        }
        if (schedule is not null)
        {
            context.Record.AddNote($"Aligned windows (--start-at {schedule.StartAt.UtcDateTime:yyyy-MM-dd'T'HH:mm:ss.fff'Z'}): every measurement " +
                $"and its measured window began at times computed from the plan, so clients " +
                $"given the same command line measured together; this client reached its slots at most " +
                $"{schedule.WorstLateness.TotalMilliseconds:N0} ms late, by its own clock.");
        }
        return ok;
    }

    private async Task<bool> MeasureAsync(PlannedEntry planned, int trial, WindowSchedule? schedule, CancellationToken cancellationToken)
    {
        if (_failedStacks.Contains(planned.Stack))
        {
            return false;
        }
        if (await SessionForAsync(planned.Stack, trial, cancellationToken) is not { } session)
        {
            return false;
        }
        if (session.HostHasExited)
        {
            var skipped = EntryBuilder.Empty(IdentityOf(planned), ResultsFormat.EntryStatus.Skipped, $"the {planned.Stack} host had exited");
            await AddTrialAsync(planned, 0, trial, MeasuredEntry.Unmeasured(skipped));
            return false;
        }
        if (schedule is not null)
        {
            await WaitForSlotAsync(schedule, planned, trial, cancellationToken);
        }
        try
        {
            var (variant, load) = (planned.Variant, plan.LoadFor(planned, trial));
            if (variant.OfCapacity is { } share)
            {
                var probed = await _ramp.CapacityAsync(session, planned, cancellationToken);
                if (probed.Capacity is not { } capacity)
                {
                    // Ctrl+C during the probe leaves the stack unmeasured, not failed: the run is marked interrupted.
                    if (!cancellationToken.IsCancellationRequested)
                    {
                        await StackFailedAsync(planned.Stack, trial, probed.Failure!);
                    }
                    return false;
                }
                (variant, load) = (OverloadStep.Resolve(variant), OverloadStep.Load(load, capacity, share, plan.Settings, plan.Trials));
            }
            load = schedule is null ? load : load with { MeasureFrom = schedule.MeasureFrom(trial, planned, load.Warmup) };
            // New database connections for every measurement, opened in its warm-up: each set of PostgreSQL backends is a
            // sample of its own, and one set kept for a whole run made two hosts of a stack differ steadily.
            session.Host?.RenewConnections();
            var measured = await _measurement.MeasureAsync(session, variant, load, trial, cancellationToken);
            for (var i = 0; i < measured.Count; i++)
            {
                await AddTrialAsync(planned, i, trial, measured[i]);
            }
            return measured[0].Entry.Status == ResultsFormat.EntryStatus.Ok;
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested && e is UserFacingException or GraphCallException
            or TimeoutException or IOException)
        {
            await StackFailedAsync(planned.Stack, trial, $"{e.GetType().Name}: {e.Message}");
            return false;
        }
    }

    private async Task WaitForSlotAsync(WindowSchedule schedule, PlannedEntry planned, int trial, CancellationToken cancellationToken)
    {
        var start = schedule.StartOf(trial, planned);
        if (start - DateTimeOffset.UtcNow > TimeSpan.FromSeconds(10))
        {
            _progress.Line($"Waiting for {planned.Key}'s slot at {start.UtcDateTime:HH:mm:ss} UTC (--start-at).");
        }
        try
        {
            var late = await schedule.WaitForAsync(trial, planned, cancellationToken);
            if (late > TimeSpan.FromMilliseconds(250))
            {
                _progress.Line($"{planned.Key} began {late.TotalSeconds:N1} s after its slot (--start-at): its window overlaps other clients' less.");
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            // Ctrl+C while waiting: the measurement below sees the token and records the entry as interrupted.
        }
    }

    /// <summary>Pools a trial into its entry and writes summary.json, keeping the plan's order whatever order the trials ran in.</summary>
    private async Task AddTrialAsync(PlannedEntry planned, int part, int trial, MeasuredEntry measured)
    {
        var key = (planned.Stack, measured.Entry.Variant);
        if (!_entries.TryGetValue(key, out var entry))
        {
            _entries[key] = entry = new EntryTrials(new EntryKey(key.Stack, key.Variant), _results.Folder);
        }
        var pooled = await entry.AddAsync(trial, measured, CancellationToken.None);
        await _results.SetAsync(pooled, new EntryPlace(planned.Index, part), CancellationToken.None);
        _progress.Line(ConsoleSummary.Describe(measured.Entry));
    }

    private EntryIdentity IdentityOf(PlannedEntry planned) =>
        _measurement.Identity(planned.Stack, planned.Variant.Name, planned.Variant.Threads, planned.Variant.CallsPerUnit);

    /// <summary>The stack's session for this trial: the one kept up, or (fresh hosts) one started for this trial; null when
    /// the stack could not be started (its entries say why).</summary>
    private async Task<HostSession?> SessionForAsync(string stack, int trial, CancellationToken cancellationToken)
    {
        if (_sessions.TryGetValue(stack, out var session))
        {
            if (!plan.Settings.FreshHosts || session.StartedForTrial == trial)
            {
                return session;
            }
            _sessions.Remove(stack);
            await session.DisposeAsync();
        }
        try
        {
            session = await HostSession.OpenAsync(stack, trial, plan, context, cancellationToken);
            _sessions[stack] = session;
            return session;
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested && e is HostFailedException or UserFacingException
            or GraphCallException or TimeoutException or IOException)
        {
            var reason = e is HostFailedException ? e.Message : $"{e.GetType().Name}: {e.Message}";
            await StackFailedAsync(stack, trial, reason);
            return null;
        }
    }

    /// <summary>A stack that cannot go on: before any measurement one failed entry names why, as a run of one trial always
    /// did; later, each of its entries gets a failed trial with the reason. The stack is not tried again in this run.</summary>
    private async Task StackFailedAsync(string stack, int trial, string reason)
    {
        _progress.Line($"{StackCatalog.DisplayName(stack)} failed: {reason}");
        _failedStacks.Add(stack);
        var measured = plan.Entries.Where(e => e.Stack == stack && _entries.ContainsKey((stack, e.Variant.Name))).ToList();
        if (measured.Count == 0 && !_entries.Keys.Any(k => k.Stack == stack))
        {
            var first = plan.Entries.First(e => e.Stack == stack);
            var failed = EntryBuilder.Empty(_measurement.Identity(stack, "", first.Variant.Threads, callsPerUnit: 1),
                ResultsFormat.EntryStatus.Failed, reason);
            await _results.SetAsync(failed, new EntryPlace(first.Index, 0), CancellationToken.None);
            return;
        }
        foreach (var planned in measured.Where(e => !_entries[(stack, e.Variant.Name)].Has(trial)))
        {
            var failed = EntryBuilder.Empty(IdentityOf(planned), ResultsFormat.EntryStatus.Failed, reason);
            await AddTrialAsync(planned, 0, trial, MeasuredEntry.Unmeasured(failed));
        }
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var session in _sessions.Values)
        {
            await session.DisposeAsync();
        }
        _sessions.Clear();
    }
}

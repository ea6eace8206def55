using System.Globalization;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// The overload ramp's probes: before a stack's first step, a closed loop at the run's callers measures its capacity
/// (successful calls per second), once per run, so every trial of a step offers the same rate. Each probe goes into the
/// manifest (<see cref="OverloadInfo"/>) with the rates its steps offer.
/// </summary>
public sealed class RampProbes(RunPlan plan, RunContext context)
{
    /// <summary>The probe's measured window, after the run's warm-up (which ends early once steady).</summary>
    public static readonly TimeSpan Window = TimeSpan.FromSeconds(3);

    /// <summary>Calls per caller a probe's window must end with to be taken as the capacity; fewer, and it is measured
    /// again over a window twice as long, at most <see cref="Attempts"/> windows in all.</summary>
    public const int MinimumCalls = 5;

    public const int Attempts = 3;

    private readonly Dictionary<string, CapacityProbe> _probes = new(StringComparer.Ordinal);

    /// <summary>The stack's capacity in requests per second, probed the first time it is asked for; null when the probe
    /// had no successful call (the failure then says so), since a ramp cannot step from nothing.</summary>
    public async Task<(double? Capacity, string? Failure)> CapacityAsync(HostSession session, PlannedEntry step, CancellationToken cancellationToken)
    {
        if (!_probes.TryGetValue(session.Stack, out var probe))
        {
            probe = await ProbeAsync(session, step, cancellationToken);
            if (cancellationToken.IsCancellationRequested)
            {
                // Not kept: a probe cut short is no capacity.
                return (null, "interrupted during the capacity probe");
            }
            _probes[session.Stack] = probe;
            context.Record.Overload = Info();
            await context.Results.WriteManifestAsync(context.Record.ToManifest(), CancellationToken.None);
        }
        return probe.CapacityRps > 0
            ? (probe.CapacityRps, null)
            : (null, $"the capacity probe had no successful call ({probe.Errors:N0} failed), so the overload ramp has no rate to step from");
    }

    private async Task<CapacityProbe> ProbeAsync(HostSession session, PlannedEntry step, CancellationToken cancellationToken)
    {
        context.Progress.Line($"{StackCatalog.DisplayName(session.Stack)}: capacity probe, {step.Variant.Threads} callers in a closed loop " +
            $"for {Window.TotalSeconds:N0} s after the warm-up");
        var load = plan.LoadFor(step, 1) with { Rate = null, Requests = null, Duration = Window, Threads = step.Variant.Threads };
        var result = await MeasureAsync(session, step.Variant with { OfCapacity = null }, load, cancellationToken);
        for (var attempt = 2; attempt <= Attempts && result.Requests < MinimumCalls * load.Threads && !cancellationToken.IsCancellationRequested; attempt++)
        {
            // A window in which only a few calls ended (a host still cold, or a machine busy with something else) says
            // little about capacity: the next window is twice as long, and the host is warm by then.
            load = load with { Warmup = TimeSpan.Zero, Duration = load.Duration * 2 };
            context.Progress.Line($"{StackCatalog.DisplayName(session.Stack)}: only {result.Requests:N0} calls ended in the probe's window; " +
                $"probing again for {load.Duration!.Value.TotalSeconds:N0} s");
            result = await MeasureAsync(session, step.Variant with { OfCapacity = null }, load, cancellationToken);
        }
        var capacity = result.ThroughputRps;
        context.Progress.Line($"{StackCatalog.DisplayName(session.Stack)}: capacity {capacity.ToString("N0", CultureInfo.InvariantCulture)} requests/s" +
            (result.Errors > 0 ? $" ({result.Errors:N0} calls failed)" : ""));
        return new CapacityProbe
        {
            Stack = session.Stack,
            Threads = step.Variant.Threads,
            CapacityRps = capacity,
            Requests = result.Requests,
            Errors = result.Errors,
            Seconds = result.DurationSeconds,
            Steps = capacity > 0
                ? [.. plan.Entries.Where(e => e.Stack == session.Stack && e.Variant.OfCapacity is not null).Select(e => new OverloadStepRate
                {
                    Variant = e.Variant.Name,
                    Percent = (int)Math.Round(e.Variant.OfCapacity!.Value * 100),
                    OfferedRps = OverloadStep.RateOf(capacity, e.Variant.OfCapacity.Value),
                })]
                : [],
        };
    }

    private static async Task<LatencyResult> MeasureAsync(HostSession session, Variant variant, LoadPlan load, CancellationToken cancellationToken)
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions());
        await LoadGenerator.RunAsync(session.Client, variant, load, recorder, cancellationToken);
        return await recorder.CompleteAsync(CancellationToken.None);
    }

    private OverloadInfo Info()
    {
        var steps = plan.Entries.Where(e => e.Variant.OfCapacity is not null).Select(e => e.Variant).DistinctBy(v => v.Name).ToList();
        var threads = steps.Count == 0 ? Scenario.DefaultThreads : steps[0].Threads;
        var senders = threads * OverloadStep.SendersPerCaller;
        var size = plan.Settings switch
        {
            { Duration: { } d } => $"each step {d.TotalSeconds / plan.Trials:0.##} s of scheduled requests per trial (--duration)",
            { Requests: { } n } => $"each step {RunPlan.Share(n, plan.Trials, 1):N0} requests per trial (--requests)",
            _ => $"each step {OverloadStep.DefaultSeconds.TotalSeconds / plan.Trials:0.##} s of scheduled requests per trial",
        };
        return new OverloadInfo
        {
            StepsPercent = [.. steps.Select(v => (int)Math.Round(v.OfCapacity!.Value * 100))],
            Senders = senders,
            Method = $"Each stack's capacity is its successful calls per second in a closed loop of {threads} callers over " +
                $"{Window.TotalSeconds:N0} s after its warm-up (again over twice as long, up to {Attempts} windows, while fewer than " +
                $"{MinimumCalls} calls per caller ended in one); each step then offers its share of that capacity in an open loop " +
                $"with at most {senders} calls in flight, {size}, after at most {OverloadStep.Warmup.TotalSeconds:N0} s of warm-up at " +
                "the step's rate. Every latency counts from its request's scheduled time (coordinated omission corrected, as wrk2 " +
                "does), and every scheduled request is waited for. The hosts' limits are their defaults; none was raised.",
            Probes = [.. _probes.Values],
        };
    }
}

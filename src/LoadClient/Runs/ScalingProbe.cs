using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// Whether the load client, rather than the stack, held an entry's throughput down although its CPUs were not busy: on a
/// 16-core machine one client process reached about 0.7 of wrk's ping throughput with a third of its CPUs idle, and the
/// busy-CPU flag could not see it. After the entry's last measured window the client runs twice the callers for a moment,
/// with the host's counters labelled apart; more callers that add no throughput while the host's own time per request
/// stays flat and its CPUs are not busy waited in the client.
/// </summary>
public static class ScalingProbe
{
    /// <summary>The check's shortest measured part and the warm-up before it: long enough for a throughput, short beside a run.</summary>
    public static readonly TimeSpan Window = TimeSpan.FromSeconds(1.5);

    /// <summary>The check's longest measured part: calls slower than this allows are not checked (see <see cref="WindowFor"/>).</summary>
    public static readonly TimeSpan LongestWindow = TimeSpan.FromSeconds(10);

    /// <summary>
    /// Completed calls a window needs before its throughput and the host's mean time per request mean anything: a
    /// window of multi-second calls that finished none read as "no throughput gained" and flagged worst-case's gRPC
    /// stream as client-bound (−100% with twice the callers).
    /// </summary>
    public const int MinimumCalls = 20;

    /// <summary>
    /// Calls each of the check's callers should complete in its window. Twice the callers start together, and at an
    /// unchanged throughput each call takes twice as long: in a window of one call's length they finish in one burst,
    /// and the throughput counted is the burst's, not the stack's (worst-case's gRPC stream: 20 callers, 4.7 s calls, a
    /// 4.7 s window of exactly 20 calls, "+0%", flagged client-bound).
    /// </summary>
    public const int CallsPerCaller = 3;

    public static readonly TimeSpan Warmup = TimeSpan.FromSeconds(0.5);

    /// <summary>A measured window shorter than this gives a throughput too noisy to compare the check's with: no check.</summary>
    public static readonly TimeSpan ShortestWindow = TimeSpan.FromSeconds(2);

    /// <summary>Twice the callers must add at least this much throughput, or they added none that counts.</summary>
    public const double MinimumGain = 1.10;

    /// <summary>The host's time per request "stayed flat" when it grew by less than this factor: it was not queueing.</summary>
    public const double FlatHost = 1.25;

    /// <summary>Above this share of its CPUs the host may itself be the limit, whatever its time per request says.</summary>
    public const double HostBusyPercent = 80;

    /// <summary>Saturated only when the check completed enough calls to say so: fewer is "not measured", never "no gain".</summary>
    public static bool IsSaturated(double baseRps, double probeRps, double baseServerMs, double probeServerMs, double? hostCpuPercent,
        long probeRequests) =>
        probeRequests >= MinimumCalls && probeRps < baseRps * MinimumGain && probeServerMs <= baseServerMs * FlatHost
        && hostCpuPercent is { } cpu && cpu < HostBusyPercent;

    /// <summary>
    /// The check's measured window: long enough that, at the entry's own throughput, the doubled callers complete
    /// <see cref="MinimumCalls"/> calls and each of them <see cref="CallsPerCaller"/>, at least <see cref="Window"/>; null
    /// when that would take longer than <see cref="LongestWindow"/>, so the check is not made.
    /// </summary>
    public static TimeSpan? WindowFor(double baseRps, int threads)
    {
        if (!(baseRps > 0))
        {
            return null;
        }

        var calls = Math.Max(MinimumCalls, CallsPerCaller * 2 * threads);
        var needed = TimeSpan.FromSeconds(calls / baseRps);
        return needed > LongestWindow ? null : needed > Window ? needed : Window;
    }

    /// <summary>Whether an entry gets the check: a closed loop of several callers whose host is read over EventPipe, and a
    /// measured window long enough to compare with.</summary>
    public static bool Applies(Variant variant, LoadPlan plan, LatencyResult result, CounterMonitor? monitor, BreakdownSummary? breakdown) =>
        OfKind(variant, plan, monitor, breakdown) && NotMeasuredBecause(variant, plan, result, monitor, breakdown) is null;

    /// <summary>
    /// Why an entry of the check's kind gets no check, as a clause the report groups entries by ("calls too slow for"); null
    /// when it gets one, or is not of its kind (an open loop, a mix, one caller, a host not read over EventPipe). The entry
    /// then keeps its throughput's rank: no check is no evidence.
    /// </summary>
    public static string? NotMeasuredBecause(Variant variant, LoadPlan plan, LatencyResult result, CounterMonitor? monitor,
        BreakdownSummary? breakdown)
    {
        if (!OfKind(variant, plan, monitor, breakdown))
        {
            return null;
        }
        if (result.DurationSeconds < ShortestWindow.TotalSeconds)
        {
            return $"measured windows shorter than the {ShortestWindow.TotalSeconds:0} s the check compares with";
        }
        if (result.Requests < MinimumCalls)
        {
            return $"fewer than {MinimumCalls} calls in a measured window";
        }
        return WindowFor(result.ThroughputRps, variant.Threads) is null
            ? $"calls too slow for twice the callers to complete {MinimumCalls} calls, {CallsPerCaller} each, within {LongestWindow.TotalSeconds:0} s"
            : null;
    }

    /// <summary>The reason given when the check ran but its host recorded no request in its window.</summary>
    public const string NoRequestSeen = "the host recorded no request during the check";

    private static bool OfKind(Variant variant, LoadPlan plan, CounterMonitor? monitor, BreakdownSummary? breakdown) =>
        plan.Rate is null && variant.Mix is null && variant.Threads >= 2 && monitor is not null && breakdown is not null;

    /// <summary>Runs the check; null when the host recorded no request in it (nothing to compare).</summary>
    public static async Task<ScalingCheck?> RunAsync(IGraphClient client, Variant variant, LoadPlan plan, LatencyResult measured,
        BreakdownSummary breakdown, CounterMonitor monitor, string label, TimeSpan settle, CancellationToken cancellationToken)
    {
        var probeLabel = $"{label}@scaling";
        monitor.SetVariant(probeLabel);
        await Task.Delay(settle, CancellationToken.None);
        LatencyResult probe;
        await using (var recorder = new LatencyRecorder(new LatencyRecorderOptions()))
        {
            var window = WindowFor(measured.ThroughputRps, variant.Threads) ?? LongestWindow;
            var doubled = plan with { Threads = variant.Threads * 2, Requests = null, Duration = window, Warmup = Warmup, MeasureFrom = null };
            await LoadGenerator.RunAsync(client, variant, doubled, recorder, cancellationToken);
            await Task.Delay(settle, CancellationToken.None);
            monitor.SetVariant(CounterMonitor.IdleVariant);
            probe = await recorder.CompleteAsync(CancellationToken.None);
        }
        if (probe.MeasureStartTimestamp is not { } from || probe.MeasureEndTimestamp is not { } to)
        {
            return null;
        }
        var timings = await monitor.TimingsUntilAsync(to);
        if (ServerTimingWindow.Summarize(timings, ServerTiming.Request, from, to) is not { } server)
        {
            return null;
        }
        var hostCpu = monitor.Summarize(probeLabel).MeanCpuPercent;
        return new ScalingCheck
        {
            Threads = variant.Threads * 2,
            ThroughputRps = probe.ThroughputRps,
            BaseThroughputRps = measured.ThroughputRps,
            ServerMeanMs = server.Mean,
            BaseServerMeanMs = breakdown.ServerMs.Mean,
            HostCpuPercent = hostCpu,
            Requests = probe.Requests,
            Saturated = IsSaturated(measured.ThroughputRps, probe.ThroughputRps, breakdown.ServerMs.Mean, server.Mean, hostCpu, probe.Requests),
        };
    }
}

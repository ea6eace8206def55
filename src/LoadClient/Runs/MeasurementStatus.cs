using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>What the live status line says of a variant being measured: done / planned requests or seconds, requests
/// per second, p99 so far.</summary>
public static class MeasurementStatus
{
    public static IDisposable Track(this RunProgress progress, string stack, string variant, LoadPlan plan, LatencyRecorder recorder)
    {
        var label = $"{StackCatalog.DisplayName(stack)}{(variant.Length == 0 ? "" : " " + variant)}";
        string Done(LatencySnapshot s) => plan.Requests is { } requests
            ? $"{s.Requests:N0} done of {requests:N0}"
            : $"{s.Requests:N0} done, {s.MeasuredTime.TotalSeconds:N0} of {plan.Duration!.Value.TotalSeconds:N0} s";
        string Describe(LatencySnapshot s) =>
            $"  {label}: {s.Phase.ToString().ToLowerInvariant()}, {Done(s)}, " +
            $"{s.RequestsPerSecond:N0} req/s, p99 {(s.P99Ms is { } p99 ? $"{p99:N1} ms" : "-")}, {s.Errors:N0} errors";

        return progress.Track(() => Describe(recorder.Snapshot));
    }
}

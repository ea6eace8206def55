namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The live progress of a recorder, refreshed every snapshot interval and published as one immutable object, so any
/// thread can read it for free.
/// </summary>
/// <param name="Phase">Where the run is.</param>
/// <param name="MeasuredTime">Time spent in the measured window so far.</param>
/// <param name="Requests">Successful calls in the measured window so far.</param>
/// <param name="Errors">Failed calls in the measured window so far.</param>
/// <param name="WarmUpRequests">Successful calls during warm-up.</param>
/// <param name="RequestsPerSecond">Successful calls (warm-up or measured) per second over the last interval.</param>
/// <param name="P99Ms">99th percentile of the measured window so far; null before the first latency.</param>
/// <param name="IntervalP99Ms">99th percentile of the last interval; null if it recorded nothing.</param>
public sealed record LatencySnapshot(
    MeasurementPhase Phase,
    TimeSpan MeasuredTime,
    long Requests,
    long Errors,
    long WarmUpRequests,
    double RequestsPerSecond,
    double? P99Ms,
    double? IntervalP99Ms)
{
    /// <summary>The snapshot before anything happened.</summary>
    public static LatencySnapshot Empty { get; } = new(MeasurementPhase.WarmUp, TimeSpan.Zero, 0, 0, 0, 0, null, null);
}

namespace RpcCompare.LoadClient.Measurement;

/// <summary>Which of a host's timings a <see cref="ServerTimingReading"/> describes.</summary>
public enum ServerTiming
{
    /// <summary>Whole requests, first byte in to last byte out (ASP.NET Core's http.server.request.duration, or the NetTcp
    /// host's own).</summary>
    Request,

    /// <summary>Time in the query service: the database round trips and reading the rows.</summary>
    Query,

    /// <summary>A streamed answer's time to its first batch.</summary>
    FirstBatch,

    /// <summary>Per answered request, the time the host's writes were blocked on the transport because the client had
    /// not read yet (0 when none was).</summary>
    WriteWait,
}

/// <summary>
/// One interval of one host timing as the "System.Diagnostics.Metrics" event source publishes it: how many values were
/// recorded, their sum and three quantiles, in seconds. Quantiles are null when the interval recorded nothing.
/// </summary>
/// <param name="Timestamp">When the host published it (a Stopwatch timestamp, the end of the interval).</param>
/// <param name="IntervalSeconds">The interval it covers.</param>
/// <param name="Instrument">The instrument it came from (http.server.request.duration, rpccompare.server.*).</param>
public sealed record ServerTimingReading(
    long Timestamp,
    double IntervalSeconds,
    ServerTiming Timing,
    string Instrument,
    long Count,
    double SumSeconds,
    double? P50Seconds,
    double? P95Seconds,
    double? P99Seconds);

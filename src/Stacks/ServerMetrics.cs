using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace RpcCompare.Stacks;

/// <summary>
/// Where every host's time goes, as System.Diagnostics.Metrics histograms (seconds, no tags, so a recording allocates
/// nothing): the hosts record, the load client reads them over EventPipe through the runtime's
/// "System.Diagnostics.Metrics" event source, as dotnet-counters does. The HTTP hosts' server time is ASP.NET Core's own
/// <see cref="AspNetCoreRequestDuration"/>; the NetTcp host, which has no such framework meter, records
/// <see cref="RequestDuration"/> itself.
/// </summary>
public static class ServerMetrics
{
    /// <summary>The project's one meter.</summary>
    public const string MeterName = "RpcCompare.Server";

    /// <summary>Seconds a call spent in the query service: opening the connection, the round trips and reading the rows
    /// (the time between rows a host spends serializing them is left out). Zero for ping, which has no database.</summary>
    public const string QueryDurationName = "rpccompare.server.query.duration";

    /// <summary>Seconds from the request's first byte read to its reply's last byte written (the NetTcp host).</summary>
    public const string RequestDurationName = "rpccompare.server.request.duration";

    /// <summary>Seconds from the handler's start to the first batch of a streamed answer handed to the transport.</summary>
    public const string FirstBatchDurationName = "rpccompare.server.first_batch.duration";

    /// <summary>Seconds a request's writes spent blocked on the transport (the peer's HTTP/2 window or the socket's buffers
    /// full because the client had not read yet); recorded once per answered graph request, 0 when no write waited.</summary>
    public const string WriteWaitDurationName = "rpccompare.server.write_wait.duration";

    /// <summary>ASP.NET Core's request duration (meter and instrument), request start to response completed.</summary>
    public const string AspNetCoreMeterName = "Microsoft.AspNetCore.Hosting";
    public const string AspNetCoreRequestDuration = "http.server.request.duration";

    private static readonly Meter Meter = new(MeterName);

    private static readonly Histogram<double> QueryDuration = Meter.CreateHistogram<double>(
        QueryDurationName, "s", "Time a call spent in the query service (database round trips and reading rows).");

    private static readonly Histogram<double> RequestDuration = Meter.CreateHistogram<double>(
        RequestDurationName, "s", "Time from a request's first byte read to its reply's last byte written.");

    private static readonly Histogram<double> FirstBatchDuration = Meter.CreateHistogram<double>(
        FirstBatchDurationName, "s", "Time from a streaming handler's start to its first batch handed to the transport.");

    private static readonly Histogram<double> WriteWaitDuration = Meter.CreateHistogram<double>(
        WriteWaitDurationName, "s", "Per request, the time the host's writes spent blocked on the transport.");

    /// <summary>Records <paramref name="ticks"/> Stopwatch ticks spent in the query service.</summary>
    public static void RecordQuery(long ticks) => QueryDuration.Record(Seconds(ticks));

    /// <summary>Records the time since <paramref name="startTimestamp"/> (a Stopwatch timestamp) as a whole request.</summary>
    public static void RecordRequest(long startTimestamp) => RequestDuration.Record(Since(startTimestamp));

    /// <summary>Records the time since <paramref name="startTimestamp"/> as the time to a stream's first batch.</summary>
    public static void RecordFirstBatch(long startTimestamp) => FirstBatchDuration.Record(Since(startTimestamp));

    /// <summary>Records <paramref name="ticks"/> Stopwatch ticks a request's writes waited for the transport.</summary>
    public static void RecordWriteWait(long ticks) => WriteWaitDuration.Record(Seconds(ticks));

    /// <summary>
    /// Whether a request is one the load client counts as an answered graph call: not failed (status below 400) and not a
    /// health probe. The load client applies it to ASP.NET Core's request duration series (by their tags), the HTTP hosts
    /// to the write waits they record, so both count the same requests.
    /// </summary>
    public static bool IsAnsweredGraphCall(int? statusCode, string? route) =>
        statusCode is not >= 400 && route?.Contains("health", StringComparison.OrdinalIgnoreCase) != true;

    private static double Since(long startTimestamp) => Seconds(Stopwatch.GetTimestamp() - startTimestamp);

    private static double Seconds(long ticks) => Math.Max(0, ticks) / (double)Stopwatch.Frequency;
}

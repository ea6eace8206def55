using System.Globalization;
using Microsoft.Diagnostics.Tracing;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// Reads the host timings out of the runtime's "System.Diagnostics.Metrics" event source (HistogramValuePublished, as
/// dotnet-counters reads it): which timing, the interval's count and sum, and its p50/p95/p99.
/// </summary>
internal static class MetricsPayload
{
    public const string Provider = "System.Diagnostics.Metrics";

    /// <summary>The event source's TimeSeriesValues keyword.</summary>
    public const long TimeSeriesValuesKeyword = 0x2;

    /// <summary>The instruments the session asks for: the project's meter (every instrument on it, the write wait
    /// included) and ASP.NET Core's request duration.</summary>
    public static string Filter { get; } =
        $"{ServerMetrics.MeterName};{ServerMetrics.AspNetCoreMeterName}\\{ServerMetrics.AspNetCoreRequestDuration}";

    public static bool TryRead(TraceEvent traceEvent, string sessionId, long timestamp, double intervalSeconds,
        out ServerTimingReading reading)
    {
        reading = null!;
        if (traceEvent.ProviderName != Provider || traceEvent.EventName != "HistogramValuePublished"
            || traceEvent.PayloadByName("sessionId") as string != sessionId)
        {
            return false;
        }
        var instrument = traceEvent.PayloadByName("instrumentName") as string ?? "";
        var timing = TimingOf(traceEvent.PayloadByName("meterName") as string, instrument, traceEvent.PayloadByName("tags") as string ?? "");
        if (timing is null)
        {
            return false;
        }
        long count = traceEvent.PayloadByName("count") is int c ? c : 0;
        double sum = traceEvent.PayloadByName("sum") is double s ? s : 0;
        var quantiles = ParseQuantiles(traceEvent.PayloadByName("quantiles") as string ?? "");
        reading = new ServerTimingReading(timestamp, intervalSeconds, timing.Value, instrument, count, sum,
            quantiles.GetValueOrDefault(0.5), quantiles.GetValueOrDefault(0.95), quantiles.GetValueOrDefault(0.99));
        return true;
    }

    /// <summary>
    /// Which timing an instrument's series is; null for one not used. ASP.NET Core's series are per route and status: the
    /// health probes and failed requests are left out, as the client's latencies leave out failed calls.
    /// </summary>
    internal static ServerTiming? TimingOf(string? meter, string? instrument, string tags) => (meter, instrument) switch
    {
        (ServerMetrics.MeterName, ServerMetrics.QueryDurationName) => ServerTiming.Query,
        (ServerMetrics.MeterName, ServerMetrics.RequestDurationName) => ServerTiming.Request,
        (ServerMetrics.MeterName, ServerMetrics.FirstBatchDurationName) => ServerTiming.FirstBatch,
        (ServerMetrics.MeterName, ServerMetrics.WriteWaitDurationName) => ServerTiming.WriteWait,
        (ServerMetrics.AspNetCoreMeterName, ServerMetrics.AspNetCoreRequestDuration) when IsAnsweredGraphCall(tags) => ServerTiming.Request,
        _ => null,
    };

    private static bool IsAnsweredGraphCall(string tags)
    {
        int? status = null;
        string? route = null;
        foreach (var tag in tags.Split(',', StringSplitOptions.RemoveEmptyEntries))
        {
            var separator = tag.IndexOf('=', StringComparison.Ordinal);
            if (separator < 0)
            {
                continue;
            }
            var (key, value) = (tag[..separator], tag[(separator + 1)..]);
            if (key == "http.response.status_code")
            {
                if (!int.TryParse(value, CultureInfo.InvariantCulture, out var parsed))
                {
                    return false;
                }
                status = parsed;
            }
            else if (key == "http.route")
            {
                route = value;
            }
        }
        return ServerMetrics.IsAnsweredGraphCall(status, route);
    }

    /// <summary>"0.5=0.012;0.95=0.3;0.99=0.41" (the host writes it in its culture: the hosts run invariant).</summary>
    internal static Dictionary<double, double> ParseQuantiles(string text)
    {
        var result = new Dictionary<double, double>();
        foreach (var pair in text.Split(';', StringSplitOptions.RemoveEmptyEntries))
        {
            var separator = pair.IndexOf('=', StringComparison.Ordinal);
            if (separator > 0
                && double.TryParse(pair.AsSpan(0, separator), NumberStyles.Float, CultureInfo.InvariantCulture, out var quantile)
                && double.TryParse(pair.AsSpan(separator + 1), NumberStyles.Float, CultureInfo.InvariantCulture, out var value)
                && double.IsFinite(value))
            {
                result[quantile] = value;
            }
        }
        return result;
    }
}

using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// A per-request figure the reports chart as bars, described once: its id, title, axis, how it is read off an entry, how a
/// value is written, the chart's caption and the figure's explanation. `report` and `compare` both draw from these.
/// </summary>
internal sealed record CostMetric(
    string Id, string Title, string AxisLabel, Func<SummaryEntry, double?> Select, Func<double, string> Format, string Caption, string Explanation)
{
    public IChart Chart(ChartSet charts, string titleSuffix, IReadOnlyList<string> categories, IReadOnlyList<BarSeries> series) =>
        ChartFactory.Bars(charts.NewId(Id), Title + titleSuffix, Caption, AxisLabel, categories, series, Format);
}

internal static class CostMetrics
{
    private const string OnTheClientsConnections =
        "Counted on the client's connections: protocol headers and framing included, TCP/IP headers not.";

    public static readonly CostMetric RequestBytes = new("bytes-request", "Request bytes per request (client \u2192 server)",
        "bytes per request", s => s.BytesSentPerRequest, Bytes, OnTheClientsConnections,
        "Bytes the client sent per successful request, including protocol framing; n/a where the server's socket counters were unavailable.");

    public static readonly CostMetric ResponseBytes = new("bytes-response", "Response bytes per request (server \u2192 client)",
        "bytes per request", s => s.BytesReceivedPerRequest, Bytes, OnTheClientsConnections,
        "Bytes the server sent back per successful request, including protocol framing.");

    public static readonly CostMetric ServerCpu = new("server-cpu", "Server CPU", "CPU (% of the host's CPUs)",
        s => s.Server?.CpuPercent, OneDecimal, "Mean over the measured window, as a share of the CPUs the host may use.",
        "Mean CPU use of each server process while it was measured; 100% means every core busy.");

    public static readonly CostMetric ServerAllocations = new("server-allocations", "Server allocations per request",
        "bytes allocated per request", s => s.Server?.AllocatedBytesPerRequest, Bytes, "Managed bytes allocated by the server per successful request.",
        "Garbage-collected allocations of each server process divided by its successful requests.");

    public static IReadOnlyList<CostMetric> Wire { get; } = [RequestBytes, ResponseBytes];

    public static IReadOnlyList<CostMetric> Server { get; } = [ServerCpu, ServerAllocations];

    private static string Bytes(double v) => Formats.Whole(v);

    private static string OneDecimal(double v) => Formats.OneDecimal(v);
}

using System.Globalization;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;
using Spectre.Console;

namespace RpcCompare.LoadClient.Terminal;

/// <summary>The run's results as a table in the terminal, and one line per finished variant while it runs.</summary>
public static class ConsoleSummary
{
    public static string Describe(SummaryEntry e)
    {
        var name = $"{StackCatalog.DisplayName(e.Stack)}{(e.Variant.Length == 0 ? "" : " " + e.Variant)}";
        if (e.LatencyMs is not { } l)
        {
            return $"  {name}: {e.Status}{(e.StatusReason is null ? "" : " - " + e.StatusReason)}";
        }
        return $"  {name}: {e.Requests:N0} requests in {e.DurationSeconds:N1} s ({e.ThroughputRps:N0}/s), " +
            $"p50 {l.P50:N2} ms, p99 {l.P99:N2} ms, max {l.Max:N1} ms, {e.Errors:N0} errors" +
            (e.Status == ResultsFormat.EntryStatus.Ok ? "" : $" [{e.Status}]") + ClientBound(e);
    }

    /// <summary>Said on every line where it holds: the figure is the client's limit, not the stack's.</summary>
    public static string ClientBound(SummaryEntry e) => e.Client?.BoundBecause is { } because
        ? $"; client-bound ({because}): the throughput is a lower bound for {StackCatalog.DisplayName(e.Stack)}"
        : "";

    public static void Print(IReadOnlyList<SummaryEntry> entries)
    {
        var table = new Table().Border(TableBorder.Simple)
            .Title("Results (latency in ms; bytes, CPU and memory of the server; client: how busy its own CPUs were)")
            .AddColumns("stack", "variant", "status", "n", "err", "req/s", "p50", "p90", "p99", "p99.9", "max",
                "req B", "resp B", "CPU %", "alloc B", "WS MB", "client %", "calls");
        foreach (var e in entries)
        {
            var l = e.LatencyMs;
            table.AddRow(StackCatalog.DisplayName(e.Stack), e.Variant, e.Status, $"{e.Requests:N0}", $"{e.Errors:N0}",
                (e.Client?.ClientBound == true ? ">=" : "") + $"{e.ThroughputRps:N1}", Ms(l?.P50), Ms(l?.P90), Ms(l?.P99), Ms(l?.P999), Ms(l?.Max),
                Number(e.BytesSentPerRequest), Number(e.BytesReceivedPerRequest), Number(e.Server?.CpuPercent, "N1"),
                Number(e.Server?.AllocatedBytesPerRequest), Number(e.Server?.PeakWorkingSetMb, "N0"),
                Number(e.Client?.BusyPercent, "N0") + (e.Client?.ClientBound == true ? " bound" : ""), $"{e.CallsPerUnit:0.#}");
        }
        AnsiConsole.Write(table);
        if (entries.Any(e => e.Client?.ClientBound == true))
        {
            AnsiConsole.WriteLine("\">=\" marks a client-bound entry: the load client kept its CPUs at least " +
                $"{ResultsFormat.Limits.ClientBoundPercent:N0}% busy, or twice the callers added no throughput while the host was not " +
                "the limit, so the stack may be faster than that figure; do not rank stacks on it.");
        }
    }

    private static string Ms(double? value) => value is { } v ? v < 10 ? $"{v:N3}" : $"{v:N1}" : "-";

    private static string Number(double? value, string format = "N0") => value is { } v ? v.ToString(format, CultureInfo.CurrentCulture) : "-";
}

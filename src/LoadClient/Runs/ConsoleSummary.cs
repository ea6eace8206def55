using RpcCompare.LoadClient.Hosts;
using RpcCompare.Reports.Results;
using Spectre.Console;

namespace RpcCompare.LoadClient.Runs;

/// <summary>The run's results as a table in the terminal, and one line per finished variant while it runs.</summary>
public static class ConsoleSummary
{
    public static string Describe(SummaryEntry e)
    {
        var name = $"{Stacks.DisplayName(e.Stack)}{(e.Variant.Length == 0 ? "" : " " + e.Variant)}";
        if (e.LatencyMs is not { } l)
        {
            return $"  {name}: {e.Status}{(e.StatusReason is null ? "" : " - " + e.StatusReason)}";
        }
        return $"  {name}: {e.Requests:N0} requests in {e.DurationSeconds:N1} s ({e.ThroughputRps:N0}/s), " +
            $"p50 {l.P50:N2} ms, p99 {l.P99:N2} ms, max {l.Max:N1} ms, {e.Errors:N0} errors" +
            (e.Status == ResultsFormat.EntryStatus.Ok ? "" : $" [{e.Status}]");
    }

    public static void Print(IReadOnlyList<SummaryEntry> entries)
    {
        var table = new Table().Border(TableBorder.Simple).Title("Results (latency in ms; bytes, CPU and memory of the server)")
            .AddColumns("stack", "variant", "status", "n", "err", "req/s", "p50", "p90", "p99", "p99.9", "max",
                "req B", "resp B", "CPU %", "alloc B", "WS MB", "calls");
        foreach (var e in entries)
        {
            var l = e.LatencyMs;
            table.AddRow(Stacks.DisplayName(e.Stack), e.Variant, e.Status, $"{e.Requests:N0}", $"{e.Errors:N0}",
                $"{e.ThroughputRps:N1}", Ms(l?.P50), Ms(l?.P90), Ms(l?.P99), Ms(l?.P999), Ms(l?.Max),
                Number(e.BytesSentPerRequest), Number(e.BytesReceivedPerRequest), Number(e.Server?.CpuPercent, "N1"),
                Number(e.Server?.AllocatedBytesPerRequest), Number(e.Server?.PeakWorkingSetMb, "N0"), $"{e.CallsPerUnit:0.#}");
        }
        AnsiConsole.Write(table);
    }

    private static string Ms(double? value) => value is { } v ? v < 10 ? $"{v:N3}" : $"{v:N1}" : "-";

    private static string Number(double? value, string format = "N0") => value is { } v ? v.ToString(format) : "-";
}

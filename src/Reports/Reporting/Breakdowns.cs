using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// Where each entry's latency went (summary.json's breakdown): the table, the stacked bars and the sentences of the
/// report's "Where the time goes" section, and the part of a comparison that says where a difference lies.
/// </summary>
internal static class Breakdowns
{
    public const string DatabaseColor = "#999999";
    public const string ServerColor = "#E69F00";
    public const string WireColor = "#56B4E9";

    public const string HowTo =
        "The hosts time every request themselves (System.Diagnostics.Metrics, read over EventPipe for the measured window only): " +
        "the database part is the time spent in the shared query service (PostgreSQL round trips and reading the rows), the stack's " +
        "own server part is the server's request time minus that, and the wire and client part is what the client measured beyond " +
        "the server's time (transfer, the client library, deserialization). Each quantile is split on its own distributions, so the " +
        "p99 parts are those of the slowest calls of each kind, not of one call.";

    public static IEnumerable<EntryStats> WithBreakdown(IEnumerable<EntryStats> entries) =>
        entries.Where(e => e.Summary.Breakdown is not null);

    /// <summary>"Of gRPC's 3.2 s median, PostgreSQL took 1.3 s, the gRPC server 0.4 s, and the wire and client 1.5 s."</summary>
    public static string? Sentence(EntryStats entry)
    {
        if (entry.Summary.Breakdown is not { } breakdown)
        {
            return null;
        }

        var p50 = breakdown.P50;
        var unit = DurationText.UnitFor(p50.Client);
        var own = p50.Client > 0 ? (p50.StackServer + p50.WireAndClient) / p50.Client : 0;
        var server = StackCatalog.DisplayName(entry.Stack);
        return p50.Database > 0
            ? $"Of {entry.DisplayName}'s {DurationText.Format(p50.Client, unit)} median, PostgreSQL took {DurationText.Format(p50.Database, unit)}, " +
              $"the {server} server {DurationText.Format(p50.StackServer, unit)}, and the wire and client " +
              $"{DurationText.Format(p50.WireAndClient, unit)}: {Formats.Percent(Math.Round(own * 100))} of it is the stack's own."
            : $"Of {entry.DisplayName}'s {DurationText.Format(p50.Client, unit)} median (no database), the {server} server took " +
              $"{DurationText.Format(p50.StackServer, unit)} and the wire and client {DurationText.Format(p50.WireAndClient, unit)}.";
    }

    /// <summary>Where the median difference between two entries lies, part by part; null unless both have a breakdown.</summary>
    public static string? DifferenceSentence(EntryStats a, EntryStats b, string nameA, string nameB)
    {
        if (a.Summary.Breakdown?.P50 is not { } x || b.Summary.Breakdown?.P50 is not { } y)
        {
            return null;
        }

        var total = x.Client - y.Client;
        var database = x.Database - y.Database;
        var own = total - database;
        var unit = DurationText.UnitFor(Math.Max(Math.Abs(total), Math.Max(Math.Abs(database), Math.Abs(own))));
        var where = Math.Abs(database) > Math.Abs(own) ? "mostly in the database part" : "mostly in the stacks' own part";
        return $"Where the median difference lies ({nameA} minus {nameB}, {Signed(total, unit)}): {Signed(database, unit)} in the database part, " +
               $"{Signed(x.StackServer - y.StackServer, unit)} in the server's own time and {Signed(x.WireAndClient - y.WireAndClient, unit)} " +
               $"on the wire and in the client, so {where}.";
    }

    public static HtmlTable Table(IEnumerable<EntryStats> entries)
    {
        var table = new HtmlTable(
            new Cell("Stack", true), new Cell("Variant", true),
            "p50 client (ms)", "p50 database (ms)", "p50 stack server (ms)", "p50 wire and client (ms)",
            "p99 client (ms)", "p99 database (ms)", "p99 stack server (ms)", "p99 wire and client (ms)",
            "Stream first batch p50 (ms)", new Cell("Server time from", true));
        foreach (var e in WithBreakdown(entries))
        {
            var b = e.Summary.Breakdown!;
            table.Row(
            [
                new(StackCatalog.DisplayName(e.Stack), true),
                new(e.Variant.Length == 0 ? Formats.Dash : e.Variant, true),
                Formats.Ms(b.P50.Client), Formats.Ms(b.P50.Database), Formats.Ms(b.P50.StackServer), Formats.Ms(b.P50.WireAndClient),
                Formats.Ms(b.P99.Client), Formats.Ms(b.P99.Database), Formats.Ms(b.P99.StackServer), Formats.Ms(b.P99.WireAndClient),
                Formats.Ms(b.FirstBatchMs?.P50),
                new(b.ServerSource, true),
            ]);
        }

        return table;
    }

    /// <summary>One stacked bar per entry at the median: database, the stack's own server time, wire and client.</summary>
    public static BarChart Chart(string id, string scenario, IReadOnlyList<EntryStats> entries)
    {
        var parts = entries.Select(e => e.Summary.Breakdown!.P50).ToList();
        var unit = DurationText.UnitFor(parts.Max(p => p.Client));
        List<double?> Values(Func<LatencySplit, double> part) => [.. parts.Select(p => (double?)DurationText.InUnit(part(p), unit))];
        return new BarChart
        {
            Id = id,
            Title = $"Where the median {scenario} request's time goes",
            Subtitle = "Client-observed median split by the hosts' own timings.",
            Y = new Axis($"median latency ({unit})"),
            // Two lines per bar: eight "GraphQL (10-threads)" labels side by side would run into each other.
            Categories = [.. entries.Select(e => e.Variant.Length == 0 ? StackCatalog.DisplayName(e.Stack) : $"{StackCatalog.DisplayName(e.Stack)}\n{e.Variant}")],
            Series =
            [
                new BarSeries("database (query service)", DatabaseColor, Values(p => p.Database)),
                new BarSeries("stack's own server time", ServerColor, Values(p => p.StackServer)),
                new BarSeries("wire and client", WireColor, Values(p => p.WireAndClient)),
            ],
            ValueText = DurationText.Number,
            Stacked = true,
        };
    }

    private static string Signed(double milliseconds, string unit) =>
        (milliseconds > 0 ? "+" : "") + DurationText.Format(milliseconds, unit);
}

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
    public const string WaitingColor = "#CC79A7";
    public const string WireColor = "#56B4E9";

    public const string HowTo =
        "The hosts time every request themselves (System.Diagnostics.Metrics, read over EventPipe for the measured window only), " +
        "and the load client times its own decoding. Measured on the host: the database part (time in the shared query service: " +
        "PostgreSQL round trips and reading the rows) and the waiting for the client to read (time the host's writes were blocked " +
        "on the transport: HTTP/2 flow control or full socket buffers). Derived: the server's own work (the host's request time " +
        "minus those two) and after the server (what the client measured beyond the host's request: the transfer after its last " +
        "write, the client library, decoding that did not overlap). The four add up to the client's latency. Measured on the client, " +
        "beside them: decode (turning the answer's bytes into objects) and receive (the answer's first byte to its last); a client " +
        "that decodes while the server still writes overlaps the server's waiting. Each quantile is split on its own distributions, " +
        "so the p99 parts are those of the slowest calls of each kind, not of one call.";

    public static IEnumerable<EntryStats> WithBreakdown(IEnumerable<EntryStats> entries) =>
        entries.Where(e => e.Summary.Breakdown is not null);

    /// <summary>
    /// "Of gRPC (stream)'s 3.5 s median, PostgreSQL took 0.36 s, the gRPC server's own work 0.4 s, the server waited 2.6 s
    /// for the client to read, and 0.1 s passed after its last write; the client decoded for 1.9 s (measured), at least
    /// 1.8 s of it while the server was still writing."
    /// </summary>
    public static string? Sentence(EntryStats entry)
    {
        if (entry.Summary.Breakdown is not { } breakdown)
        {
            return null;
        }

        var p50 = breakdown.P50;
        var unit = DurationText.UnitFor(p50.Client);
        string F(double value) => DurationText.Format(value, unit);
        var server = StackCatalog.DisplayName(entry.Stack);
        var waiting = p50.WaitingForClient is { } wait ? $", the server waited {F(wait)} for the client to read" : "";
        var after = $"{F(p50.AfterServer)} passed after its last write";
        var decode = p50.ClientDecode is not { } decoded ? ""
            : decoded > p50.AfterServer && p50.WaitingForClient > 0
                ? $"; the client decoded for {F(decoded)} (measured), at least {F(decoded - p50.AfterServer)} of it while the server was still writing"
                : $"; the client decoded for {F(decoded)} of it (measured)";
        if (p50.Database <= 0)
        {
            return $"Of {entry.DisplayName}'s {F(p50.Client)} median (no database), the {server} server's own work took {F(p50.ServerWork)}" +
                   $"{waiting}, and {after}{decode}.";
        }
        var own = p50.Client > 0 ? (p50.Client - p50.Database) / p50.Client : 0;
        return $"Of {entry.DisplayName}'s {F(p50.Client)} median, PostgreSQL took {F(p50.Database)}, the {server} server's own work " +
               $"{F(p50.ServerWork)}{waiting}, and {after}{decode}: {Formats.Percent(Math.Round(Math.Max(0, own) * 100))} of it is the stack's own.";
    }

    /// <summary>Where the median difference between two entries lies, part by part; null unless both have a breakdown.</summary>
    public static string? DifferenceSentence(EntryStats a, EntryStats b, string nameA, string nameB)
    {
        if (a.Summary.Breakdown?.P50 is not { } x || b.Summary.Breakdown?.P50 is not { } y)
        {
            return null;
        }

        var total = x.Client - y.Client;
        (string Where, double Delta)[] parts =
        [
            ("in the database part", x.Database - y.Database),
            ("in the server's own work", x.ServerWork - y.ServerWork),
            ("in the server's waiting for the client to read", (x.WaitingForClient ?? 0) - (y.WaitingForClient ?? 0)),
            ("after the server's last write (the wire and the client)", x.AfterServer - y.AfterServer),
        ];
        var unit = DurationText.UnitFor(Math.Max(Math.Abs(total), parts.Max(p => Math.Abs(p.Delta))));
        var largest = parts.MaxBy(p => Math.Abs(p.Delta));
        var decode = x.ClientDecode is { } dx && y.ClientDecode is { } dy
            ? $"; the clients' measured decoding differs by {Signed(dx - dy, unit)}"
            : "";
        return $"Where the median difference lies ({nameA} minus {nameB}, {Signed(total, unit)}): " +
               string.Join(", ", parts.Select(p => $"{Signed(p.Delta, unit)} {p.Where}")) +
               $"{decode}; so mostly {largest.Where}.";
    }

    public static HtmlTable Table(IEnumerable<EntryStats> entries)
    {
        var table = new HtmlTable(
            new Cell("Stack", true), new Cell("Variant", true),
            "p50 client (ms)", "p50 database (ms)", "p50 server work (ms)", "p50 waiting for client (ms)", "p50 after server (ms)",
            "p50 client decode (ms)", "p50 client receive (ms)",
            "p99 client (ms)", "p99 database (ms)", "p99 server work (ms)", "p99 waiting for client (ms)", "p99 after server (ms)",
            "p99 client decode (ms)", "Stream first batch p50 (ms)", new Cell("Server time from", true));
        foreach (var e in WithBreakdown(entries))
        {
            var b = e.Summary.Breakdown!;
            table.Row(
            [
                new(StackCatalog.DisplayName(e.Stack), true),
                new(e.Variant.Length == 0 ? Formats.Dash : e.Variant, true),
                Formats.Ms(b.P50.Client), Formats.Ms(b.P50.Database), Formats.Ms(b.P50.ServerWork), Formats.Ms(b.P50.WaitingForClient),
                Formats.Ms(b.P50.AfterServer), Formats.Ms(b.P50.ClientDecode), Formats.Ms(b.P50.ClientReceive),
                Formats.Ms(b.P99.Client), Formats.Ms(b.P99.Database), Formats.Ms(b.P99.ServerWork), Formats.Ms(b.P99.WaitingForClient),
                Formats.Ms(b.P99.AfterServer), Formats.Ms(b.P99.ClientDecode),
                Formats.Ms(b.FirstBatchMs?.P50),
                new(b.ServerSource, true),
            ]);
        }

        return table;
    }

    /// <summary>One stacked bar per entry at the median: database, server work, waiting for the client, after the server.</summary>
    public static BarChart Chart(string id, string scenario, IReadOnlyList<EntryStats> entries)
    {
        var parts = entries.Select(e => e.Summary.Breakdown!.P50).ToList();
        var unit = DurationText.UnitFor(parts.Max(p => p.Client));
        List<double?> Values(Func<LatencySplit, double> part) => [.. parts.Select(p => (double?)DurationText.InUnit(part(p), unit))];
        return new BarChart
        {
            Id = id,
            Title = $"Where the median {scenario} request's time goes",
            Subtitle = "Client-observed median split by the hosts' own timings; the client's decoding, measured apart, is in the table.",
            Y = new Axis($"median latency ({unit})"),
            // Two lines per bar: eight "GraphQL (10-threads)" labels side by side would run into each other.
            Categories = [.. entries.Select(e => e.Variant.Length == 0 ? StackCatalog.DisplayName(e.Stack) : $"{StackCatalog.DisplayName(e.Stack)}\n{e.Variant}")],
            Series =
            [
                new BarSeries("database (query service)", DatabaseColor, Values(p => p.Database)),
                new BarSeries("server's own work", ServerColor, Values(p => p.ServerWork)),
                new BarSeries("server waiting for the client to read", WaitingColor, Values(p => p.WaitingForClient ?? 0)),
                new BarSeries("after the server's last write (wire and client)", WireColor, Values(p => p.AfterServer)),
            ],
            ValueText = DurationText.Number,
            Stacked = true,
        };
    }

    private static string Signed(double milliseconds, string unit) =>
        (milliseconds > 0 ? "+" : "") + DurationText.Format(milliseconds, unit);
}

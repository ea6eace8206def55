using System.Text.RegularExpressions;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

public class ReportWriterTests
{
    private static readonly ReportOptions NoPng = new() { Png = new PngOptions { Enabled = false } };

    [Fact]
    public async Task SameResultsGiveByteIdenticalReports()
    {
        using var temp = new TempFolder();
        var entries = SyntheticResults.FourStacks(300).Append(new SyntheticEntry("grpc", "stream", 300, 6.5)).ToList();
        await SyntheticResults.CreateAsync(temp.Combine("run"), entries);

        var first = await ReportWriter.WriteAsync(temp.Combine("run"), new ReportOptions { OutputFolder = temp.Combine("one") }, CancellationToken.None);
        var second = await ReportWriter.WriteAsync(temp.Combine("run"), new ReportOptions { OutputFolder = temp.Combine("two") }, CancellationToken.None);

        Assert.Equal(first.Files.Select(f => Path.GetRelativePath(temp.Combine("one"), f)), second.Files.Select(f => Path.GetRelativePath(temp.Combine("two"), f)));
        foreach (var (one, two) in first.Files.Zip(second.Files))
        {
            var bytesOne = await File.ReadAllBytesAsync(one);
            var bytesTwo = await File.ReadAllBytesAsync(two);
            Assert.True(bytesOne.SequenceEqual(bytesTwo), $"{Path.GetFileName(one)} differs between two runs");
        }
    }

    [Fact]
    public async Task ReportWritesHtmlMarkdownAndOnePngPerChart()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(200));

        var output = await ReportWriter.WriteAsync(temp.Path, new ReportOptions(), CancellationToken.None);

        var html = await File.ReadAllTextAsync(temp.Combine("report.html"));
        var chartIds = Regex.Matches(html, "<svg [^>]*class=\"chart\" id=\"([^\"]+)\"").Select(m => m.Groups[1].Value).ToList();
        Assert.Equal(
            ["ecdf", "histogram", "over-time", "delta-grpc", "delta-rest", "delta-graphql", "memory-working-set", "memory-gc-heap", "bytes-request", "bytes-response", "server-cpu", "server-allocations"],
            chartIds);
        Assert.Equal(
            [temp.Combine("report.html"), temp.Combine("summary.md"), .. chartIds.Select(id => temp.Combine("charts", $"{id}.png"))],
            output.Files);
        Assert.Empty(output.Notices);
        Assert.All(chartIds, id => Assert.True(PngPixels.Decode(File.ReadAllBytes(temp.Combine("charts", $"{id}.png"))).InkShare() > 0.02));
    }

    [Fact]
    public async Task LatencyOverTimeComesFromTheIntervalLogsOneLinePairPerStack()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new("grpc", "", 120, 8.0), new("wcf", "", 120, 11.0) { WithIntervals = false }]);

        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);
        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var grpc = run.Entries.Single(e => e.Stack == "grpc").OverTime;
        Assert.Equal([0.5, 1.5, 2.5, 3.5, 4.5, 5.5], grpc.Select(s => s.Second));
        Assert.Equal(120, grpc.Sum(s => s.Requests));
        Assert.All(grpc, s => Assert.True(s.P50Ms <= s.P99Ms));
        Assert.Empty(run.Entries.Single(e => e.Stack == "wcf").OverTime);
        var html = await File.ReadAllTextAsync(temp.Combine("report.html"));
        Assert.Contains("id=\"over-time\"", html);
        Assert.Contains(">gRPC p99<", html);
        Assert.DoesNotContain(">WCF p99<", html);
    }

    [Fact]
    public async Task AnIntervalLogThatIsNoLogIsNamedNotThrown()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new("grpc", "", 50, 8.0)]);
        await File.WriteAllTextAsync(temp.Combine(ResultFileNames.IntervalLog("grpc", "")), "#[StartTime: 1 (seconds since epoch)]\nnot,a,histogram,!!!\n");

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None));

        Assert.Contains("intervals-grpc.hlog", error.Message);
        Assert.Contains("not an HdrHistogram interval log", error.Message);
    }

    [Fact]
    public async Task SummaryHoldsTheTableAndTheStakeholderSentences()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(400));

        var markdown = await ReportTextAsync(temp, "summary.md");
        Assert.Contains("| Stack | Variant | Status | Threads | Requests (n) | Errors | Throughput (req/s) | p50 (ms) | p90 (ms) | p99 (ms) | p99.9 (ms) | Max (ms) |", markdown);
        Assert.Contains("| gRPC | \u2014 | ok | 10 | 400 | 0 | 66.7 |", markdown);
        Assert.Contains("## Compared with WCF", markdown);
        Assert.Matches("- (Across the whole distribution|From the [0-9a-z]+ percentile up|Up to the)[^\\n]*, gRPC answers at least [0-9.]+ (\u00b5s|ms) sooner than WCF \\(95% simultaneous band [0-9.]+\u2013[0-9.]+ (\u00b5s|ms)\\)\\.", markdown);
        Assert.Contains("GraphQL answers at least", markdown);
        Assert.Contains("simultaneous 95% percentile-bootstrap band (2,000 resamples per group", markdown);
        Assert.Contains("PNG export was turned off", markdown);
    }

    [Fact]
    public async Task AStreamsDecodingOverlapsTheServersWaiting()
    {
        using var temp = new TempFolder();
        var entries = SyntheticResults.FourStacks(400).Select(e => e with { Breakdown = (0.1, 0.9), Overlap = (0.7, 0.6) });
        await SyntheticResults.CreateAsync(temp.Path, [.. entries]);

        var markdown = await ReportTextAsync(temp, "summary.md");
        Assert.Matches(
            "- Of gRPC's [0-9.]+ ms median, PostgreSQL took [0-9.]+ ms, the gRPC server's own work [0-9.]+ ms, the server waited [0-9.]+ ms " +
            "for the client to read, and [0-9.]+ ms passed after its last write; the client decoded for [0-9.]+ ms \\(measured\\), " +
            "at least [0-9.]+ ms of it while the server was still writing: 90% of it is the stack's own\\.", markdown);
        Assert.Matches("in the server's waiting for the client to read, .* after the server's last write \\(the wire and the client\\); " +
                       "the clients' measured decoding differs by", markdown);
    }

    [Fact]
    public async Task TheBreakdownIsReportedPerEntry()
    {
        using var temp = new TempFolder();
        var entries = SyntheticResults.FourStacks(400).Select(e => e with { Breakdown = (0.5, 0.75) });
        await SyntheticResults.CreateAsync(temp.Path, [.. entries]);

        var markdown = await ReportTextAsync(temp, "summary.md");
        Assert.Contains("## Where the time goes", markdown);
        Assert.Matches("- Of gRPC's [0-9.]+ ms median, PostgreSQL took [0-9.]+ ms, the gRPC server's own work [0-9.]+ ms, and [0-9.]+ ms passed after its last write: 50% of it is the stack's own\\.", markdown);
        Assert.Contains("| Stack | Variant | p50 client (ms) | p50 database (ms) | p50 server work (ms) | p50 waiting for client (ms) | p50 after server (ms) |", markdown);
        Assert.Matches("Where the median difference lies \\(gRPC minus WCF, -[0-9.]+ ms\\): -[0-9.]+ ms in the database part", markdown);
        var html = await File.ReadAllTextAsync(temp.Combine("report.html"));
        Assert.Contains("id=\"breakdown\"", html);
        Assert.Contains("breakdown-table", html);
    }

    [Fact]
    public async Task TheVerdictComesFirst()
    {
        using var temp = new TempFolder();
        var entries = SyntheticResults.FourStacks(400).Select(e => e.Stack == "rest"
            ? e with { ClientBusyPercent = 97.4, BytesReceived = 10_500 } : e with { ClientBusyPercent = 41 });
        await SyntheticResults.CreateAsync(temp.Path, [.. entries]);

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.True(markdown.IndexOf("**Verdict: worst-case, no TLS**", StringComparison.Ordinal) < markdown.IndexOf("| Stack | Variant | Status", StringComparison.Ordinal));
        Assert.Matches("\\| fastest at the median \\| gRPC \\| answers the median worst-case request [0-9.]+ ms \\([0-9.]+%\\) sooner than REST \\(95% CI [0-9.]+–[0-9.]+ ms; " +
            "one trial: the interval covers only the noise within this run, not between runs\\) \\|", markdown);
        // Four stacks: how far behind the last one is, as a ratio of medians (GraphQL's 14 ms against gRPC's 8 ms).
        Assert.Matches("\\| slowest at the median \\| GraphQL \\| [0-9.]+ ms at the median against [0-9.]+ ms for gRPC \\(1\\.[5-9]× the time\\) \\|", markdown);
        Assert.Contains("| fewest bytes per request | equivalent |", markdown);
        Assert.Contains("not ranked, client-bound: REST", markdown);
        Assert.Contains(output.Verdict, line => line.StartsWith("Verdict: worst-case, no TLS: fastest at the median: gRPC, answers", StringComparison.Ordinal));
        var html = await File.ReadAllTextAsync(temp.Combine("report.html"));
        Assert.True(html.IndexOf("id=\"verdict\"", StringComparison.Ordinal) < html.IndexOf("id=\"summary\"", StringComparison.Ordinal));
    }

    [Fact]
    public async Task AReportWithoutHostTimingsHasNoBreakdownSection()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(400));

        Assert.DoesNotContain("Where the time goes", await ReportTextAsync(temp, "summary.md"));
    }

    [Fact]
    public async Task AStreamVariantAbsentByDesignIsExplained()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path,
        [
            new("grpc", "", 400, 3), new("grpc", "stream", 400, 2), new("wcf", "", 400, 3), new("wcf-http", "", 400, 4),
        ]);

        Assert.Contains("No stream variant for WCF, WCF HTTP: the contract it serves has no server-streaming operation",
            await ReportTextAsync(temp, "summary.md"));
    }

    [Fact]
    public async Task AnEntryTheScalingCheckCouldNotJudgeIsSaidNotMeasuredAndKeepsItsRank()
    {
        using var temp = new TempFolder();
        const string tooSlow = "calls too slow for twice the callers to complete 20 calls, 3 each, within 10 s";
        var entries = SyntheticResults.FourStacks(400).Select(e => e.Stack is "grpc" or "rest" ? e with { ScalingNotMeasured = tooSlow } : e);
        await SyntheticResults.CreateAsync(temp.Path, [.. entries]);

        var markdown = await ReportTextAsync(temp, "summary.md");
        Assert.Contains("The scaling check (twice the callers for a moment) was not measured for gRPC, REST: calls too slow for twice the " +
            "callers to complete 20 calls, 3 each, within 10 s. Whether the load client held them back is not known, and their throughputs keep " +
            "their ranks.", markdown);
        Assert.Contains("| REST | \u2014 | ok | 10 | 400 | 0 | 66.7 |", markdown);
        Assert.DoesNotContain("client-bound", markdown);
    }

    [Fact]
    public async Task AClientBoundEntryIsShownAsALowerBound()
    {
        using var temp = new TempFolder();
        var entries = SyntheticResults.FourStacks(400).Select(e => e.Stack == "rest" ? e with { ClientBusyPercent = 97.4 } : e with { ClientBusyPercent = 41 });
        await SyntheticResults.CreateAsync(temp.Path, [.. entries]);

        var markdown = await ReportTextAsync(temp, "summary.md");
        Assert.Contains("| REST | \u2014 | ok | 10 | 400 | 0 | \u2265 66.7 |", markdown);
        Assert.Contains("| gRPC | \u2014 | ok | 10 | 400 | 0 | 66.7 |", markdown);
        Assert.Contains("REST was client-bound: the load client kept its 1 CPU 97% busy, so 66.7 req/s is a lower bound", markdown);
        Assert.DoesNotContain("gRPC was client-bound", markdown);
        var html = await File.ReadAllTextAsync(temp.Combine("report.html"));
        Assert.Contains("97 (client-bound)", html);
    }

    [Fact]
    public async Task AStackWithNoSuccessIsNeverShownAsZeroMilliseconds()
    {
        using var temp = new TempFolder();
        var entries = SyntheticResults.FourStacks(200).Take(3)
            .Append(new SyntheticEntry("graphql", "", 0, 1) { Status = ResultsFormat.EntryStatus.Failed, StatusReason = "server refused connections", Errors = 7 })
            .ToList();
        await SyntheticResults.CreateAsync(temp.Path, entries);

        var html = await ReportTextAsync(temp, "report.html");
        var row = Regex.Match(html, "<tr class=\"not-ok\"><td class=\"text\">GraphQL</td>.*?</tr>").Value;
        Assert.Contains("<td class=\"none\" colspan=\"5\">no successful requests</td>", row);
        Assert.DoesNotContain(">0.000<", row);
        Assert.Contains("failed: server refused connections", row);
        Assert.Contains("GraphQL had no successful requests, so GraphQL cannot be compared with WCF.", html);
        Assert.Contains("GraphQL had no successful requests (errors: 7 (refused 7)); it appears in no latency chart.", html);
        Assert.DoesNotContain("id=\"delta-graphql\"", html);
        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.Contains("| GraphQL | \u2014 | failed: server refused connections | 10 | 0 | 7 (refused 7) | 0.0 | no successful requests | \u2014 | \u2014 | \u2014 | \u2014 |", markdown);
    }

    [Fact]
    public async Task InterruptedRunIsReportedUnderABanner()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(100), status: ResultsFormat.RunStatus.Interrupted);

        var html = await ReportTextAsync(temp, "report.html");
        Assert.Contains("<div class=\"banner banner-interrupted\" role=\"alert\">This run was interrupted and is incomplete. Reason: Ctrl+C pressed during graphql.", html);
        Assert.Contains("id=\"delta-grpc\"", html);
        Assert.StartsWith("# RpcCompare report: worst-case, no TLS\n\n> **INTERRUPTED:** This run was interrupted", await File.ReadAllTextAsync(temp.Combine("summary.md")));
    }

    [Fact]
    public async Task RunThatStoppedBeforeItsSummaryStillGetsAReport()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(10), status: ResultsFormat.RunStatus.Failed, writeSummary: false);

        var html = await ReportTextAsync(temp, "report.html");
        Assert.Contains("banner-failed", html);
        Assert.Contains("It stopped before writing summary.json, so there are no per-stack results.", html);
        Assert.Contains("No stack has results in this run.", html);
        Assert.Contains("id=\"manifest-table\"", html);
    }

    [Fact]
    public async Task TheBaselineIsWcfUnlessChosen()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(100));

        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);
        var byDefault = await File.ReadAllTextAsync(temp.Combine("report.html"));
        await ReportWriter.WriteAsync(temp.Path, NoPng with { Baseline = "grpc" }, CancellationToken.None);
        var chosen = await File.ReadAllTextAsync(temp.Combine("report.html"));

        Assert.Contains("<h2 id=\"findings\">Compared with WCF</h2>", byDefault);
        Assert.Contains("<h2 id=\"findings\">Compared with gRPC</h2>", chosen);
        Assert.Contains("id=\"delta-wcf\"", chosen);
        Assert.Contains(">faster than gRPC</text>", chosen);
    }

    [Fact]
    public async Task BaselineThatIsNotInTheRunIsRefused()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(30));

        var error = await Assert.ThrowsAsync<ReportInputException>(() => ReportWriter.WriteAsync(temp.Path, NoPng with { Baseline = "soap" }, CancellationToken.None));

        Assert.Equal("The baseline stack 'soap' is not in this run; its stacks are: grpc, wcf, rest, graphql.", error.Message);
    }

    [Fact]
    public async Task HtmlIsSelfContainedUnderAPolicyThatForbidsNetworkLoads()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(30));

        var html = await ReportTextAsync(temp, "report.html");
        Assert.Matches("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:;", html);
        Assert.DoesNotMatch("(?i)<(script|link|img|iframe|object|embed)\\b", html);
        Assert.DoesNotMatch("(?i)\\s(src|href)=", html);
        Assert.DoesNotContain(" style=", html);
        Assert.DoesNotContain(Regex.Matches(html, "https?://[^\"]+").Select(m => m.Value), url => url != "http://www.w3.org/2000/svg");
    }

    [Fact]
    public async Task DamagedInputReachesTheCallerAsAReportInputException()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(30));
        await File.WriteAllTextAsync(temp.Combine("summary.json"), "{\"formatVersion\": 1, \"scen");

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None));

        Assert.IsAssignableFrom<ReportInputException>(error);
        Assert.StartsWith($"{temp.Combine("summary.json")}: the file is not valid JSON", error.Message);
    }

    [Fact]
    public async Task LargeSamplesUseTypeSevenQuantiles()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new SyntheticEntry("grpc", "", 60_000, 8), new SyntheticEntry("wcf", "", 60_000, 9)]);

        var markdown = await ReportTextAsync(temp, "summary.md");
        Assert.Contains("Across the whole distribution (1st to 99.9th percentile), gRPC answers at least", markdown);
    }

    [Fact]
    public async Task ConstantLatenciesStillGiveAReadableReport()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new SyntheticEntry("grpc", "", 100, 8, Spread: 0), new SyntheticEntry("wcf", "", 100, 8, Spread: 0)]);

        var html = await ReportTextAsync(temp, "report.html");
        Assert.DoesNotContain("NaN", html);
        Assert.DoesNotContain("Infinity", html);
        Assert.Contains("gRPC and WCF are indistinguishable (the band includes zero everywhere).", html);
        Assert.Contains("id=\"delta-grpc\"", html);
    }

    [Fact]
    public async Task TooFewRequestsForABandAreSaidPlainly()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new SyntheticEntry("grpc", "", 5, 8), new SyntheticEntry("wcf", "", 100, 9), new SyntheticEntry("rest", "", 1, 9)]);

        var markdown = await ReportTextAsync(temp, "summary.md");
        Assert.Contains("- Too few successful requests to compare gRPC (n = 5) with WCF (n = 100); each needs at least 20.", markdown);
        Assert.Contains("- Too few successful requests to compare REST (n = 1) with WCF (n = 100); each needs at least 20.", markdown);
        Assert.Contains("| REST | \u2014 | ok | 10 | 1 |", markdown);
    }

    [Fact]
    public async Task CancelledReportStopsWithoutWritingAnything()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(30));
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => ReportWriter.WriteAsync(temp.Path, NoPng, cancelled.Token));

        Assert.False(File.Exists(temp.Combine("report.html")));
    }

    /// <summary>Writes the report of the run in <paramref name="temp"/> (no PNGs) and returns one of its pages.</summary>
    private static async Task<string> ReportTextAsync(TempFolder temp, string page)
    {
        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);
        return await File.ReadAllTextAsync(temp.Combine(page));
    }
}

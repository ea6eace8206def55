using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using RpcCompare.Reports;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Reporting;

public class TrialReportTests
{
    private static readonly ReportOptions NoPng = new() { Png = new PngOptions { Enabled = false } };

    /// <summary>Within a trial the calls hardly vary (log-sd 0.02); between trials the medians do, and not in step.</summary>
    private static readonly double[] DriftGrpc = [10, 12, 9, 13, 11], DriftRest = [11.5, 10, 13, 9, 12];

    [Fact]
    public async Task TrialsThatDriftAreInconclusive()
    {
        using var temp = new TempFolder();
        await SyntheticResults.TwoStacksByTrialAsync(temp.Path, DriftGrpc, DriftRest);

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var median = Assert.Single(output.Verdict, line => line.Contains("fastest at the median", StringComparison.Ordinal));
        Assert.Matches("fastest at the median: inconclusive, gRPC and REST cannot be told apart at the median and are not shown equivalent " +
                       "within \u00b15%: the 95% interval at the median includes zero, and the 95% CI of the difference \u2212[0-9.]+\u2013[0-9.]+ ms reaches beyond " +
                       "\u00b10\\.[0-9]+ ms, over 5 trials; gRPC faster in [0-9] of 5 trials; even 100 trials at this spread would not decide it$", median);
        Assert.Contains("over 5 trials; gRPC faster in ", median);

        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);
        var analysis = RunAnalysis.Create(run, new BootstrapSettings());
        var (grpc, rest) = (analysis.Entries.Single(e => e.Stack == "grpc"), analysis.Entries.Single(e => e.Stack == "rest"));
        var trials = analysis.Shift(grpc, rest, CancellationToken.None)!;
        var pooled = QuantileShiftAnalysis.Compute(grpc.Sample!, rest.Sample!, [0.5], new BootstrapSettings(), CancellationToken.None);
        var at = trials.Probabilities.ToList().IndexOf(0.5);
        Assert.True(trials.Lower[at] < 0 && trials.Upper[at] > 0, $"the band across trials, {trials.Lower[at]} to {trials.Upper[at]} ms, should include zero");
        Assert.True(pooled.Upper[0] < 0, $"the pooled band, {pooled.Lower[0]} to {pooled.Upper[0]} ms, should claim gRPC is faster");
        Assert.Equal(5, trials.Trials.Differences.Count);
    }

    [Fact]
    public async Task ConsistentTrialsKeepTheirVerdict()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path,
        [
            new SyntheticEntry("grpc", "", 400, 10, 0.2) { TrialMedians = [10, 10, 10, 10, 10] },
            new SyntheticEntry("rest", "", 400, 12, 0.2) { TrialMedians = [12, 12, 12, 12, 12] },
        ]);

        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.Matches(
            "\\| fastest at the median \\| gRPC \\| answers the median worst-case request [0-9.]+ ms \\([0-9.]+%\\) sooner than REST \\(95% CI [0-9.]+–[0-9.]+ ms, over 5 trials; faster in 5 of 5 trials\\) \\|",
            markdown);
        Assert.DoesNotContain("one trial", markdown);
        Assert.Contains("The band rests on 5 trials, paired by trial", markdown);
        Assert.Contains("two-level bootstrap (Kalibera and Jones 2013)", markdown);
        // 400 requests a trial leave 4 calls beyond the p99 in each, and the 2,000 of the run 20: enough for a band there.
        Assert.Matches("\\| fastest at the p99 \\| gRPC \\| .*over 5 trials; faster in 5 of 5 trials\\) \\|", markdown);
    }

    [Fact]
    public async Task ADifferenceTheTrialsDoNotShowIsInconclusive()
    {
        // gRPC is 1.75 ms slower in half the trials and 0.25 ms faster in the other half: 0.75 ms on average, but over six
        // trials the Student-t interval of the mean difference (REST − gRPC, about −1.9 to +0.4 ms) still includes zero.
        var markdown = await AlternatingGapAsync(trials: 6);

        Assert.Matches(
            "\\| fastest at the median \\| inconclusive \\| REST and gRPC cannot be told apart at the median and are not shown equivalent within " +
            "±5%: (the 95% interval at the median includes zero|the 6 trials' differences do not exclude zero), and the 95% CI of the " +
            "difference −1\\.[0-9]+–0\\.[0-9]+ ms reaches beyond ±0\\.5[0-9]* ms, over 6 trials; REST faster in 3 of 6 trials; about 1[12] trials " +
            "at this spread would decide it \\|",
            markdown);
    }

    [Fact]
    public async Task TheSameDifferenceOverTwentyTrialsIsDecided()
    {
        // The pattern above repeated over 20 trials: the interval of the mean difference (about −1.23 to −0.27 ms) excludes zero.
        Assert.Matches("\\| fastest at the median \\| REST \\| .*over 20 trials; faster in 10 of 20 trials\\) \\|",
            await AlternatingGapAsync(trials: 20));
    }

    [Fact]
    public async Task ARunThatLookedTwiceNeedsTheWiderIntervalOfEachLook()
    {
        // Over 12 trials the mean difference's 95% interval (about −1.41 to −0.09 ms) excludes zero; the 97.5% interval
        // of each of an auto run's two looks (about −1.53 to +0.03 ms) does not.
        Assert.Matches("\\| fastest at the median \\| REST \\| .*over 12 trials; faster in 6 of 12 trials\\) \\|", await AlternatingGapAsync(trials: 12));

        var auto = await AlternatingGapAsync(trials: 12, auto: true);

        Assert.Matches(
            "\\| fastest at the median \\| inconclusive \\| REST and gRPC cannot be told apart at the median .*the 12 trials' differences do not " +
            "exclude zero, and the 97\\.5% CI of the difference −1\\.5[0-9]*–0\\.0[0-9]* ms reaches beyond ±0\\.5[0-9]* ms, over 12 trials",
            auto);
        Assert.Contains("read its headline comparisons twice", auto);
        Assert.Contains("is at 97.5%, so that both together call a stack faster that is not at most 5% of the time (Bonferroni)", auto);
    }

    /// <summary>gRPC 1.75 ms slower than REST in odd trials and 0.25 ms faster in even ones: the summary.md of that run
    /// (<paramref name="auto"/>: of a --trials auto run).</summary>
    private static async Task<string> AlternatingGapAsync(int trials, bool auto = false)
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path,
        [
            new SyntheticEntry("grpc", "", 300, 10, 0.02) { TrialMedians = [.. Enumerable.Range(0, trials).Select(i => i % 2 == 0 ? 11.75 : 9.75)] },
            new SyntheticEntry("rest", "", 300, 10, 0.02) { TrialMedians = [.. Enumerable.Repeat(10.0, trials)] },
        ]);
        if (auto)
        {
            var path = temp.Combine(ResultFileNames.Manifest);
            var manifest = JsonNode.Parse(await File.ReadAllTextAsync(path))!;
            manifest["trials"]!["auto"] = true;
            await File.WriteAllTextAsync(path, manifest.ToJsonString());
        }
        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);
        return await File.ReadAllTextAsync(temp.Combine("summary.md"));
    }

    [Fact]
    public async Task SteadyTrialsWithinTheMarginAreEquivalent()
    {
        // Per-trial differences of at most 0.1 ms on 10 ms: far inside ±5% (0.5 ms of REST's 10.01 ms, the mean of its
        // trials' medians), and smaller than their own spread.
        using var temp = new TempFolder();
        await SyntheticResults.TwoStacksByTrialAsync(temp.Path, [10, 10.1, 9.9, 10, 10], [10.05, 10, 10, 10.05, 9.95]);

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var median = Assert.Single(output.Verdict, line => line.Contains("fastest at the median", StringComparison.Ordinal));
        Assert.Matches("fastest at the median: equivalent, (gRPC and REST|REST and gRPC) are equivalent within \u00b15% \\((50[01] \u00b5s|0\\.5 ms)\\) at the median: " +
                       "the 95% CI of the difference \u2212?[0-9.]+\u2013\u2212?[0-9.]+ (\u00b5s|ms) lies inside it, over 5 trials", median);
    }

    [Fact]
    public async Task TheTablesQuantilesAreTheMeanOfTheTrials()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new SyntheticEntry("grpc", "", 300, 5) { TrialMedians = [12, 4, 5] }]);

        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);
        var grpc = RunAnalysis.Create(run, new BootstrapSettings()).Entries.Single();

        var perTrial = grpc.TrialSamples.Select(s => Quantiles.Estimate(s!, 0.5)).ToList();
        Assert.Equal(3, perTrial.Count);
        Assert.Equal(perTrial.Average(), grpc.Percentile(0.5), 12);
        Assert.NotEqual(Quantiles.Estimate(grpc.Sample!, 0.5), grpc.Percentile(0.5), 3);
    }

    [Fact]
    public async Task AWiderMarginMakesTheDriftEquivalent()
    {
        using var temp = new TempFolder();
        await SyntheticResults.TwoStacksByTrialAsync(temp.Path, DriftGrpc, DriftRest);

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng with { Bootstrap = new BootstrapSettings { EquivalenceMargin = 0.5 } },
            CancellationToken.None);

        Assert.Contains(output.Verdict, line => line.Contains("fastest at the median: equivalent, gRPC and REST are equivalent within \u00b150%", StringComparison.Ordinal));
        Assert.Contains("equivalent within \u00b150% of the slower-looking stack's figure", await File.ReadAllTextAsync(temp.Combine("summary.md")));
    }

    [Fact]
    public async Task ThreeStacksGetAnAnswerForEveryPair()
    {
        static SyntheticEntry Steady(string stack, double median) =>
            new(stack, "", 400, median, 0.1) { TrialMedians = [.. Enumerable.Repeat(median, 5)] };
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [Steady("grpc", 10), Steady("rest", 12), Steady("graphql", 20)]);

        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var rows = (await File.ReadAllTextAsync(temp.Combine("summary.md"))).Split('\n');
        Assert.Contains("| Pair | Median | p99 |", rows);
        Assert.Single(rows, r => r.StartsWith("| gRPC vs REST | gRPC faster by ", StringComparison.Ordinal));
        Assert.Single(rows, r => r.StartsWith("| gRPC vs GraphQL | gRPC faster by ", StringComparison.Ordinal));
        Assert.Single(rows, r => r.StartsWith("| REST vs GraphQL | REST faster by ", StringComparison.Ordinal));
    }

    [Fact]
    public async Task AFigureBetterInEveryTrialNamesItsWinner()
    {
        var line = await VerdictLineAsync("| fewest bytes",
            new SyntheticEntry("grpc", "", 100, 10, 0.2) { TrialMedians = [10, 11, 12] },
            new SyntheticEntry("rest", "", 100, 12, 0.2) { TrialMedians = [12, 12, 12], BytesReceived = 10_500 });

        Assert.Equal(
            "| fewest bytes per request | gRPC | 5,380 B against 11 kB for REST (2.0× less; less in 3 of 3 trials, 95% CI 5,300 B–5,300 B of the saving) |",
            line);
    }

    [Fact]
    public async Task AFigureAheadOnlyOnAverageIsInconclusive()
    {
        // gRPC serves 75, 30 and 75 req/s against REST's steady 33.3: 1.5 times as much overall, but behind in one trial of three.
        var line = await VerdictLineAsync("| highest throughput",
            new SyntheticEntry("grpc", "", 300, 12, 0.2) { TrialMedians = [8, 20, 8] },
            new SyntheticEntry("rest", "", 200, 12, 0.2) { TrialMedians = [12, 12, 12] });

        Assert.Equal(
            "| highest throughput | inconclusive | gRPC 50.0 req/s against 33.3 for REST, gRPC higher in 2 of 3 trials, 95% CI \u22123.3 req/s–41.7 req/s " +
            "of the gain: not ahead beyond its interval (it includes zero), nor shown equivalent within \u00b15% over 3 trials |",
            line);
    }

    [Fact]
    public async Task AFigureAheadInEveryTrialButWithinTheTrialsSpreadIsInconclusive()
    {
        // gRPC serves about 116.7, 116.7 and 77.8 req/s against REST's steady 75: ahead in every trial, so the bootstrap of
        // three trials excludes zero, but one trial is almost level and the t-interval of three trials is wide.
        var line = await VerdictLineAsync("| highest throughput",
            new SyntheticEntry("grpc", "", 600, 12, 0.2) { TrialMedians = [5, 5, 7.5] },
            new SyntheticEntry("rest", "", 450, 12, 0.2) { TrialMedians = [12, 12, 12] });

        Assert.StartsWith("| highest throughput | inconclusive | gRPC 100.0 req/s against 75.0 for REST, gRPC higher in 3 of 3 trials, 95% CI ", line, StringComparison.Ordinal);
        Assert.EndsWith(" of the gain: not ahead beyond the trials' spread (the 95% t-interval of the difference includes zero), nor shown " +
            "equivalent within \u00b15% over 3 trials |", line, StringComparison.Ordinal);
    }

    /// <summary>The verdict line of summary.md that starts with <paramref name="start"/>, for a run of these two entries.</summary>
    private static async Task<string> VerdictLineAsync(string start, SyntheticEntry first, SyntheticEntry second)
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [first, second]);
        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);
        return (await File.ReadAllTextAsync(temp.Combine("summary.md"))).Split('\n').Single(l => l.StartsWith(start, StringComparison.Ordinal));
    }

    [Fact]
    public async Task TheTrialsSectionShowsEachTrial()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path,
        [
            new SyntheticEntry("grpc", "", 200, 10, 0.1) { TrialMedians = [10, 11, 12] },
            new SyntheticEntry("wcf", "", 200, 12, 0.1) { TrialMedians = [12, 12, 12] },
        ]);

        var output = await ReportWriter.WriteAsync(temp.Path, new ReportOptions(), CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.Contains("## Trials", markdown);
        Assert.Contains("3 trials (trial seed 1), each measuring every stack and variant once in an order of its own; the hosts stayed up between trials.", markdown);
        Assert.Contains("| Stack | Variant | Trials | p50 by trial (ms) | p50 spread (ms) | p99 by trial (ms) | p99 spread (ms) | Throughput by trial (req/s) | Throughput spread (req/s) |", markdown);
        Assert.Matches("\\| gRPC \\| — \\| 3 \\| 1[0-9]\\.[0-9] / 1[0-9]\\.[0-9] / 1[0-9]\\.[0-9] \\| [0-9.]+ \\([0-9.]+%\\) \\|", markdown);
        Assert.Contains("[Latency by trial](charts/trials.png)", markdown);
        var html = await File.ReadAllTextAsync(temp.Combine("report.html"));
        Assert.Contains("<td class=\"text\">trials</td><td class=\"text\">3, trial seed 1</td>", html);
        Assert.Contains("<td class=\"text\">trial 2 order</td><td class=\"text\">wcf, grpc</td>", html);
        Assert.Contains("<h2 id=\"trials\">Trials</h2>", html);
        Assert.Contains("id=\"trials-table\"", html);
        Assert.Contains("class=\"chart\" id=\"trials\"", html);
        // Dots leave most of the plot blank: a share of ink well below the line charts', but more than axes and text alone.
        var png = PngPixels.Decode(await File.ReadAllBytesAsync(temp.Combine("charts", "trials.png")));
        Assert.True(png.InkShare() > 0.01, $"ink share {png.InkShare()}");
        Assert.True(png.ColourCount() > 20);
        Assert.Contains(temp.Combine("charts", "trials.png"), output.Files);
    }

    [Fact]
    public async Task ATrialMeasuredBeforeSteadinessIsNamed()
    {
        using var temp = new TempFolder();
        WarmUpInfo Steady(double seconds) => new() { Seconds = seconds, Steady = true, Intervals = 6, Truncation = 0, Drift = 0.02, UntilSteady = true };
        await SyntheticResults.CreateAsync(temp.Path,
        [
            new SyntheticEntry("grpc", "", 200, 10, 0.1)
            {
                TrialMedians = [14, 11, 10],
                WarmUps = [new WarmUpInfo { Seconds = 10, Steady = false, Intervals = 20, Truncation = 10, Drift = 0.14, UntilSteady = true }, Steady(3), Steady(3.5)],
            },
            new SyntheticEntry("wcf", "", 200, 12, 0.1) { TrialMedians = [12, 12, 12], WarmUps = [Steady(4), Steady(3), Steady(3)] },
        ]);

        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.Contains("> **NOT STEADY:** gRPC (trial 1: 10.0 s of warm-up, still drifting 14%). These trials began measuring", markdown);
        Assert.Contains("| 10.0 (not steady) / 3.0 / 3.5 |", markdown);
        Assert.Contains("| 4.0 / 3.0 / 3.0 |", markdown);
        Assert.Contains("class=\"banner banner-unsteady\" role=\"alert\">Not steady: gRPC (trial 1", await File.ReadAllTextAsync(temp.Combine("report.html")));
    }

    [Fact]
    public async Task ATrialTheHypervisorSpoiledIsNamedAndLeftOutOfTheComparisons()
    {
        using var temp = new TempFolder();
        MachineNoise Quiet(double busy) => new() { BusyPercent = busy, StealPercent = 0.2 };
        await SyntheticResults.CreateAsync(temp.Path,
        [
            new SyntheticEntry("grpc", "", 200, 10, 0.1) { TrialMedians = [10, 11, 10], Machines = [Quiet(60), new() { BusyPercent = 95, StealPercent = 12.5 }, Quiet(62)] },
            new SyntheticEntry("wcf", "", 200, 12, 0.1) { TrialMedians = [12, 12, 12], Machines = [Quiet(58), Quiet(61), Quiet(64)] },
        ]);

        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.Contains("The machine during the measured windows: CPU steal 0.2%\u201312.5% per trial and entry, all CPUs busy 58%\u201395% " +
            "(every process, ours included). Spoiled by the machine (steal of 5% or more): gRPC trial 2 (12.5% steal); their figures say as " +
            "much about the neighbours as about the stacks, so the comparisons over trials leave them out (with their pair) while 2 clean " +
            "trials or more remain.", markdown);
        Assert.Contains("Left out: trial 2 of both, spoiled by the machine (a CPU steal of 12.5% in gRPC's window).", markdown);
    }

    [Fact]
    public async Task ATrialOnASlowerMachineIsNamed()
    {
        using var temp = new TempFolder();
        MachineNoise Loop(double micros) => new() { BusyPercent = 96, StealPercent = 0, CpuLoopMicroseconds = micros };
        await SyntheticResults.CreateAsync(temp.Path,
        [
            new SyntheticEntry("grpc", "", 200, 10, 0.1) { TrialMedians = [10, 13, 10], Machines = [Loop(179), Loop(240), Loop(180)] },
            new SyntheticEntry("wcf", "", 200, 12, 0.1) { TrialMedians = [12, 12, 12], Machines = [Loop(178), Loop(181), Loop(179)] },
        ]);

        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        Assert.Contains("A fixed loop of integer work took 178\u2013240 µs of the client's own CPU time as the windows ended (median 180 µs; " +
            "it grows when the machine's CPU is slower, not when it is busier). Measured on a slower machine (the loop 10% or more " +
            "over the median): gRPC trial 2 (+33.7%); their figures say as much about the machine as about the stacks.",
            await File.ReadAllTextAsync(temp.Combine("summary.md")));
    }

    [Fact]
    public async Task ATrialWithSlowerMemoryIsNamed()
    {
        // The integer loop stays flat while the memory walk grows: a neighbour on the shared cache, which the loop does not feel.
        MachineNoise Walk(double micros) => new() { BusyPercent = 96, StealPercent = 0, CpuLoopMicroseconds = 180, MemoryWalkMicroseconds = micros };

        var markdown = await SummaryOfAsync(
            new SyntheticEntry("grpc", "", 200, 10, 0.1) { TrialMedians = [10, 10, 13], Machines = [Walk(15_000), Walk(18_700), Walk(20_000)] },
            new SyntheticEntry("wcf", "", 200, 12, 0.1) { TrialMedians = [12, 12, 12], Machines = [Walk(14_900), Walk(15_100), Walk(15_000)] });

        Assert.Contains("A fixed loop of integer work took 180\u2013180 µs", markdown);
        Assert.DoesNotContain("Measured on a slower machine", markdown);
        // 18,700 is 24% over the median: inside the walk's own spread, not named.
        Assert.Contains("A fixed walk of dependent loads through 64 MiB of memory took 14,900\u201320,000 µs of the client's own CPU time as " +
            "the windows ended (median 15,050 µs; it grows when something fills the shared cache or the memory bus, which the integer loop " +
            "does not feel). Measured with slower memory (the walk 25% or more over the median): gRPC trial 3 (+32.9%); their figures say " +
            "as much about the machine as about the stacks.", markdown);
    }

    [Fact]
    public async Task ATrialSlowerForEveryStackIsNamedAsShared()
    {
        // Trial 4 is slower for all three; trial 5 only for two of them (gRPC +27%), so it is no shared slowdown.
        var markdown = await SummaryOfAsync(
            new SyntheticEntry("grpc", "", 2000, 10, 0.02) { TrialMedians = [10, 10.2, 9.9, 12, 13] },
            new SyntheticEntry("rest", "", 2000, 20, 0.02) { TrialMedians = [20, 19.8, 20.3, 23, 19.5] },
            new SyntheticEntry("wcf", "", 2000, 15, 0.02) { TrialMedians = [15, 15.1, 14.9, 18, 17] });

        var line = Assert.Single(markdown.Split('\n'), l => l.StartsWith("Slower for every stack at once", StringComparison.Ordinal));
        Assert.Matches(@"^Slower for every stack at once: trial 4 \(p50 \+1\d% to \+\d\d% over each stack's own median, \+1\d% on average\)\. " +
            @"Something all of them " +
            @"share \(the machine, PostgreSQL, the load client\) was slower then, not one stack", line);
    }

    [Fact]
    public async Task TrialsWithoutASharedSlowdownSayNothingOfIt()
    {
        // Trial 3: gRPC +26% but REST below its median; trial 2: both above theirs, +2% on average.
        var markdown = await SummaryOfAsync(
            new SyntheticEntry("grpc", "", 2000, 10, 0.02) { TrialMedians = [10, 10.5, 13, 10.2] },
            new SyntheticEntry("rest", "", 2000, 20, 0.02) { TrialMedians = [20, 20.6, 19.5, 20.1] });

        Assert.DoesNotContain("Slower for every stack at once", markdown);
    }

    /// <summary>The summary.md of a synthetic run of these entries.</summary>
    private static async Task<string> SummaryOfAsync(params SyntheticEntry[] entries)
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, entries);
        await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);
        return await File.ReadAllTextAsync(temp.Combine("summary.md"));
    }

    [Fact]
    public async Task TheSameTrialsGiveByteIdenticalReports()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("run"),
        [
            new SyntheticEntry("grpc", "", 150, 10, 0.3) { TrialMedians = [10, 11, 9.5] },
            new SyntheticEntry("wcf", "", 150, 11, 0.3) { TrialMedians = [11, 11.5, 12] },
        ]);

        await ReportWriter.WriteAsync(temp.Combine("run"), NoPng with { OutputFolder = temp.Combine("one") }, CancellationToken.None);
        await ReportWriter.WriteAsync(temp.Combine("run"), NoPng with { OutputFolder = temp.Combine("two") }, CancellationToken.None);

        Assert.Equal(await File.ReadAllBytesAsync(temp.Combine("one", "summary.md")), await File.ReadAllBytesAsync(temp.Combine("two", "summary.md")));
        Assert.Equal(await File.ReadAllBytesAsync(temp.Combine("one", "report.html")), await File.ReadAllBytesAsync(temp.Combine("two", "report.html")));
    }

    [Fact]
    public async Task AOneTrialRunSaysInItsVerdictThatTheIntervalCoversOneRunOnly()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new SyntheticEntry("grpc", "", 300, 8), new SyntheticEntry("wcf", "", 300, 12)]);

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var median = Assert.Single(output.Verdict, line => line.Contains("fastest at the median", StringComparison.Ordinal));
        Assert.Matches("fastest at the median: gRPC, answers the median worst-case request [0-9.]+ ms \\([0-9.]+%\\) sooner than WCF \\(95% CI [0-9.]+–[0-9.]+ ms; " +
                       "one trial: the interval covers only the noise within this run, not between runs\\)$", median);
        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.DoesNotContain("## Trials", markdown);
        Assert.DoesNotContain("two-level bootstrap", markdown);
    }

    [Fact]
    public async Task AFormatOneFolderStillLoadsAndReportsAsOneTrial()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new SyntheticEntry("grpc", "", 300, 8), new SyntheticEntry("wcf", "", 300, 12)], formatVersion: 1);
        // Format 1 had no trials at all: not even a null.
        await DropPropertyAsync(temp.Combine("manifest.json"), json => json.Remove("trials"));
        await DropPropertyAsync(temp.Combine("summary.json"), json => json["entries"]!.AsArray().ToList().ForEach(e => e!.AsObject().Remove("trials")));

        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);
        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        Assert.Null(run.Manifest.Trials);
        Assert.All(run.Entries, e => Assert.Null(e.Summary.Trials));
        Assert.All(run.Entries, e => Assert.Equal(300, Assert.Single(e.TrialLatenciesMs).Count));
        Assert.Contains(output.Verdict, line => line.Contains("one trial: the interval covers only the noise within this run", StringComparison.Ordinal));
        Assert.Contains(output.Verdict, line => line.Contains("fastest at the median: gRPC, answers", StringComparison.Ordinal));
        Assert.DoesNotContain("## Trials", await File.ReadAllTextAsync(temp.Combine("summary.md")));
    }

    [Fact]
    public async Task ComparingTwoRunsOfTrialsResamplesEachRunsTrialsOnItsOwn()
    {
        using var temp = new TempFolder();
        IReadOnlyList<SyntheticEntry> Entries(double grpc) =>
        [
            new SyntheticEntry("grpc", "", 200, grpc, 0.1) { TrialMedians = [grpc, grpc * 1.05, grpc * 0.95] },
            new SyntheticEntry("wcf", "", 200, 12, 0.1) { TrialMedians = [12, 12.5, 11.5] },
        ];
        await SyntheticResults.CreateAsync(temp.Combine("a"), Entries(10), seed: 1);
        await SyntheticResults.CreateAsync(temp.Combine("b"), Entries(10), seed: 2);

        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), new CompareOptions { Png = NoPng.Png }, CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("out", "compare.md"));
        Assert.Contains("The band rests on 3 and 3 trials, each side resampled on its own", markdown);
        Assert.Contains("- Verdict: no change beyond the noise (the band includes zero everywhere).", markdown);
        Assert.DoesNotMatch(new Regex("- Verdict: B (faster|slower) at"), markdown);
    }

    private static async Task DropPropertyAsync(string path, Action<JsonObject> drop)
    {
        var json = JsonNode.Parse(await File.ReadAllTextAsync(path))!.AsObject();
        drop(json);
        await File.WriteAllTextAsync(path, json.ToJsonString());
    }
}

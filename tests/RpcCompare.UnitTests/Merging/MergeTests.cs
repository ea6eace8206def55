using System.Text.Json.Nodes;
using HdrHistogram;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Merging;

public class MergeTests
{
    private static readonly ClientRun A = new();

    // One second later, slower, fewer calls and busier: every figure tells the two clients apart.
    private static readonly ClientRun B = new()
    {
        Seed = 2, Start = ClientRun.T0.AddSeconds(1), MedianMs = 12, Requests = 150, BusyPercent = 95,
    };

    /// <summary>The hosts' figures as the one client that read them saw them.</summary>
    private static readonly ServerSummary HostFigures = new()
    {
        PeakWorkingSetMb = 120, AllocatedBytesPerRequest = 9000, Gen2Collections = 3, CpuPercent = 55, CpuMsPerRequest = 2.0,
    };

    [Fact]
    public async Task PercentilesAreTheMeanOfEachTrialsPooledCalls()
    {
        using var temp = new TempFolder();

        var merged = await MergeAsync(temp, A, B);

        var (one, two) = (Union("grpc", [1], A, B), Union("grpc", [2], A, B));
        double Mean(double p) => (Ms(one.GetValueAtPercentile(p)) + Ms(two.GetValueAtPercentile(p))) / 2;
        var latency = Grpc(merged).Summary.LatencyMs!;
        Assert.Equal(Mean(50), latency.P50);
        Assert.Equal(Mean(90), latency.P90);
        Assert.Equal(Mean(99), latency.P99);
        Assert.Equal(Ms(Union("grpc", [1, 2], A, B).GetMaxValue()), latency.Max);
    }

    [Fact]
    public async Task TrialPercentilesAreThoseOfTheTrialsCalls()
    {
        using var temp = new TempFolder();

        var merged = await MergeAsync(temp, A, B);

        var union = Union("grpc", [2], A, B);
        var trial = Grpc(merged).Summary.Trials![1];
        Assert.Equal(Ms(union.GetValueAtPercentile(50)), trial.P50Ms);
        Assert.Equal(Ms(union.GetValueAtPercentile(99)), trial.P99Ms);
    }

    [Fact]
    public async Task RequestsAndErrorsAreSummed()
    {
        using var temp = new TempFolder();

        var entry = Grpc(await MergeAsync(temp, A, B)).Summary;

        Assert.Equal(700, entry.Requests);
        Assert.Equal(12, entry.Errors);
        Assert.Equal(12, entry.ErrorsByKind[ResultsFormat.ErrorKinds.Timeout]);
        Assert.Equal([350L, 350L], entry.Trials!.Select(t => t.Requests));
    }

    [Fact]
    public async Task ThroughputIsCountedOverTheUnionWindow()
    {
        using var temp = new TempFolder();

        var entry = Grpc(await MergeAsync(temp, A, B)).Summary;

        // Each trial: from A's start to B's end, one second after A's.
        Assert.Equal(350 / 7.0, entry.Trials![0].ThroughputRps, 9);
        Assert.Equal(700 / 14.0, entry.ThroughputRps, 9);
    }

    [Fact]
    public async Task EachClientKeepsItsOwnFigures()
    {
        using var temp = new TempFolder();

        var clients = Grpc(await MergeAsync(temp, A, B)).Summary.Clients!;

        Assert.Equal(["a", "b"], clients.Select(c => c.Source));
        Assert.Equal([400L, 300L], clients.Select(c => c.Requests));
        Assert.Equal([6L, 6L], clients.Select(c => c.Errors));
        Assert.Equal(ClientRun.T0.AddSeconds(1), clients[1].WindowStartUtc);
        Assert.Equal(B.TrialStart(2) + ClientRun.TrialLength, clients[1].WindowEndUtc);
        Assert.Equal([false, true], clients.Select(c => c.ClientBound));
    }

    [Fact]
    public async Task MergedClientIsBoundWhenAnyClientWas()
    {
        using var temp = new TempFolder();

        var client = Grpc(await MergeAsync(temp, A, B)).Summary.Client!;

        Assert.Equal(95, client.BusyPercent);
        Assert.True(client.ClientBound);
        Assert.Equal(((0.1 * 406) + (0.2 * 306)) / 712, client.CpuMsPerRequest, 12);
    }

    [Fact]
    public async Task LatencyFileHoldsEachTrialsCallsTogether()
    {
        using var temp = new TempFolder();

        var merged = await MergeAsync(temp, A, B);

        var expected = A.Calls("grpc", 2).Concat(B.Calls("grpc", 2)).Select(us => us / 1000.0);
        Assert.Equal(expected, Grpc(merged).TrialLatenciesMs[1]);
    }

    [Fact]
    public async Task IntervalsAreWrittenByStartTime()
    {
        using var temp = new TempFolder();
        var merged = await MergeAsync(temp, A, B);

        var intervals = IntervalLogReader.Read(Path.Combine(merged.Folder, ResultFileNames.IntervalLog("grpc", "", 2))).ToList();

        Assert.Equal(12, intervals.Count);
        Assert.Equal(intervals.Select(i => i.StartTimeStamp).Order(), intervals.Select(i => i.StartTimeStamp));
        Assert.Equal(350, intervals.Sum(i => i.TotalCount));
    }

    [Fact]
    public async Task ManifestNamesTheClientsAndTheOverlap()
    {
        using var temp = new TempFolder();

        var manifest = (await MergeAsync(temp, A, B)).Manifest;

        Assert.Equal(["a", "b"], manifest.Merge!.Sources.Select(s => s.Folder));
        Assert.Equal(4, manifest.Merge.Overlaps.Count);
        Assert.All(manifest.Merge.Overlaps, o => Assert.Equal(5 / 7.0, o.Fraction!.Value, 9));
        Assert.Equal(A.Start.AddSeconds(-20), manifest.StartedUtc);
        Assert.Contains("merged from 2 load clients: a, b", manifest.Notes);
        Assert.Contains(manifest.Notes, n => n.StartsWith("the clients' measured windows overlapped 71%", StringComparison.Ordinal));
    }

    [Fact]
    public async Task OutcomeSaysHowWellTheWindowsOverlapped()
    {
        using var temp = new TempFolder();
        var a = await A.WriteAsync(temp.Combine("a"));
        var b = await (B with { Start = ClientRun.T0.AddMilliseconds(30) }).WriteAsync(temp.Combine("b"));

        var outcome = await ResultsMerger.MergeAsync([a, b], temp.Combine("merged"), CancellationToken.None);

        Assert.Equal("windows overlapped 99%", outcome.Overlap);
        Assert.Contains(ResultFileNames.Manifest, outcome.Files);
    }

    [Fact]
    public async Task MissingIntervalLogFallsBackToTheLatencyFile()
    {
        using var temp = new TempFolder();

        var merged = await MergeAsync(temp, A, B with { WithIntervals = false });

        var (one, two) = (Union("grpc", [1], A, B), Union("grpc", [2], A, B));
        Assert.Equal((Ms(one.GetValueAtPercentile(99)) + Ms(two.GetValueAtPercentile(99))) / 2, Grpc(merged).Summary.LatencyMs!.P99);
        Assert.Contains(merged.Manifest.Notes, n => n.StartsWith("b wrote no interval log for grpc trial 1, grpc trial 2, rest trial 1, rest trial 2:", StringComparison.Ordinal));
        Assert.All(merged.Manifest.Merge!.Overlaps, o => Assert.Null(o.Fraction));
    }

    [Fact]
    public async Task MergedFolderReports()
    {
        using var temp = new TempFolder();
        var merged = await MergeAsync(temp, A, B);

        var output = await ReportWriter.WriteAsync(merged.Folder, new ReportOptions { Png = new PngOptions { Enabled = false } }, CancellationToken.None);

        Assert.Contains(output.Files, f => f.EndsWith(ResultFileNames.ReportHtml, StringComparison.Ordinal));
    }

    [Fact]
    public async Task OneClientsResultsLeaveTheMergeFieldsOut()
    {
        using var temp = new TempFolder();
        await A.WriteAsync(temp.Path);

        var summary = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine(ResultFileNames.Summary)))!;
        var manifest = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine(ResultFileNames.Manifest)))!;

        Assert.False(summary["entries"]![0]!.AsObject().ContainsKey("clients"));
        Assert.False(manifest.AsObject().ContainsKey("merge"));
    }

    [Fact]
    public async Task OneReadersServerCpuIsScaledByItsCalls()
    {
        using var temp = new TempFolder();

        var server = Grpc(await MergeAsync(temp, A with { Server = HostFigures }, B)).Summary.Server!;

        // A made 406 of the 712 calls (requests and errors) the host served; it divided the host's CPU by its own.
        Assert.Equal(2.0 * 406 / 712, server.CpuMsPerRequest!.Value, 12);
        Assert.Equal(9000.0 * 406 / 712, server.AllocatedBytesPerRequest, 9);
    }

    [Fact]
    public async Task OneReadersHostWideFiguresAreKept()
    {
        using var temp = new TempFolder();

        var server = Grpc(await MergeAsync(temp, A, B with { Server = HostFigures })).Summary.Server!;

        Assert.Equal((120.0, 3L, 55.0), (server.PeakWorkingSetMb, server.Gen2Collections, server.CpuPercent));
    }

    [Fact]
    public async Task OneReadersTrialServerCpuIsScaledByItsCalls()
    {
        using var temp = new TempFolder();

        var trial = Grpc(await MergeAsync(temp, A, B with { Server = HostFigures })).Summary.Trials![0];

        // B made 153 of the trial's 356 calls.
        Assert.Equal(2.0 * 153 / 356, trial.ServerCpuMsPerRequest!.Value, 12);
        Assert.Equal(9000.0 * 153 / 356, trial.ServerAllocatedBytesPerRequest!.Value, 9);
    }

    [Fact]
    public async Task NoReaderLeavesServerFiguresOut()
    {
        using var temp = new TempFolder();

        var entry = Grpc(await MergeAsync(temp, A, B)).Summary;

        Assert.Null(entry.Server);
        Assert.All(entry.Trials!, t => Assert.Null(t.ServerCpuMsPerRequest));
    }

    private static async Task<RunResults> MergeAsync(TempFolder temp, params ClientRun[] runs)
    {
        var folders = new List<string>();
        foreach (var (run, name) in runs.Zip(["a", "b", "c"]))
        {
            folders.Add(await run.WriteAsync(temp.Combine(name)));
        }
        await ResultsMerger.MergeAsync(folders, temp.Combine("merged"), CancellationToken.None);
        return await ResultsLoader.LoadAsync(temp.Combine("merged"), CancellationToken.None);
    }

    private static EntryResults Grpc(RunResults results) => results.Entries.Single(e => e.Stack == "grpc");

    /// <summary>Every call of the runs' trials in one histogram with the client's settings.</summary>
    private static LongHistogram Union(string stack, int[] trials, params ClientRun[] runs)
    {
        var histogram = new LongHistogram(1, LatencyUnits.TicksPerHour, 3);
        foreach (var us in runs.SelectMany(run => trials.SelectMany(t => run.Calls(stack, t))))
        {
            histogram.RecordValue(us * 1000);
        }
        return histogram;
    }

    private static double Ms(long ticks) => LatencyUnits.TicksToMilliseconds(ticks);
}

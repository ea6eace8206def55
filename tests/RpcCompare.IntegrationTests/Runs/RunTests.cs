using RpcCompare.Definitions;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>The main job end to end on the tiny dataset: real hosts, real database, real counters, small counts.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class RunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task EveryScenarioOnAllStacksLeavesCompleteConsistentResults()
    {
        var settings = Settings("all", requests: 12) with { Warmup = TimeSpan.Zero };

        var exit = await RunCoordinator.RunAsync(settings, default);

        Assert.Equal(0, exit);
        foreach (var scenarioName in ScenarioCatalog.Names)
        {
            var results = await ResultsLoader.LoadAsync(Path.Combine(_temp.Path, scenarioName), default);
            Assert.Equal(ResultsFormat.RunStatus.Complete, results.Manifest.Status);
            Assert.Equal(StackCatalog.Ids, results.Manifest.StackOrder);
            Assert.Equal(4, results.Manifest.Hosts.Count);
            Assert.DoesNotContain(results.Manifest.Options.Values, v => v.Contains(PasswordOf(db.ConnectionString), StringComparison.Ordinal));
            var scenario = ScenarioCatalog.Create(scenarioName);
            foreach (var stack in StackCatalog.Ids)
            {
                var expected = scenario.Variants(StackTraits.Of(stack), new ScenarioData(db.Spec), null).Select(v => v.Name);
                var entries = results.Summary!.Entries.Where(e => e.Stack == stack).ToList();
                Assert.Equal(expected, entries.Select(e => e.Variant));
                Assert.All(entries, e =>
                {
                    Assert.Equal(ResultsFormat.EntryStatus.Ok, e.Status);
                    Assert.True(e.Requests >= 12, $"{stack} {e.Variant}: {e.Requests} requests");
                    Assert.Equal(e.Errors, e.ErrorsByKind.Values.Sum());
                    Assert.NotNull(e.LatencyMs);
                    Assert.True(e.LatencyMs!.P50 > 0 && e.LatencyMs.P50 <= e.LatencyMs.P99 && e.LatencyMs.P99 <= e.LatencyMs.Max);
                    Assert.True(File.Exists(Path.Combine(results.Folder, e.Files.Histogram!)));
                    Assert.True(File.Exists(Path.Combine(results.Folder, e.Files.Intervals!)));
                    Assert.Contains($"RpcCompare {stack} host", File.ReadAllText(Path.Combine(results.Folder, e.Files.HostLog!)));
                });
                var counters = await CountersCsv.ReadAsync(Path.Combine(results.Folder, ResultFileNames.Counters(stack)), default);
                Assert.NotEmpty(counters);
                Assert.Contains(counters, c => c.WorkingSetMb > 0);
                Assert.Contains(counters, c => c.CpuPercent > 0);
                Assert.Contains(counters, c => c.BytesSent > 0);
            }
            Assert.True(File.Exists(Path.Combine(results.Folder, "report.html")));
        }
        var verdict = await File.ReadAllTextAsync(Path.Combine(_temp.Path, ResultFileNames.Verdict));
        foreach (var scenarioName in ScenarioCatalog.Names)
        {
            Assert.Contains($"## {scenarioName} ([report]({scenarioName}/report.html))", verdict);
        }
        Assert.Contains("**Verdict: base-case**", verdict);
        var password = PasswordOf(db.ConnectionString);
        foreach (var file in Directory.EnumerateFiles(_temp.Path, "*", SearchOption.AllDirectories).Where(f => !f.EndsWith(".png", StringComparison.Ordinal)))
        {
            Assert.DoesNotContain(password, await File.ReadAllTextAsync(file), StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task BytesPerRequestForAHubExceedThoseForALeafOnEveryStack()
    {
        var leaves = Settings("base-case", requests: 30) with { Threads = 2, OutputFolder = Path.Combine(_temp.Path, "leaves") };
        var hubs = Settings("worst-case", requests: 10) with { Threads = 2, OutputFolder = Path.Combine(_temp.Path, "hubs") };

        Assert.Equal(0, await RunCoordinator.RunAsync(leaves, default));
        Assert.Equal(0, await RunCoordinator.RunAsync(hubs, default));

        var leaf = await ResultsLoader.LoadAsync(leaves.OutputFolder, default);
        var hub = await ResultsLoader.LoadAsync(hubs.OutputFolder, default);
        foreach (var stack in StackCatalog.Ids)
        {
            var leafBytes = leaf.Summary!.Entries.Single(e => e.Stack == stack).BytesReceivedPerRequest;
            var hubBytes = hub.Summary!.Entries.Single(e => e.Stack == stack && e.Variant == "").BytesReceivedPerRequest;
            Assert.NotNull(leafBytes);
            Assert.NotNull(hubBytes);
            Assert.True(hubBytes > 50 * leafBytes, $"{stack}: hub {hubBytes:N0} B vs leaf {leafBytes:N0} B per request");
        }
    }

    [Fact]
    public async Task TheOpenLoopShowsAHostStalledForOneSecond()
    {
        var settings = Settings("base-case", requests: null) with
        {
            Stacks = [StackCatalog.Rest],
            Rate = 50,
            Duration = TimeSpan.FromSeconds(4),
            Warmup = TimeSpan.FromSeconds(1),
        };

        var before = ChildProcesses.Hosts("Rest");
        var run = Task.Run(() => RunCoordinator.RunAsync(settings, default));
        await StallWhenMeasuringAsync("Rest", before, Path.Combine(_temp.Path, "latencies-rest.csv.tmp"), TimeSpan.FromSeconds(1));
        Assert.Equal(0, await run);

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        var entry = Assert.Single(results.Summary!.Entries);
        Assert.Equal("open", results.Manifest.LoadModel);
        Assert.Equal(0, entry.Errors);
        Assert.True(entry.LatencyMs!.Max >= 1000, $"max {entry.LatencyMs.Max:N0} ms");
    }

    [Fact]
    public async Task GrpcOverThreeConnectionsRunsWithoutErrors()
    {
        var settings = Settings("ping", requests: 60) with { Stacks = [StackCatalog.Grpc], Warmup = TimeSpan.Zero, Connections = 3 };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal(2, results.Summary!.Entries.Count);
        Assert.All(results.Summary.Entries, entry =>
        {
            Assert.Equal(ResultsFormat.EntryStatus.Ok, entry.Status);
            Assert.Equal(0, entry.Errors);
            Assert.True(entry.Requests >= 60, $"{entry.Variant}: {entry.Requests} requests");
        });
        var client = Assert.Single(results.Manifest.Hosts).Configuration["client"];
        Assert.Contains(": 3 GrpcChannels (--connections), calls spread in turn, each on its own SocketsHttpHandler", client, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AnInterruptedRunLeavesValidPartialResultsAndNoHostBehind()
    {
        using var stop = new CancellationTokenSource();
        var settings = Settings("payload-sweep", requests: 300) with { Stacks = [StackCatalog.Grpc, StackCatalog.Wcf] };
        var before = ChildProcesses.Hosts();

        var run = Task.Run(() => RunCoordinator.RunAsync(settings, stop.Token));
        await Eventually.TrueAsync(async () => File.Exists(Path.Combine(_temp.Path, ResultFileNames.Summary))
            && (await ResultsJson.ReadSummaryAsync(Path.Combine(_temp.Path, ResultFileNames.Summary), default)).Entries.Count >= 1,
            "a first entry in summary.json", 120, pollMilliseconds: 100);
        await stop.CancelAsync();
        var exit = await run;

        Assert.Equal(130, exit);
        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal(ResultsFormat.RunStatus.Interrupted, results.Manifest.Status);
        Assert.NotEmpty(results.Summary!.Entries);
        Assert.Contains(results.Summary.Entries, e => e.Status == ResultsFormat.EntryStatus.Ok);
        Assert.Equal(before, ChildProcesses.Hosts());
    }

    private RunSettings Settings(string scenario, long? requests) => db.Run(scenario, _temp.Path) with
    {
        Requests = requests,
        WriteReport = scenario == "all",
        OptionsForManifest = new Dictionary<string, string> { ["connection"] = LoadClient.Database.DatabaseSession.Mask(db.ConnectionString) },
    };

    /// <summary>
    /// SIGSTOP the host a second into the measured window (the latencies file appears when the variant starts; the
    /// warm-up takes a second), then SIGCONT it after <paramref name="stall"/>.
    /// </summary>
    private static async Task StallWhenMeasuringAsync(string stack, IReadOnlyList<int> others, string latenciesFile, TimeSpan stall)
    {
        await Eventually.TrueAsync(() => File.Exists(latenciesFile), "the measured window", 120, pollMilliseconds: 100);
        var pid = ChildProcesses.Hosts(stack).Except(others).Single();
        await Task.Delay(TimeSpan.FromSeconds(2));
        Signals.Send(pid, Signals.Stop);
        await Task.Delay(stall);
        Signals.Send(pid, Signals.Continue);
    }

    private static string PasswordOf(string connectionString) =>
        new Npgsql.NpgsqlConnectionStringBuilder(connectionString).Password ?? "never-matches";

    public void Dispose() => _temp.Dispose();
}

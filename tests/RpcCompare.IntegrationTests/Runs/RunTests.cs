using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>The main job end to end on the tiny dataset: real hosts, real database, real counters, small counts.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class RunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    public static TheoryData<string> Scenarios => [.. ScenarioCatalog.Names];

    /// <summary>
    /// The promise that every scenario runs on every stack of the catalog, one case per scenario so a failure names it. The
    /// fixture's hosts serve it (no host start per stack and scenario), with few calls: what is proven is that each
    /// variant's calls succeed and are recorded, not how fast they are.
    /// </summary>
    [Theory]
    [MemberData(nameof(Scenarios))]
    public async Task EveryScenarioRunsOnEveryStack(string scenarioName)
    {
        var settings = await db.RunOnFixtureHostsAsync(scenarioName, _temp.Path) with { Requests = 2, Threads = 2, Warmup = TimeSpan.Zero };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal(ResultsFormat.RunStatus.Complete, results.Manifest.Status);
        Assert.Equal(StackCatalog.Ids, results.Manifest.StackOrder);
        var plan = RunPlan.Build(settings, ScenarioCatalog.Create(scenarioName), new ScenarioData(db.Spec));
        foreach (var stack in StackCatalog.Ids)
        {
            var expected = plan.Entries.Where(e => e.Stack == stack).Select(e => e.Variant.Name);
            var entries = results.Summary!.Entries.Where(e => e.Stack == stack).ToList();
            Assert.Equal(expected, entries.Select(e => e.Variant));
            Assert.All(entries, e =>
            {
                Assert.True(e.Status == ResultsFormat.EntryStatus.Ok, $"{stack} {e.Variant}: {e.Status} ({e.StatusReason})");
                Assert.True(e.Requests >= 2, $"{stack} {e.Variant}: {e.Requests} requests");
                Assert.Equal(e.Errors, e.ErrorsByKind.Values.Sum());
                Assert.NotNull(e.LatencyMs);
                Assert.True(e.LatencyMs!.P50 > 0 && e.LatencyMs.P50 <= e.LatencyMs.P99 && e.LatencyMs.P99 <= e.LatencyMs.Max);
                Assert.True(File.Exists(Path.Combine(results.Folder, e.Files.Histogram!)));
                Assert.True(File.Exists(Path.Combine(results.Folder, e.Files.Intervals!)));
            });
        }
    }

    /// <summary>
    /// What `--scenario all` adds to running each scenario: a folder per scenario with hosts of its own (started for it, their
    /// logs and counters beside its results), a report each and the verdict page over them, and no password anywhere. A
    /// verdict ranks two stacks or more: gRPC is started for each scenario, as every spawned stack is, and REST is the
    /// fixture's host as a --target (a second start per scenario would prove nothing gRPC's does not). Every stack's part
    /// is <see cref="EveryScenarioRunsOnEveryStack"/>'s.
    /// </summary>
    [Fact]
    public async Task AllRunsEachScenarioInItsOwnFolderWithHostsOfItsOwn()
    {
        string[] stacks = [StackCatalog.Grpc, StackCatalog.Rest];
        var targets = await db.TargetsAsync();
        var settings = Settings("all", requests: 4) with
        {
            Stacks = stacks,
            Threads = 1,
            Warmup = TimeSpan.Zero,
            Targets = new Dictionary<string, string> { [StackCatalog.Rest] = targets[StackCatalog.Rest] },
            WatchLocalTargets = false,
        };

        var exit = await RunCoordinator.RunAsync(settings, default);

        Assert.Equal(0, exit);
        var password = PasswordOf(db.ConnectionString);
        var hostPids = new HashSet<int>();
        foreach (var scenarioName in ScenarioCatalog.Names)
        {
            var results = await ResultsLoader.LoadAsync(Path.Combine(_temp.Path, scenarioName), default);
            Assert.Equal(ResultsFormat.RunStatus.Complete, results.Manifest.Status);
            Assert.Equal(stacks, results.Manifest.StackOrder);
            Assert.All(results.Summary!.Entries, e =>
                Assert.True(e.Status == ResultsFormat.EntryStatus.Ok, $"{scenarioName} {e.Stack} {e.Variant}: {e.Status} ({e.StatusReason})"));
            Assert.Equal(stacks, results.Summary.Entries.Select(e => e.Stack).Distinct());
            // Each scenario starts its own hosts, so one scenario's heap and counters never carry into the next.
            var grpc = results.Manifest.Hosts.Single(h => h.Stack == StackCatalog.Grpc);
            Assert.True(hostPids.Add(grpc.Pid!.Value), $"{scenarioName}: gRPC host pid {grpc.Pid} served an earlier scenario");
            Assert.All(results.Summary.Entries.Where(e => e.Stack == StackCatalog.Grpc), e =>
                Assert.Contains("RpcCompare grpc host", File.ReadAllText(Path.Combine(results.Folder, e.Files.HostLog!))));
            var counters = await CountersCsv.ReadAsync(Path.Combine(results.Folder, ResultFileNames.Counters(StackCatalog.Grpc)), default);
            Assert.Contains(counters, c => c.WorkingSetMb > 0);
            Assert.Contains(counters, c => c.CpuPercent > 0);
            Assert.Contains(counters, c => c.BytesSent > 0);
            Assert.DoesNotContain(results.Manifest.Options.Values, v => v.Contains(password, StringComparison.Ordinal));
            Assert.True(File.Exists(Path.Combine(results.Folder, "report.html")));
        }
        var verdict = await File.ReadAllTextAsync(Path.Combine(_temp.Path, ResultFileNames.Verdict));
        foreach (var scenarioName in ScenarioCatalog.Names)
        {
            Assert.Contains($"## {scenarioName} ([report]({scenarioName}/report.html))", verdict);
        }
        Assert.Contains("**Verdict: base-case, no TLS**", verdict);
        foreach (var file in Directory.EnumerateFiles(_temp.Path, "*", SearchOption.AllDirectories).Where(f => !f.EndsWith(".png", StringComparison.Ordinal)))
        {
            Assert.DoesNotContain(password, await File.ReadAllTextAsync(file), StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task BytesPerRequestForAHubExceedThoseForALeafOnEveryStack()
    {
        // Bytes are counted on the client's own connections, so the fixture's hosts serve as well as hosts of its own.
        var leaves = await OnFixtureHostsAsync("base-case", requests: 30, "leaves");
        var hubs = await OnFixtureHostsAsync("worst-case", requests: 10, "hubs");

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
            // The stall begins once the window is open and ends inside it with seconds to spare for a slow test thread.
            Duration = TimeSpan.FromSeconds(6),
            Warmup = TimeSpan.FromSeconds(1),
        };

        var before = ChildProcesses.Hosts("Rest");
        var run = Task.Run(() => RunCoordinator.RunAsync(settings, default));
        await StallWhenMeasuringAsync("Rest", before, Path.Combine(_temp.Path, "intervals-rest.hlog.tmp"), TimeSpan.FromSeconds(1));
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
    public async Task AnInterruptedRunLeavesValidPartialResults()
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

    [Fact]
    public async Task EveryStackRunsWithANewConnectionPerCall()
    {
        var settings = await db.RunOnFixtureHostsAsync("ping", _temp.Path) with { Requests = 20, Warmup = TimeSpan.Zero, NewConnectionPerCall = true };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal("new-per-call", results.Manifest.Options["connection-mode"]);
        Assert.Equal(StackCatalog.Ids, results.Summary!.Entries.Select(e => e.Stack).Distinct());
        Assert.All(results.Summary.Entries, e => Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L, e.Variant), (e.Status, e.Errors, e.Variant)));
    }

    private async Task<RunSettings> OnFixtureHostsAsync(string scenario, long requests, string folder) =>
        await db.RunOnFixtureHostsAsync(scenario, Path.Combine(_temp.Path, folder)) with { Requests = requests, Threads = 2 };

    /// <summary>
    /// SIGSTOP the host once its measured window is open, then SIGCONT it after <paramref name="stall"/>. The window's
    /// interval log gets its first interval half a second in and nothing before, so no clock of the test's decides when:
    /// a first call or a warm-up stretched by a busy machine only moves the window (a fixed delay after the variant began
    /// once stalled the host before the window, and its latency showed half the stall).
    /// </summary>
    private static async Task StallWhenMeasuringAsync(string stack, IReadOnlyList<int> others, string intervalLog, TimeSpan stall)
    {
        await Eventually.TrueAsync(() => File.Exists(intervalLog) && new FileInfo(intervalLog).Length > 0, "the measured window's first interval",
            120, pollMilliseconds: 50);
        var pid = ChildProcesses.Hosts(stack).Except(others).Single();
        Signals.Send(pid, Signals.Stop);
        await Task.Delay(stall);
        Signals.Send(pid, Signals.Continue);
    }

    private static string PasswordOf(string connectionString) =>
        new Npgsql.NpgsqlConnectionStringBuilder(connectionString).Password ?? "never-matches";

    public void Dispose() => _temp.Dispose();
}

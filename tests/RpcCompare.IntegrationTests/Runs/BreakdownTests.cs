using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;
using Xunit.Abstractions;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>
/// Where the time goes, on real hosts and the tiny dataset: the hosts' own timings read over EventPipe, split against the
/// client's latency, and database failures named by their cause on every stack.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class BreakdownTests(DatabaseFixture db, ITestOutputHelper output) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task EachLayerOfTheBreakdownNestsInTheNextOne()
    {
        foreach (var entry in await PingRunAsync())
        {
            var breakdown = Assert.IsType<BreakdownSummary>(entry.Breakdown, exactMatch: false);
            Assert.Equal(0, breakdown.DatabaseMs!.P50);
            Assert.Equal(0, breakdown.DatabaseMs.P99);
            Assert.Equal(0, breakdown.P50.Database);
            Assert.True(breakdown.ServerMs.Count > 0, $"{Name(entry)}: the server counted no call");
        }

        foreach (var entry in await LinksRunAsync())
        {
            var breakdown = Assert.IsType<BreakdownSummary>(entry.Breakdown, exactMatch: false);
            var database = breakdown.DatabaseMs!;
            Assert.True(database.P50 > 0, $"{Name(entry)}: database p50 {database.P50} ms");
            Assert.True(database.Mean <= breakdown.ServerMs.Mean,
                $"{Name(entry)}: database mean {database.Mean:F3} ms > server mean {breakdown.ServerMs.Mean:F3} ms");
            Assert.True(database.P50 <= breakdown.ServerMs.P50,
                $"{Name(entry)}: database p50 {database.P50:F3} ms > server p50 {breakdown.ServerMs.P50:F3} ms");
            Assert.True(breakdown.ServerMs.Mean <= entry.LatencyMs!.Mean,
                $"{Name(entry)}: server mean {breakdown.ServerMs.Mean:F3} ms > client mean {entry.LatencyMs.Mean:F3} ms");
            // The server's median is rebuilt from 0.1 s intervals and its timer stops when the host's continuation runs
            // after the flush, which on a busy 2-core machine can be after the client has the answer: 10% of slack.
            Assert.True(breakdown.ServerMs.P50 <= entry.LatencyMs.P50 * 1.1,
                $"{Name(entry)}: server p50 {breakdown.ServerMs.P50:F3} ms > client p50 {entry.LatencyMs.P50:F3} ms (means {breakdown.ServerMs.Mean:F3}, {entry.LatencyMs.Mean:F3})");
            // One query-service call per request; the two series' intervals may cut a call or two differently at the window's edges.
            Assert.InRange(breakdown.DatabaseCallsPerRequest, 0.75, 1.25);
            if (entry.Variant == "stream")
            {
                Assert.NotNull(breakdown.FirstBatchMs);
                Assert.True(breakdown.FirstBatchMs!.P50 <= breakdown.ServerMs.P50);
            }
        }
    }

    [Fact]
    public async Task APingNeverWaitsForTheClientToRead()
    {
        foreach (var entry in await PingRunAsync())
        {
            var breakdown = Assert.IsType<BreakdownSummary>(entry.Breakdown, exactMatch: false);
            // A ping's answer is a few bytes: no write of it can fill an HTTP/2 window or a socket buffer, so none waited,
            // on every stack (the HTTP hosts' middleware, the NetTcp host's flushes).
            var wait = Assert.IsType<TimingSummary>(breakdown.WriteWaitMs, exactMatch: false);
            Assert.Equal(0, wait.P50);
            Assert.Equal(0, wait.P99);
            Assert.Equal(0, wait.Mean);
            Assert.Equal(0, breakdown.P50.WaitingForClient);
            Assert.Equal(0, breakdown.P50.Database);
            // Recorded for the requests the server's time counts (the window's edges may cut a call or two differently).
            Assert.InRange((double)wait.Count / breakdown.ServerMs.Count, 0.75, 1.25);
        }
    }

    [Fact]
    public async Task GetLinksPartsAreNonNegativeAndAddUpToTheClient()
    {
        foreach (var entry in await LinksRunAsync())
        {
            var breakdown = Assert.IsType<BreakdownSummary>(entry.Breakdown, exactMatch: false);
            Assert.NotNull(breakdown.WriteWaitMs);
            foreach (var (quantile, split) in new[] { ("p50", breakdown.P50), ("p99", breakdown.P99) })
            {
                var waiting = Assert.IsType<double>(split.WaitingForClient);
                double[] parts = [split.Database, split.ServerWork, waiting, split.AfterServer];
                Assert.All(parts, part => Assert.True(part >= 0, $"{Name(entry)} {quantile}: a part is {part} ms"));
                // Database, server work, waiting and after-server add up to the client's latency by construction, unless a
                // derived part was clamped at zero: server work when the database and waiting quantiles (each taken on its
                // own distribution) exceed the server's, after-server when the server's quantile exceeds the client's
                // (rebuilt from 0.1 s intervals; the first test allows 10%). A clamp only adds, so the sum never falls short.
                var sum = parts.Sum();
                var text = $"{Name(entry)} {quantile}: database {split.Database:F3} + server work {split.ServerWork:F3} + waiting " +
                    $"{waiting:F3} + after-server {split.AfterServer:F3} = {sum:F3} ms; client {split.Client:F3} ms, server {split.Server:F3} ms";
                output.WriteLine(text);
                Assert.True(sum >= split.Client * 0.99, text);
                if (split.Server <= split.Client && split.Database + waiting <= split.Server)
                {
                    Assert.True(sum <= split.Client * 1.01, text);
                }
            }
        }
    }

    /// <summary>
    /// The delay is the query service's (shared by every stack), so two stacks show it: WCF, whose server time the NetTcp
    /// host records itself, and REST, whose is ASP.NET Core's (as every other stack's). That each stack's server time
    /// holds its database time is the test above's, on every stack.
    /// </summary>
    [Fact]
    public async Task ASlowerDatabaseMovesOnlyTheDatabaseShare()
    {
        string[] stacks = [StackCatalog.Wcf, StackCatalog.Rest];
        var plain = Settings("base-case", requests: 40, "plain") with { Stacks = stacks };
        var slowed = Settings("base-case", requests: 40, "slowed") with { Stacks = stacks, QueryDelay = TimeSpan.FromMilliseconds(50) };

        Assert.Equal(0, await RunCoordinator.RunAsync(plain, default));
        Assert.Equal(0, await RunCoordinator.RunAsync(slowed, default));

        var before = (await ResultsLoader.LoadAsync(plain.OutputFolder, default)).Summary!.Entries;
        var after = (await ResultsLoader.LoadAsync(slowed.OutputFolder, default)).Summary!.Entries;
        foreach (var stack in stacks)
        {
            var a = before.Single(e => e.Stack == stack).Breakdown!.P50;
            var b = after.Single(e => e.Stack == stack).Breakdown!.P50;
            // pg_sleep(0.05) sleeps at least 50 ms: a floor no machine can beat, so the slowed run's database share is at least
            // that (the plain run's median may itself be inflated by a busy machine, so the floor is not put on the
            // difference). The delay lands in the database's share, not the others': each of them moves by less than the
            // database's did, either way. Both sides are this test's own measurements, never a fixed number of
            // milliseconds a busy machine could exceed.
            var database = b.Database - a.Database;
            Assert.True(b.Database >= 49 && database > 0, $"{stack}: database p50 {a.Database:F1} -> {b.Database:F1} ms");
            Assert.True(Math.Abs(b.ServerWork - a.ServerWork) < database,
                $"{stack}: stack server p50 {a.ServerWork:F1} -> {b.ServerWork:F1} ms while the database's went {a.Database:F1} -> {b.Database:F1} ms");
            Assert.True(Math.Abs(b.AfterServer - a.AfterServer) < database,
                $"{stack}: wire and client p50 {a.AfterServer:F1} -> {b.AfterServer:F1} ms while the database's went {a.Database:F1} -> {b.Database:F1} ms");
        }
    }

    [Fact]
    public async Task ASaturatedPoolIsReportedAsDbPoolNotAsServer()
    {
        // One connection held for two seconds per call, a one-second wait for it: the other threads' calls find the pool
        // exhausted, and every stack must say so. The hosts start together and serve as targets (a run would start them
        // one after another, seconds each); that a run hands its hosts --db-pool-size and --query-delay is RunSettingsTests'
        // and ASlowerDatabaseMovesOnlyTheDatabaseShare's to prove.
        var connection = new Npgsql.NpgsqlConnectionStringBuilder(db.ConnectionString) { Timeout = 1 }.ConnectionString;
        var launch = new HostLaunch
        {
            DbPoolSize = 1,
            QueryDelay = TimeSpan.FromSeconds(2),
            StartTimeout = TimeSpan.FromMinutes(3),
        };
        var starts = StackCatalog.Ids.Select(stack => HostProcess.StartAsync(stack, launch, connection, default)).ToList();
        try
        {
            var hosts = await Task.WhenAll(starts);
            var settings = Settings("base-case", requests: 6, "pool") with
            {
                Threads = 3,
                Warmup = TimeSpan.Zero,
                DbPoolSize = 1,
                Targets = hosts.ToDictionary(h => h.Stack, h => h.Ready.Endpoints[StackCatalog.Get(h.Stack).Endpoint]),
                WatchLocalTargets = false,
            };

            await RunCoordinator.RunAsync(settings, default);

            var entries = (await ResultsLoader.LoadAsync(settings.OutputFolder, default)).Summary!.Entries;
            foreach (var stack in StackCatalog.Ids)
            {
                var entry = entries.Single(e => e.Stack == stack);
                Assert.True(entry.ErrorsByKind.GetValueOrDefault(ResultsFormat.ErrorKinds.DbPool) > 0,
                    $"{stack}: errors {string.Join(", ", entry.ErrorsByKind.Select(k => $"{k.Key} {k.Value}"))}; {entry.StatusReason}");
                Assert.False(entry.ErrorsByKind.ContainsKey(ResultsFormat.ErrorKinds.Server), $"{stack}: {entry.StatusReason}");
            }
        }
        finally
        {
            foreach (var started in starts.Where(s => s.IsCompletedSuccessfully))
            {
                await (await started).DisposeAsync();
            }
        }
    }

    [Fact]
    public async Task ATargetHostOnThisMachineIsReadLikeASpawnedOne()
    {
        await using var host = await HostProcess.StartAsync(StackCatalog.Rest, new HostLaunch(), db.ConnectionString, default);
        var settings = Settings("ping", requests: 100, "target") with
        {
            Stacks = [StackCatalog.Rest],
            Targets = new Dictionary<string, string> { [StackCatalog.Rest] = host.Ready.Endpoints["http"] },
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(settings.OutputFolder, default);
        Assert.All(results.Summary!.Entries, e => Assert.NotNull(e.Breakdown));
        Assert.Contains(results.Manifest.Notes, n => n.Contains($"pid {host.Pid}", StringComparison.Ordinal));
    }

    private static string Name(SummaryEntry entry) => entry.Variant.Length == 0 ? entry.Stack : $"{entry.Stack} {entry.Variant}";

    // The fixture's hosts, read over EventPipe as a --target on this machine is: every stack's own timings, without a
    // host start per stack and run. Each run is made once and read by every test that asserts on it.
    private Task<IReadOnlyList<SummaryEntry>> PingRunAsync() => db.OnceAsync("breakdown-ping", folder => OnFixtureHostsAsync("ping", 200, folder, warmup: null));

    // A warm-up of its own for GetLinks: the server's intervals around a short window must not hold cold calls.
    private Task<IReadOnlyList<SummaryEntry>> LinksRunAsync() =>
        db.OnceAsync("breakdown-links", folder => OnFixtureHostsAsync("worst-case", 300, folder, TimeSpan.FromSeconds(2)));

    private async Task<IReadOnlyList<SummaryEntry>> OnFixtureHostsAsync(string scenario, long requests, string folder, TimeSpan? warmup)
    {
        var settings = await db.RunOnFixtureHostsAsync(scenario, folder) with
        {
            Requests = requests,
            Threads = 2,
            WatchLocalTargets = true,
        };
        settings = warmup is { } given ? settings with { Warmup = given } : settings;
        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));
        return (await ResultsLoader.LoadAsync(folder, default)).Summary!.Entries;
    }

    private RunSettings Settings(string scenario, long requests, string folder) =>
        db.Run(scenario, Path.Combine(_temp.Path, folder)) with { Requests = requests, Threads = 2 };

    public void Dispose() => _temp.Dispose();
}

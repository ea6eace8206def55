using Npgsql;
using RpcCompare.Data.Postgres;
using RpcCompare.Data.Seeding;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Reliability;

/// <summary>Faults during a run: each is survived, counted and explained; nothing hangs and nothing measured is lost.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class MidRunFaultTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task AHostKilledMidRunFailsOnlyItsOwnStack()
    {
        var settings = Settings(db.ConnectionString) with { Stacks = [StackCatalog.Rest, StackCatalog.Grpc], Duration = TimeSpan.FromSeconds(6) };
        var others = ChildProcesses.Hosts("Rest");

        var run = Task.Run(() => RunCoordinator.RunAsync(settings, default));
        await Eventually.TrueAsync(() => File.Exists(Path.Combine(_temp.Path, "latencies-rest.csv.tmp")), "REST's measured window", 180, pollMilliseconds: 100);
        await Task.Delay(TimeSpan.FromSeconds(1.5));
        Signals.Send(ChildProcesses.Hosts("Rest").Except(others).Single(), Signals.Kill);
        var exit = await run;

        Assert.Equal(1, exit);
        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        var rest = results.Summary!.Entries.Single(e => e.Stack == StackCatalog.Rest);
        Assert.Equal(ResultsFormat.EntryStatus.Failed, rest.Status);
        Assert.Contains("exited", rest.StatusReason, StringComparison.Ordinal);
        Assert.Equal(ResultsFormat.EntryStatus.Ok, results.Summary.Entries.Single(e => e.Stack == StackCatalog.Grpc).Status);
        Assert.Equal(ResultsFormat.RunStatus.Failed, results.Manifest.Status);
    }

    [Fact]
    public async Task TheHostsRecoverFromAPostgresRestartMidRun()
    {
        await using var cluster = await LocalPostgres.StartAsync(null, ephemeral: true, log: null, default);
        await using (var dataSource = NpgsqlDataSource.Create(cluster.ConnectionString))
        {
            await new Seeder(dataSource).EnsureSeededAsync(db.Spec, null, default);
        }
        var settings = Settings(cluster.ConnectionString) with { Stacks = [StackCatalog.Grpc, StackCatalog.Rest], Duration = TimeSpan.FromSeconds(7) };

        var run = Task.Run(() => RunCoordinator.RunAsync(settings, default));
        // The window's interval log gets its first interval half a second in and nothing before: the outage then falls in
        // the measured window, where its errors are counted, however long a busy machine took over the warm-up.
        var intervalLog = Path.Combine(_temp.Path, "intervals-grpc.hlog.tmp");
        await Eventually.TrueAsync(() => File.Exists(intervalLog) && new FileInfo(intervalLog).Length > 0, "gRPC's measured window", 180,
            pollMilliseconds: 100);
        await cluster.RestartAsync(TimeSpan.FromSeconds(1.5), default);
        var exit = await run;

        Assert.Equal(0, exit);
        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        var grpc = results.Summary!.Entries.Single(e => e.Stack == StackCatalog.Grpc);
        Assert.True(grpc.Errors > 0, "errors during the outage are counted");
        Assert.True(grpc.Requests > 0);
        var latencies = await LatencyCsv.ReadAsync(Path.Combine(_temp.Path, grpc.Files.Latencies!), default);
        Assert.Equal(grpc.Requests, latencies.Length);
        var rest = results.Summary.Entries.Single(e => e.Stack == StackCatalog.Rest);
        Assert.Equal(0, rest.Errors);
        Assert.True(rest.Requests > 0, "the next stack runs normally on the restarted database");
    }

    [Fact]
    public async Task AHostThatNeverBecomesReadyIsNamedWithItsOutput()
    {
        var settings = Settings(db.ConnectionString) with { Stacks = [StackCatalog.Rest], StartTimeout = TimeSpan.FromSeconds(4) };
        var record = new RunRecord(settings, "ping", new RpcCompare.Data.Generation.GraphGenerator(db.Spec));
        var results = await ResultsWriter.CreateAsync(_temp.Path, record.ToManifest(), default);
        var scenario = new PingScenario();
        var plan = RunPlan.Build(settings, scenario, new ScenarioData(db.Spec));
        await using var runner = new TrialRunner(plan, new RunContext(results, record,
            "Host=127.0.0.1;Port=1;Username=nobody;Password=never;Database=none", new RunProgress()));

        var ok = await runner.RunAsync(default);

        // The reason names the 4 s start timeout, which only the timeout path writes: no wall clock needed to see it.
        Assert.False(ok);
        var entry = Assert.Single(results.Entries);
        Assert.Equal(ResultsFormat.EntryStatus.Failed, entry.Status);
        Assert.Contains("REST host", entry.StatusReason, StringComparison.Ordinal);
        Assert.Contains("did not report healthy within 4 s", entry.StatusReason, StringComparison.Ordinal);
        Assert.Contains("RpcCompare rest host", entry.StatusReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ATargetThatIsDownOrSpeaksAnotherProtocolIsAClearFailure()
    {
        var rest = await db.HostAsync(StackCatalog.Rest);
        var settings = Settings(db.ConnectionString) with
        {
            Stacks = [StackCatalog.Grpc, StackCatalog.GraphQl],
            StartTimeout = TimeSpan.FromSeconds(3),
            Targets = new Dictionary<string, string>
            {
                [StackCatalog.Grpc] = rest.Ready.Endpoints["http"],
                [StackCatalog.GraphQl] = "http://127.0.0.1:1",
            },
        };

        var exit = await RunCoordinator.RunAsync(settings, default);

        Assert.Equal(1, exit);
        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.All(results.Summary!.Entries, e =>
        {
            Assert.Equal(ResultsFormat.EntryStatus.Failed, e.Status);
            Assert.Contains("did not report healthy", e.StatusReason, StringComparison.Ordinal);
        });
        Assert.All(results.Manifest.Hosts, h => Assert.True(h.Remote));
    }

    [Fact]
    public async Task CtrlCStopsEverythingItStarted()
    {
        var pgRoot = Path.Combine(Path.GetTempPath(), $"rc-ctrlc-pg-{Guid.NewGuid():N}");
        try
        {
            using var process = LoadClientProcess.Start(["--scenario", "payload-sweep", "--dataset", "tiny", "--pg-data", pgRoot,
                "--stacks", "wcf,grpc", "--requests", "400", "--warmup", "0s", "--out", _temp.Path, "--no-report"]);
            var output = process.StandardOutput.ReadToEndAsync();
            var error = process.StandardError.ReadToEndAsync();
            await Eventually.TrueAsync(() => File.Exists(Path.Combine(_temp.Path, ResultFileNames.Summary))
                && File.ReadAllText(Path.Combine(_temp.Path, ResultFileNames.Summary)).Contains("\"stack\": \"wcf\"", StringComparison.Ordinal),
                "WCF's entry in summary.json", 180, pollMilliseconds: 100);
            var hosts = ChildProcessesOf(process.Id);
            Signals.Send(process.Id, 2);
            await process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));

            Assert.Equal(130, process.ExitCode);
            Assert.Contains("SIGINT received", await error, StringComparison.Ordinal);
            _ = await output;
            var results = await ResultsLoader.LoadAsync(_temp.Path, default);
            Assert.Equal(ResultsFormat.RunStatus.Interrupted, results.Manifest.Status);
            Assert.NotEmpty(results.Summary!.Entries);
            Assert.All(hosts, pid => Assert.False(LocalPostgres.IsAlive(pid), $"host {pid} is gone"));
            var postmaster = File.Exists(Path.Combine(pgRoot, "data", "postmaster.pid"));
            Assert.False(postmaster, "the local PostgreSQL was stopped");
        }
        finally
        {
            if (Directory.Exists(pgRoot))
            {
                Directory.Delete(pgRoot, recursive: true);
            }
        }
    }

    private RunSettings Settings(string connectionString) => db.Run("base-case", _temp.Path) with
    {
        Warmup = TimeSpan.FromMilliseconds(500),
        Connection = connectionString,
        RequestTimeout = TimeSpan.FromSeconds(10),
        Threads = 4,
    };

    private static IReadOnlyList<int> ChildProcessesOf(int parent) =>
        [.. Directory.GetDirectories("/proc").Select(d => int.TryParse(Path.GetFileName(d), out var pid) ? pid : 0)
            .Where(pid => pid > 0 && ParentOf(pid) == parent)];

    private static int ParentOf(int pid)
    {
        try
        {
            var line = File.ReadLines($"/proc/{pid}/status").FirstOrDefault(l => l.StartsWith("PPid:", StringComparison.Ordinal));
            return int.TryParse(line?[5..].Trim(), out var parent) ? parent : 0;
        }
        catch (IOException)
        {
            return 0;
        }
    }

    public void Dispose() => _temp.Dispose();
}

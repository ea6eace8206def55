using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>
/// `--scenario restart` end to end: a host of its own (it is killed), started once per test with ten callers, stopped and
/// started again on the same port under them.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class RestartRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task ARestartCountsEveryCallOnceAndLeavesNoOrphan()
    {
        var settings = Settings(StackCatalog.Grpc) with { WriteReport = true };

        var exit = await RunCoordinator.RunAsync(settings, default);

        Assert.Equal(CommandRunner.Ok, exit);
        var restart = (await RestartResults.ReadAsync(_temp.Path, default))!;
        var grpc = Assert.Single(restart.Stacks);
        Assert.Null(grpc.Failure);
        Assert.Equal(10, grpc.CallersRecovered);
        Assert.Empty(grpc.NeverRecovered);
        Assert.NotNull(grpc.RecoveredAfterSeconds);
        Assert.NotNull(grpc.FirstCallP99Ms);
        Assert.True(grpc.Succeeded > 10, $"{grpc.Succeeded} calls succeeded");
        Assert.Equal(grpc.CallsIssued, grpc.Succeeded + grpc.Failed);
        Assert.Equal(grpc.CallsIssued, grpc.Timeline.Sum(b => b.Succeeded + b.Failed));
        Assert.True(grpc.ConnectionsOpenedAfterStop >= 1, "the client connected to the restarted host");
        Assert.NotEqual(grpc.PidBefore, grpc.PidAfter);
        Assert.False(IsRunning(grpc.PidBefore!.Value), $"the stopped host (pid {grpc.PidBefore}) is still in the process table");
        Assert.False(IsRunning(grpc.PidAfter!.Value), $"the restarted host (pid {grpc.PidAfter}) outlived the run");
        var manifest = await ResultsJson.ReadManifestAsync(Path.Combine(_temp.Path, ResultFileNames.Manifest), default);
        Assert.Equal([grpc.PidBefore, grpc.PidAfter], manifest.Hosts.Select(h => h.Pid));
        Assert.Contains("RpcCompare grpc host", await File.ReadAllTextAsync(Path.Combine(_temp.Path, ResultFileNames.HostLog("grpc-restarted"))),
            StringComparison.Ordinal);
        Assert.Contains("gRPC served every caller again", await File.ReadAllTextAsync(Path.Combine(_temp.Path, "report.html")), StringComparison.Ordinal);
    }

    [Fact]
    public async Task AnInterruptedRestartKeepsWhatItCounted()
    {
        using var interrupt = new CancellationTokenSource();
        var settings = Settings(StackCatalog.Wcf) with { KillHost = true };
        var manifestPath = Path.Combine(_temp.Path, ResultFileNames.Manifest);

        var run = Task.Run(() => RunCoordinator.RunAsync(settings, interrupt.Token));
        // The restarted host is in the manifest once it is up: interrupted then, the callers are mid-recovery or past it.
        await Eventually.TrueAsync(async () => File.Exists(manifestPath)
            && (await ResultsJson.ReadManifestAsync(manifestPath, default)).Hosts.Count == 2, "the restarted host", 180, pollMilliseconds: 50);
        await interrupt.CancelAsync();
        var exit = await run;

        Assert.Equal(CommandRunner.Interrupted, exit);
        var restart = (await RestartResults.ReadAsync(_temp.Path, default))!;
        Assert.Equal("SIGKILL", restart.Signal);
        var wcf = Assert.Single(restart.Stacks);
        Assert.True(wcf.Interrupted);
        Assert.NotNull(wcf.PidAfter);
        Assert.True(wcf.Succeeded > 0);
        Assert.Equal(wcf.CallsIssued, wcf.Succeeded + wcf.Failed);
        Assert.Equal(wcf.CallsIssued, wcf.Timeline.Sum(b => b.Succeeded + b.Failed));
        Assert.False(IsRunning(wcf.PidBefore!.Value));
        Assert.False(IsRunning(wcf.PidAfter!.Value));
        Assert.Equal(ResultsFormat.RunStatus.Interrupted, (await ResultsJson.ReadManifestAsync(manifestPath, default)).Status);
    }

    private RunSettings Settings(string stack) => db.Run(RestartScenario.ScenarioName, _temp.Path) with
    {
        Stacks = [stack],
        Threads = 10,
        RequestTimeout = TimeSpan.FromSeconds(10),
    };

    /// <summary>Whether the pid is a live process (a zombie not yet reaped is not: it runs nothing).</summary>
    private static bool IsRunning(int pid)
    {
        try
        {
            var status = File.ReadAllLines($"/proc/{pid}/status");
            return !status.Any(l => l.StartsWith("State:", StringComparison.Ordinal) && l.Contains("zombie", StringComparison.Ordinal));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    public void Dispose() => _temp.Dispose();
}

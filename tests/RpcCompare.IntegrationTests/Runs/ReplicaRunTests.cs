using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>A replica entry slowed on purpose, on real hosts: a second host of the stack, its relay holding every call,
/// and every file of the run saying so.</summary>
// It starts its own two hosts (a replica cannot be a --target) and times a lower bound only: the injected delay.
[Collection(DatabaseCollection.Name)]
public sealed class ReplicaRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task ASlowedReplicaIsMeasuredAndLabelledAsOne()
    {
        var settings = db.Run("ping", _temp.Path) with
        {
            Stacks = [StackCatalog.Grpc, "grpc.replica2"],
            Requests = 40,
            Threads = 1,
            Warmup = TimeSpan.Zero,
            Calibration = new CalibrationDelay("grpc.replica2", TimeSpan.FromMilliseconds(5)),
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var run = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal(["grpc", "grpc.replica2"], run.Summary!.Entries.Select(e => e.Stack).Distinct());
        Assert.All(run.Summary.Entries, e => Assert.Equal(ResultsFormat.EntryStatus.Ok, e.Status));
        // Every call of the replica waited 5 ms in its relay: a lower bound no machine can beat.
        Assert.All(run.Summary.Entries.Where(e => e.Stack == "grpc.replica2"), e => Assert.True(e.LatencyMs!.P50 >= 5, $"{e.Variant}: p50 {e.LatencyMs.P50:F2} ms"));
        Assert.All(run.Summary.Entries.Where(e => e.Stack == "grpc.replica2"),
            e => Assert.StartsWith($"  gRPC (replica 2) {e.Variant}: {e.Requests:N0} requests", ConsoleSummary.Describe(e), StringComparison.Ordinal));
        var manifest = run.Manifest;
        Assert.Equal("grpc#2=5ms", manifest.Options["calibration-delay"]);
        Assert.Equal(ResultsFormat.NetworkMechanism.Relay, manifest.Network!.Mechanism);
        Assert.Contains(manifest.Notes, n => n.StartsWith("gRPC (replica 2) (grpc.replica2) is a second gRPC host", StringComparison.Ordinal));
        Assert.Contains(manifest.Notes, n => n.StartsWith("This run calibrates the verdict and is not a measurement", StringComparison.Ordinal));
        Assert.EndsWith("which holds every call 5 ms longer (calibration)", manifest.Hosts.Single(h => h.Stack == "grpc.replica2").Address, StringComparison.Ordinal);
        Assert.DoesNotContain("longer", manifest.Hosts.Single(h => h.Stack == "grpc").Address, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_temp.Path, ResultFileNames.HostLog("grpc.replica2"))));

        await ReportWriter.WriteAsync(_temp.Path, new ReportOptions { Png = new PngOptions { Enabled = false } }, default);
        var markdown = await File.ReadAllTextAsync(Path.Combine(_temp.Path, ResultFileNames.ReportMarkdown));
        Assert.StartsWith("# RpcCompare report: ping on loopback, no TLS, calibration: grpc#2 slowed by 5ms per call", markdown, StringComparison.Ordinal);
        Assert.Contains("gRPC (replica 2)", markdown, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();
}

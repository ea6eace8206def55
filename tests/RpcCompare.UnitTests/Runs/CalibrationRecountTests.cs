using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Runs;

/// <summary>`recount`: a calibration folder's runs read again with today's verdict rules.</summary>
public sealed class CalibrationRecountTests : IDisposable
{
    private readonly TempFolder _temp = new();

    public void Dispose() => _temp.Dispose();

    [Fact]
    public async Task TheRunsOfAFolderAreCountedAgain()
    {
        // A/A: the replica within 1% of gRPC either way; effect: the replica 10% slower in every trial.
        await Run("aa-01", [2.0, 2.1, 1.9, 2.0, 2.05], [2.01, 2.08, 1.92, 1.99, 2.06], delay: null);
        await Run("effect-01", [2.0, 2.1, 1.9, 2.0, 2.05], [2.2, 2.31, 2.09, 2.2, 2.26], delay: "grpc#2=0.2ms");

        Assert.Equal(CommandRunner.Ok, await CalibrationRun.RecountAsync(_temp.Path, CancellationToken.None));

        var table = await File.ReadAllTextAsync(_temp.Combine("calibration-recount.md"));
        Assert.Contains("slowed by 0.2 ms per call (read from the effect runs' manifests; every verdict recounted with this version's rules)", table);
        Assert.Matches(@"\| A/A \| — \| median \| 1 \| 0 \| 0 \| [01] \| [01] \| 0% \| — \|", table);
        Assert.Matches(@"\| effect \| — \| median \| 1 \| 1 \| 0 \| 0 \| 0 \| — \| 100% \|", table);
    }

    [Fact]
    public async Task AnInterruptedRunIsLeftOutNotCountedAsFailed()
    {
        await Run("aa-01", [2.0, 2.1, 1.9, 2.0, 2.05], [2.01, 2.08, 1.92, 1.99, 2.06], delay: null);
        await Run("aa-02", [2.0, 2.1, 1.9, 2.0, 2.05], [2.01, 2.08, 1.92, 1.99, 2.06], delay: null, ResultsFormat.RunStatus.Interrupted);

        Assert.Equal(CommandRunner.Ok, await CalibrationRun.RecountAsync(_temp.Path, CancellationToken.None));

        var table = await File.ReadAllTextAsync(_temp.Combine("calibration-recount.md"));
        Assert.Contains("; 1 A/A runs and no effect run (every verdict recounted with this version's rules). " +
            "The A/A runs reached each host directly, as a measurement does.\n", table, StringComparison.Ordinal);
        Assert.Contains("- A/A runs: median run time", table, StringComparison.Ordinal);
        Assert.Contains("failed runs: none.", table, StringComparison.Ordinal);
        Assert.DoesNotContain("- effect runs:", table, StringComparison.Ordinal);
        Assert.EndsWith("- Left out, stopped mid-run (calibrate --continue makes them again): aa-02 (interrupted).\n", table, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AFolderWithoutRunsIsRefusedByName()
    {
        var error = await Assert.ThrowsAsync<UserFacingException>(() => CalibrationRun.RecountAsync(_temp.Path, CancellationToken.None));

        Assert.Equal($"{_temp.Path} holds no calibration runs (folders aa-01, effect-01, ... that `calibrate` writes).", error.Message);
    }

    private Task<string> Run(string name, double[] stackMedians, double[] replicaMedians, string? delay,
        string status = ResultsFormat.RunStatus.Complete) =>
        SyntheticResults.CreateAsync(_temp.Combine(name),
        [
            new SyntheticEntry("grpc", "", 2000, 2, 0.02) { TrialMedians = stackMedians },
            new SyntheticEntry("grpc.replica2", "", 2000, 2, 0.02) { TrialMedians = replicaMedians },
        ], scenario: "base-case", status: status, options: delay is null
            ? new Dictionary<string, string> { ["stacks"] = "grpc,grpc#2" }
            : new Dictionary<string, string> { ["stacks"] = "grpc,grpc#2", ["calibration-delay"] = delay });
}

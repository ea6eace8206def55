using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Runs;

/// <summary>`calibrate --continue`: a calibration made over several sittings keeps its complete runs and nothing else.</summary>
public sealed class CalibrationFolderTests : IDisposable
{
    private static readonly string[] RunOptions = ["--requests", "3000"];
    private readonly TempFolder _temp = new();

    public void Dispose() => _temp.Dispose();

    [Fact]
    public async Task ANewCalibrationWritesItsPlanAndAContinuedOneKeepsOnlyItsCompleteRuns()
    {
        Assert.Empty(await CalibrationFolder.PrepareAsync(_temp.Path, Plan(), CancellationToken.None));
        Assert.True(File.Exists(_temp.Combine(CalibrationFolder.PlanFileName)));
        await Run("aa-01", ResultsFormat.RunStatus.Complete, delay: null);
        await Run("aa-02", ResultsFormat.RunStatus.Interrupted, delay: null);
        await File.WriteAllTextAsync(_temp.Combine("aa-02.log"), "stopped");
        await Run("effect-01", ResultsFormat.RunStatus.Complete, delay: "grpc#2=0.541ms");

        var kept = await CalibrationFolder.PrepareAsync(_temp.Path, Plan() with { Continue = true }, CancellationToken.None);

        Assert.Equal(["aa-01", "effect-01"], kept.Select(k => Path.GetFileName(k.Run.Path)));
        Assert.False(Directory.Exists(_temp.Combine("aa-02")));
        Assert.False(File.Exists(_temp.Combine("aa-02.log")));
        Assert.Equal(TimeSpan.FromMilliseconds(0.541), CalibrationFolder.KeptDelay(kept));
    }

    [Fact]
    public async Task ARunThatCannotBeReadIsRefusedByNameAndKeptWhileOneWithoutAManifestIsMadeAgain()
    {
        await CalibrationFolder.PrepareAsync(_temp.Path, Plan(), CancellationToken.None);
        await Run("aa-01", ResultsFormat.RunStatus.Complete, delay: null);
        await File.WriteAllTextAsync(_temp.Combine("aa-01", ResultFileNames.Manifest), "{ \"formatVersion\": ");
        Directory.CreateDirectory(_temp.Combine("aa-02"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => CalibrationFolder.PrepareAsync(_temp.Path, Plan() with { Continue = true },
            CancellationToken.None));

        Assert.StartsWith($"--continue: the run {_temp.Combine("aa-01")} cannot be read, so it is neither kept nor made again (", error.Message);
        Assert.EndsWith("Move it out of the folder, or mend it, and continue again.", error.Message);
        Assert.True(File.Exists(_temp.Combine("aa-01", ResultFileNames.Manifest)));

        Directory.Move(_temp.Combine("aa-01"), _temp.Combine("aside"));
        Assert.Empty(await CalibrationFolder.PrepareAsync(_temp.Path, Plan() with { Continue = true }, CancellationToken.None));
        Assert.False(Directory.Exists(_temp.Combine("aa-02")));
    }

    [Fact]
    public async Task AFolderInUseIsRefusedWithoutContinue()
    {
        await CalibrationFolder.PrepareAsync(_temp.Path, Plan(), CancellationToken.None);

        var error = await Assert.ThrowsAsync<UserFacingException>(() => CalibrationFolder.PrepareAsync(_temp.Path, Plan(), CancellationToken.None));

        Assert.Equal($"--out {_temp.Path} is not empty; a calibration writes its runs into a folder of its own (--continue adds to the calibration there).",
            error.Message);
    }

    [Fact]
    public async Task AContinuedCalibrationWithOtherRunOptionsIsRefusedByName()
    {
        await CalibrationFolder.PrepareAsync(_temp.Path, Plan(), CancellationToken.None);
        await Run("aa-01", ResultsFormat.RunStatus.Complete, delay: null);

        var error = await Assert.ThrowsAsync<UserFacingException>(() => CalibrationFolder.PrepareAsync(_temp.Path,
            Plan() with { Continue = true, RunOptions = ["--requests", "2000"] }, CancellationToken.None));

        Assert.Equal($"--continue: the calibration in {_temp.Path} was made with the run options '--requests 3000', not '--requests 2000' " +
            "(calibration-plan.json); its runs would not be comparable. Give the same options, or start a new folder.", error.Message);
        Assert.True(Directory.Exists(_temp.Combine("aa-01")));
    }

    [Fact]
    public async Task AFolderWithoutAPlanCannotBeContinued()
    {
        await Run("aa-01", ResultsFormat.RunStatus.Complete, delay: null);

        var error = await Assert.ThrowsAsync<UserFacingException>(() => CalibrationFolder.PrepareAsync(_temp.Path, Plan() with { Continue = true },
            CancellationToken.None));

        Assert.StartsWith($"--continue: {_temp.Path} holds no calibration-plan.json", error.Message);
    }

    private CalibrationPlan Plan() => new()
    {
        Scenario = "base-case",
        Stack = "grpc",
        Runs = 20,
        Folder = _temp.Path,
        RunOptions = RunOptions,
    };

    private Task<string> Run(string name, string status, string? delay) =>
        SyntheticResults.CreateAsync(_temp.Combine(name),
        [
            new SyntheticEntry("grpc", "", 2000, 2, 0.02) { TrialMedians = [2.0, 2.1, 1.9, 2.0, 2.05] },
            new SyntheticEntry("grpc.replica2", "", 2000, 2, 0.02) { TrialMedians = [2.01, 2.08, 1.92, 1.99, 2.06] },
        ], scenario: "base-case", status: status, options: delay is null
            ? new Dictionary<string, string> { ["stacks"] = "grpc,grpc#2" }
            : new Dictionary<string, string> { ["stacks"] = "grpc,grpc#2", ["calibration-delay"] = delay });
}

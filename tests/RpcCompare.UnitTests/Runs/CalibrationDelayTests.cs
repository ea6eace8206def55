using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Network;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

public class CalibrationDelayTests
{
    private static readonly string[] Stacks = ["grpc", "grpc.replica2"];

    [Fact]
    public void TheDelaySlowsTheNamedReplicaOnly()
    {
        var calibration = CalibrationDelayOption.Parse("grpc#2=0.2ms", Stacks);

        Assert.Equal(new CalibrationDelay("grpc.replica2", TimeSpan.FromMilliseconds(0.2)), calibration);
        Assert.Equal(TimeSpan.FromMilliseconds(0.2), calibration.DelayFor("grpc.replica2"));
        Assert.Equal(TimeSpan.Zero, calibration.DelayFor("grpc"));
        Assert.Equal("calibration: gRPC (replica 2) (grpc#2) slowed by 0.2 ms per call", calibration.Describe());
    }

    [Theory]
    [InlineData("grpc=0.2ms", "slows a replica entry only (e.g. grpc#2), never a stack itself")]
    [InlineData("rest#2=0.2ms", "slows rest#2, which --stacks does not name")]
    [InlineData("grpc#2", "must look like replica=delay")]
    [InlineData("grpc#2=0.2", "'0.2' is not a duration")]
    [InlineData("grpc#2=2s", "must be at most 1s per call (was 2s)")]
    [InlineData("grpc#11=1ms", "a replica is numbered 2 to 9")]
    public void AWrongDelayIsRefusedByName(string text, string expected)
    {
        var error = Assert.Throws<UserFacingException>(() => CalibrationDelayOption.Parse(text, Stacks));

        Assert.StartsWith("--calibration-delay", error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ARelayIsToldToDelayOnlyWhenCalibrating()
    {
        var plain = RelayProcess.Arguments(NetworkProfile.Lan, ["http://127.0.0.1:5001"], TimeSpan.Zero);
        var slowed = RelayProcess.Arguments(NetworkProfile.Loopback, ["http://127.0.0.1:5001"], TimeSpan.FromMicroseconds(20));

        Assert.Equal(["relay", "--network", "lan", "--until-stdin-closes", "--forward", "http://127.0.0.1:5001"], plain);
        Assert.Equal(["relay", "--network", "loopback", "--until-stdin-closes", "--calibration-delay", "0.02ms", "--forward", "http://127.0.0.1:5001"], slowed);
        Assert.Equal(TimeSpan.Zero, CalibrationDelayOption.ParseDelay(null));
        Assert.Equal(TimeSpan.FromMicroseconds(20), CalibrationDelayOption.ParseDelay("0.02ms"));
    }

    [Fact]
    public void ARunWithoutTheSwitchHasNoCalibrationAnywhere()
    {
        var settings = TestRunSettings.Create("ping", Stacks);

        Assert.Null(settings.Calibration);
        Assert.Equal("loopback: the client talks to each host directly on this machine", RunRecord.NetworkDescription(settings));
    }

    [Fact]
    public void ACalibrationRunSaysSoInItsNetwork()
    {
        var settings = TestRunSettings.Create("ping", Stacks) with { Calibration = new CalibrationDelay("grpc.replica2", TimeSpan.FromMilliseconds(0.2)) };

        Assert.Equal("loopback, through a relay process in front of each host that adds nothing but the calibration: gRPC (replica 2) (grpc#2) " +
            "slowed by 0.2 ms per call", RunRecord.NetworkDescription(settings));
    }
}

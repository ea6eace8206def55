using System.CommandLine;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;

namespace RpcCompare.UnitTests.Cli;

/// <summary>--connection-mode: connections kept unless a run asks for one per call, and what cannot go with it, refused.</summary>
public sealed class ConnectionModeOptionTests
{
    [Fact]
    public void ConnectionsAreKeptUnlessAskedOtherwise()
    {
        var settings = RunOptionsTargetTests.Bind();

        Assert.False(settings.NewConnectionPerCall);
        Assert.False(settings.OptionsForManifest.ContainsKey("connection-mode"));
    }

    [Theory]
    [InlineData("new-per-call", true)]
    [InlineData("reuse", false)]
    public void TheModeGivenIsTheRunsAndTheManifests(string mode, bool newPerCall)
    {
        var settings = RunOptionsTargetTests.Bind("--connection-mode", mode);

        Assert.Equal(newPerCall, settings.NewConnectionPerCall);
        Assert.Equal(mode, settings.OptionsForManifest["connection-mode"]);
    }

    [Fact]
    public void AnUnknownModeIsRefused()
    {
        var root = new RootCommand();
        new RunOptions().AddTo(root);

        var result = root.Parse(["--scenario", "ping", "--connection-mode", "pooled"]);

        Assert.Equal(["--connection-mode must be reuse or new-per-call (was pooled)."], result.Errors.Select(e => e.Message));
    }

    [Fact]
    public void NewPerCallWithSeveralGrpcConnectionsIsRefused()
    {
        var e = Assert.Throws<UserFacingException>(() =>
            RunOptionsTargetTests.Bind("--connection-mode", "new-per-call", "--connections", "4"));

        Assert.Equal("--connection-mode new-per-call keeps no connection open, so --connections 4 has none to spread the gRPC " +
            "calls over; give one or the other.", e.Message);
    }

    [Fact]
    public void NewPerCallWithOneGrpcConnectionIsAccepted() =>
        Assert.True(RunOptionsTargetTests.Bind("--connection-mode", "new-per-call", "--connections", "1").NewConnectionPerCall);
}

using RpcCompare.LoadClient.Hosts;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Hosts;

/// <summary>The ports a spawned host is started with: the OS's pick, or its predecessor's when restarted in place.</summary>
public sealed class HostLaunchTests
{
    [Fact]
    public void AHostLetsTheSystemPickItsPorts()
    {
        var arguments = HostProcess.Arguments("rest.dll", StackCatalog.Get(StackCatalog.Rest), new HostLaunch { RestHttp2 = true }).ToList();

        Assert.Contains("--port=0", arguments);
        Assert.Contains("--http2-port=0", arguments);
    }

    [Fact]
    public void ARestartedHostTakesItsPredecessorsPorts()
    {
        var launch = new HostLaunch { RestHttp2 = true, Port = 41_003, Http2Port = 41_013 };

        var arguments = HostProcess.Arguments("rest.dll", StackCatalog.Get(StackCatalog.Rest), launch).ToList();

        Assert.Contains("--port=41003", arguments);
        Assert.Contains("--http2-port=41013", arguments);
    }
}

using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

/// <summary>One run's settings handed to the hosts it starts.</summary>
public sealed class RunSettingsTests
{
    private static RunSettings Settings() => TestRunSettings.Create("worst-case", "grpc");

    [Fact]
    public void HostsGetTheRunsLimits()
    {
        var settings = Settings() with
        {
            RestHttp2 = true,
            QueryDelay = TimeSpan.FromMilliseconds(50),
            Placement = new CpuPlacement([0], [1], "test"),
        };

        var host = settings.ToHostLaunch(allowWrites: true, "host.log");
        Assert.True(host.AllowWrites);
        Assert.Equal(12, host.DbPoolSize);
        Assert.Equal(TimeSpan.FromMilliseconds(50), host.QueryDelay);
        Assert.True(host.RestHttp2);
        Assert.Equal(TimeSpan.FromSeconds(9), host.StartTimeout);
        Assert.Equal([1], host.Cpus);
        Assert.Equal("host.log", host.LogPath);
    }
}

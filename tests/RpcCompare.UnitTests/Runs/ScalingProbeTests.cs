using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Runs;

/// <summary>The scaling check: when twice the callers make an entry client-bound, and what the entry then says.</summary>
public sealed class ScalingProbeTests
{
    [Theory]
    [InlineData(100_000, 104_000, 0.020, 0.021, 60.0, true)]   // no gain, host flat and not busy: the client held it back
    [InlineData(100_000, 150_000, 0.020, 0.021, 60.0, false)]  // more callers, more throughput: not saturated
    [InlineData(100_000, 104_000, 0.020, 0.040, 60.0, false)]  // the host's time per request doubled: the host queues
    [InlineData(100_000, 104_000, 0.020, 0.021, 95.0, false)]  // the host's CPUs are busy: it may be the limit
    public void SaturatedOnlyWhenTheHostWasNotTheLimit(double baseRps, double probeRps, double baseMs, double probeMs, double hostCpu,
        bool saturated) =>
        Assert.Equal(saturated, ScalingProbe.IsSaturated(baseRps, probeRps, baseMs, probeMs, hostCpu));

    [Fact]
    public void AnUnsampledHostIsNeverCalledIdle() =>
        Assert.False(ScalingProbe.IsSaturated(100_000, 100_000, 0.02, 0.02, hostCpuPercent: null));

    [Fact]
    public void ASaturatedCheckMakesTheEntryClientBound()
    {
        var client = Client(busy: 40, Check(saturated: true));

        Assert.True(client.ClientBound);
        Assert.Equal("with twice the callers (64) the throughput changed by +4% while the host's own time per request stayed at " +
            "0.021 ms and its CPUs 60% busy, so the load client (or the path to the host) held it back with its CPUs only 40% busy",
            client.BoundBecause);
    }

    [Fact]
    public void AnUnsaturatedCheckLeavesTheEntryAlone()
    {
        var client = Client(busy: 40, Check(saturated: false));

        Assert.False(client.ClientBound);
        Assert.Null(client.BoundBecause);
    }

    [Fact]
    public void ABusyClientIsBoundForItsCpus() =>
        Assert.Equal("the load client kept its 1 CPU 95% busy", Client(busy: 95, null).BoundBecause);

    private static ScalingCheck Check(bool saturated) => new()
    {
        Threads = 64,
        ThroughputRps = 104_000,
        BaseThroughputRps = 100_000,
        ServerMeanMs = 0.021,
        BaseServerMeanMs = 0.020,
        HostCpuPercent = 60,
        Saturated = saturated,
    };

    private static ClientSummary Client(double busy, ScalingCheck? check) => new()
    {
        CpuPercent = 10,
        CpuMsPerRequest = 0.1,
        PeakWorkingSetMb = 60,
        Cpus = 1,
        BusyPercent = busy,
        Scaling = check,
    };
}

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
        Assert.Equal(saturated, ScalingProbe.IsSaturated(baseRps, probeRps, baseMs, probeMs, hostCpu, probeRequests: 1000));

    [Fact]
    public void AnUnsampledHostIsNeverCalledIdle() =>
        Assert.False(ScalingProbe.IsSaturated(100_000, 100_000, 0.02, 0.02, hostCpuPercent: null, probeRequests: 1000));

    [Fact]
    public void ACheckThatCompletedTooFewCallsIsNotSaturated() =>
        // Worst-case's stream: twice the callers finished no multi-second call in the window, which is no evidence at all.
        Assert.False(ScalingProbe.IsSaturated(2.5, 0, 2531, 2531, hostCpuPercent: 30, probeRequests: ScalingProbe.MinimumCalls - 1));

    [Theory]
    [InlineData(100_000, 10, 1.5)] // fast calls: the shortest window
    [InlineData(10, 2, 2.0)]       // 20 calls at 10 req/s
    [InlineData(10, 10, 6.0)]      // 20 callers completing 3 calls each at 10 req/s
    [InlineData(2, 2, 10.0)]       // 20 calls at 2 req/s: the longest window
    public void TheWindowExpectsEnoughCallsFromEveryCaller(double baseRps, int threads, double seconds) =>
        Assert.Equal(TimeSpan.FromSeconds(seconds), ScalingProbe.WindowFor(baseRps, threads));

    [Theory]
    [InlineData(1.9, 2)]
    [InlineData(0, 2)]
    [InlineData(4.25, 10)] // worst-case's gRPC stream: 20 callers would each finish one 4.7 s call, in one burst
    public void CallsTooSlowForTheLongestWindowAreNotChecked(double baseRps, int threads) =>
        Assert.Null(ScalingProbe.WindowFor(baseRps, threads));

    [Fact]
    public void AChangeJustBelowZeroReadsPlusZero()
    {
        var client = Client(busy: 40, Check(saturated: true, throughputRps: 99_990));

        Assert.StartsWith("with twice the callers (64) the throughput changed by +0% while", client.BoundBecause);
    }

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

    private static ScalingCheck Check(bool saturated, double throughputRps = 104_000) => new()
    {
        Threads = 64,
        ThroughputRps = throughputRps,
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

using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Placement;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Placement;

public sealed class CpuPlacementTests
{
    [Theory]
    [InlineData(new[] { 0, 1 }, "0", "1")]
    [InlineData(new[] { 0, 1, 2 }, "0", "1,2")]
    [InlineData(new[] { 0, 1, 2, 3 }, "0,1", "2,3")]
    [InlineData(new[] { 2, 3, 4, 5, 6, 7 }, "2-4", "5-7")]
    public void AutoGivesTheClientTheFirstHalfAndTheHostsTheRest(int[] available, string client, string hosts)
    {
        var placement = CpuPlacement.Resolve("auto", available, anyHostSpawned: true);

        Assert.Equal(client, CpuList.Format(placement.Client!));
        Assert.Equal(hosts, CpuList.Format(placement.Hosts!));
        Assert.Equal(available.Length / 2, placement.ClientCpuCount);
    }

    [Fact]
    public void AutoPinsNothingOnOneCpuOrWhenNoHostRunsHere()
    {
        Assert.False(CpuPlacement.Resolve("auto", [0], anyHostSpawned: true).IsPinned);
        var remote = CpuPlacement.Resolve("auto", [0, 1], anyHostSpawned: false);
        Assert.False(remote.IsPinned);
        Assert.Contains("--target", remote.Describe(), StringComparison.Ordinal);
    }

    [Fact]
    public void AutoFallsBackToNoPinningWhereTheMachineCannotPin()
    {
        var auto = CpuPlacement.Resolve("auto", [0, 1], anyHostSpawned: true, cannotPinBecause: "taskset is not on PATH");
        Assert.False(auto.IsPinned);
        Assert.Contains("taskset is not on PATH", auto.Describe(), StringComparison.Ordinal);

        var e = Assert.Throws<UserFacingException>(() =>
            CpuPlacement.Resolve("client=0,hosts=1", [0, 1], anyHostSpawned: true, cannotPinBecause: "taskset is not on PATH"));
        Assert.Contains("--cpus none", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ExplicitListsMayHoldCommasAndRanges()
    {
        var placement = CpuPlacement.Resolve("client=0,2,hosts=1,3-5", [0, 1, 2, 3, 4, 5], anyHostSpawned: true);

        Assert.Equal([0, 2], placement.Client);
        Assert.Equal([1, 3, 4, 5], placement.Hosts);
        Assert.Contains("Load client on CPU 0,2, spawned hosts on CPU 1,3-5", placement.Describe(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("client=0", "must give both")]
    [InlineData("client=0,hosts=0", "must not share a CPU, but both are given CPU 0")]
    [InlineData("client=x,hosts=1", "'x' is not a CPU number or range")]
    [InlineData("client=3-1,hosts=4", "'3-1' is not a CPU number or range")]
    [InlineData("server=1,client=0", "unknown part 'server'")]
    [InlineData("client=0,client=1,hosts=2", "'client' is given twice")]
    [InlineData("everything", "is not auto, none, or client=LIST,hosts=LIST")]
    public void BadTextIsNamed(string text, string expected)
    {
        var error = CpuPlacement.Validate(text);

        Assert.NotNull(error);
        Assert.Contains(expected, error, StringComparison.Ordinal);
    }

    [Fact]
    public void ACpuThisProcessMayNotUseIsRefusedByNumber()
    {
        var e = Assert.Throws<UserFacingException>(() => CpuPlacement.Resolve("client=0,hosts=7", [0, 1], anyHostSpawned: true));

        Assert.Contains("CPU 7, which this process may not use (available: 0,1)", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AvailableCpusAreThoseOfThisProcess()
    {
        var available = CpuAffinity.Available();

        Assert.NotEmpty(available);
        Assert.True(available.Count <= Environment.ProcessorCount || !OperatingSystem.IsLinux());
    }

    [Theory]
    [InlineData(89.9, false)]
    [InlineData(90, true)]
    [InlineData(100, true)]
    public void AnEntryIsClientBoundFromNinetyPercentOfTheClientsCpus(double busy, bool bound)
    {
        var client = new ClientSummary { CpuPercent = 50, CpuMsPerRequest = 0.01, PeakWorkingSetMb = 80, Cpus = 1, BusyPercent = busy };

        Assert.Equal(bound, client.ClientBound);
    }

    [Fact]
    public void ResultsFromBeforeCpusAreNeverClientBound() =>
        Assert.False(new ClientSummary { CpuPercent = 99, CpuMsPerRequest = 1, PeakWorkingSetMb = 80 }.ClientBound);
}

using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement.Counters;

public sealed class MachineCpuTests
{
    [Fact]
    public void TheMachinesLineOfProcStatGivesBusyAndSteal()
    {
        var start = MachineCpu.Parse("cpu  1000 0 500 8000 100 0 0 0 0 0");
        var end = MachineCpu.Parse("cpu  1600 0 700 8300 100 0 0 100 0 0");

        var noise = MachineCpu.Between(start, end)!;

        // 800 busy, 300 idle and 100 stolen jiffies of 1,200.
        Assert.Equal(66.7, noise.BusyPercent);
        Assert.Equal(8.3, noise.StealPercent);
        Assert.Null(MachineCpu.Parse("intr 12 0 3"));
    }

    [Fact]
    public void ACounterThatWentBackwardsGivesNoFigure() =>
        Assert.Null(MachineCpu.Between(MachineCpu.Parse("cpu 10 0 0 10 0 0 0 0"), MachineCpu.Parse("cpu 5 0 0 20 0 0 0 0")));
}

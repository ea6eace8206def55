using RpcCompare.LoadClient.Runs;

namespace RpcCompare.UnitTests.Runs;

/// <summary>The estimate printed before a run: its "at most" figure is a bound, so it is rounded up.</summary>
public sealed class RunEstimateTests
{
    [Theory]
    [InlineData(311, "6")]
    [InlineData(300, "5")]
    [InlineData(20, "1")]
    [InlineData(2040, "34")]
    public void TheMostARunMayTakeIsRoundedUpToTheMinute(int seconds, string printed) =>
        Assert.Equal(printed, RunCoordinator.MinutesAtMost(TimeSpan.FromSeconds(seconds)));
}

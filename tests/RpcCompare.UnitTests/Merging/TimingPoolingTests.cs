using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Merging;

public sealed class TimingPoolingTests
{
    [Fact]
    public void TimingsPoolWeightedByTheirCounts()
    {
        var pooled = TrialPooling.PooledTiming([
            new TimingSummary { Count = 100, Mean = 2, P50 = 1, P99 = 10 },
            null,
            new TimingSummary { Count = 300, Mean = 6, P50 = 5, P99 = 30 },
        ]);

        Assert.Equal(400, pooled!.Count);
        Assert.Equal(5.0, pooled.Mean, 9);
        Assert.Equal(4.0, pooled.P50, 9);
        Assert.Equal(25.0, pooled.P99, 9);
    }

    [Fact]
    public void NoTimingPoolsToNone() => Assert.Null(TrialPooling.PooledTiming([null, null]));
}

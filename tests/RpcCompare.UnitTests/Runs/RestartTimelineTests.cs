using System.Diagnostics;
using RpcCompare.LoadClient.Runs.Restart;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Runs;

/// <summary>The restart timeline: a call counts in the bucket in which it ended, nothing is lost at either end.</summary>
public sealed class RestartTimelineTests
{
    private const long Origin = 1_000_000;

    private static long At(double seconds) => Origin + (long)Math.Round(seconds * Stopwatch.Frequency);

    [Fact]
    public void ACallCountsInTheBucketInWhichItEnded()
    {
        var timeline = new RestartTimeline(Origin, TimeSpan.FromMilliseconds(100), capacity: 10);

        timeline.AddCall(At(0.05), succeeded: true);
        timeline.AddCall(At(0.0999), succeeded: false);
        timeline.AddCall(At(0.1), succeeded: true);
        timeline.AddCall(At(0.35), succeeded: false);
        timeline.AddConnection(At(0.12));

        Assert.Equal(
            [new RestartBucket(0, 1, 1, 0), new RestartBucket(0.1, 1, 0, 1), new RestartBucket(0.2, 0, 0, 0), new RestartBucket(0.3, 0, 1, 0)],
            timeline.ToBuckets());
    }

    [Fact]
    public void EventsOutsideTheSpanLandInTheEndBuckets()
    {
        var timeline = new RestartTimeline(Origin, TimeSpan.FromMilliseconds(100), capacity: 3);

        timeline.AddCall(Origin - Stopwatch.Frequency, succeeded: true);
        timeline.AddCall(At(10), succeeded: false);

        Assert.Equal([new RestartBucket(0, 1, 0, 0), new RestartBucket(0.1, 0, 0, 0), new RestartBucket(0.2, 0, 1, 0)], timeline.ToBuckets());
    }

    [Fact]
    public void AnEmptyTimelineHasNoBuckets() =>
        Assert.Empty(new RestartTimeline(Origin, TimeSpan.FromMilliseconds(100), capacity: 5).ToBuckets());

    [Fact]
    public void CallersCountingAtOnceLoseNoCall()
    {
        var timeline = new RestartTimeline(Origin, TimeSpan.FromMilliseconds(100), capacity: 50);

        Parallel.For(0, 8, worker =>
        {
            for (var i = 0; i < 10_000; i++)
            {
                timeline.AddCall(At(i % 40 * 0.1 + worker * 0.01), succeeded: i % 3 != 0);
            }
        });

        var buckets = timeline.ToBuckets();
        Assert.Equal(40, buckets.Count);
        Assert.Equal(80_000, buckets.Sum(b => b.Succeeded + b.Failed));
        Assert.Equal(8 * 3_334, buckets.Sum(b => b.Failed));
    }
}

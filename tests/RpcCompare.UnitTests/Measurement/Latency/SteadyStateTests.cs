using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement.Latency;

public sealed class SteadyStateTests
{
    /// <summary>10 ms with ±1% of alternating noise.</summary>
    private static List<double> Flat(int count) => [.. Enumerable.Range(0, count).Select(i => 10 * (i % 2 == 0 ? 0.99 : 1.01))];

    /// <summary>The warm-up as it goes on: the first prefix of the series that is steady.</summary>
    private static Steadiness FirstSteady(List<double> series) =>
        Enumerable.Range(1, series.Count).Select(n => SteadyState.Assess([.. series.Take(n)])).First(s => s.Steady);

    [Fact]
    public void AFlatSeriesIsSteadyAtTheMinimum()
    {
        var steady = FirstSteady(Flat(20));

        Assert.Equal(SteadyState.MinimumIntervals, steady.Intervals);
        Assert.Equal(0, steady.Truncation);
    }

    [Fact]
    public void ARampIsTruncatedWhereItEnds()
    {
        // 30 ms falling to 10 ms over 8 intervals, then flat: confirmed once the flat part is as long as the ramp.
        List<double> series = [.. Enumerable.Range(0, 8).Select(i => 30 - (20.0 * i / 8)), .. Flat(30)];

        var steady = FirstSteady(series);

        Assert.Equal(8, steady.Truncation);
        Assert.Equal(18, steady.Intervals);
    }

    [Fact]
    public void ASeriesStillFallingIsNotSteady()
    {
        var assessed = SteadyState.Assess([.. Enumerable.Range(0, 20).Select(i => 30.0 - i)]);

        Assert.False(assessed.Steady);
        Assert.Equal(10, assessed.Truncation);
        Assert.Equal(0.5806, assessed.Drift, 4);
    }

    [Fact]
    public void TooFewIntervalsAreNotJudged()
    {
        var assessed = SteadyState.Assess(Flat(SteadyState.MinimumIntervals - 1));

        Assert.False(assessed.Steady);
        Assert.True(double.IsNaN(assessed.Drift));
    }
}

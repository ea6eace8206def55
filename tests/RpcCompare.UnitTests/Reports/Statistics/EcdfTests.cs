using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Statistics;

public class EcdfTests
{
    [Theory]
    [InlineData(0.5, 0.0)]
    [InlineData(1.0, 0.25)]
    [InlineData(1.5, 0.25)]
    [InlineData(2.0, 0.75)]
    [InlineData(2.5, 0.75)]
    [InlineData(3.0, 1.0)]
    [InlineData(9.0, 1.0)]
    public void EvaluateCountsValuesAtOrBelowX(double x, double expected)
    {
        var ecdf = new Ecdf(SortedSample.From([2.0, 1.0, 3.0, 2.0]));

        Assert.Equal(expected, ecdf.Evaluate(x));
    }

    [Fact]
    public void StepsJumpOncePerDistinctValue()
    {
        var ecdf = new Ecdf(SortedSample.From([2.0, 1.0, 3.0, 2.0]));

        Assert.Equal([(1.0, 0.25), (2.0, 0.75), (3.0, 1.0)], ecdf.Steps());
    }

    [Fact]
    public void DecimatedStepsStayOnTheCurve()
    {
        var values = Enumerable.Range(1, 10_000).Select(i => i * 0.01).ToArray();
        var ecdf = new Ecdf(SortedSample.From(values));

        var steps = ecdf.Steps(100);

        Assert.InRange(steps.Count, 100, 101);
        Assert.Equal((0.01, 0.0001), steps[0]);
        Assert.Equal((100.0, 1.0), steps[^1]);
        Assert.All(steps, s => Assert.Equal(ecdf.Evaluate(s.X), s.P));
        Assert.All(steps.Zip(steps.Skip(1)), pair => Assert.True(pair.Second.P - pair.First.P <= 0.0101));
    }
}

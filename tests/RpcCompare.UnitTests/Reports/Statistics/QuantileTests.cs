using Pragmastat;
using Perfolizer.Mathematics.QuantileEstimators;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Statistics;

public class QuantileTests
{
    [Fact]
    public void HarrellDavisMedianOfThreeMatchesHandComputed()
    {
        // n = 3, p = 0.5: a = b = 2, I_x(2,2) = 3x^2 - 2x^3, so the weights are 7/27, 13/27, 7/27.
        var sample = SortedSample.From([4.0, 1.0, 2.0]);

        var median = Quantiles.Estimate(sample, 0.5, QuantileMethod.HarrellDavis);

        // Perfolizer's incomplete Beta function is accurate to about 1e-8, hence 7 decimals.
        Assert.Equal(61.0 / 27.0, median, 7);
    }

    [Fact]
    public void HarrellDavisLowerQuartileOfThreeMatchesHandComputed()
    {
        // n = 3, p = 0.25: a = 1, b = 3, I_x(1,3) = 1 - (1-x)^3, so the weights are 19/27, 7/27, 1/27.
        var sample = SortedSample.From([1.0, 2.0, 4.0]);

        var quartile = Quantiles.Estimate(sample, 0.25, QuantileMethod.HarrellDavis);

        Assert.Equal(37.0 / 27.0, quartile, 7);
    }

    [Theory]
    [InlineData(0.5, 3.0)]
    [InlineData(0.9, 6.8)]
    [InlineData(0.1, 1.3)]
    [InlineData(0.999, 7.988)]
    public void TypeSevenInterpolatesBetweenTheOrderStatisticsAroundH(double probability, double expected)
    {
        // h = (n - 1) p on {1, 2, 4, 8}: e.g. p = 0.9 gives h = 2.7, so 4 + 0.7 * (8 - 4).
        var sample = SortedSample.From([8.0, 1.0, 4.0, 2.0]);

        Assert.Equal(expected, Quantiles.Estimate(sample, probability, QuantileMethod.HyndmanFanType7), 12);
    }

    [Theory]
    [InlineData(0.1, 1.9)]
    [InlineData(0.25, 3.25)]
    [InlineData(0.5, 5.5)]
    [InlineData(0.9, 9.1)]
    public void TypeSevenGivesRsPublishedQuantilesOfOneToTen(double probability, double expected)
    {
        // R's default quantile(1:10, p), type 7 (Hyndman and Fan 1996): 1.9, 3.25, 5.5, 9.1.
        var sample = SortedSample.From([.. Enumerable.Range(1, 10).Select(i => (double)i)]);

        Assert.Equal(expected, Quantiles.Estimate(sample, probability, QuantileMethod.HyndmanFanType7), 12);
    }

    [Theory]
    [InlineData(new double[] { 0, 2, 4, 6, 8 }, new double[] { 10, 12, 14, 16, 18 }, -10)]
    [InlineData(new double[] { 10, 12, 14, 16, 18 }, new double[] { 0, 2, 4, 6, 8 }, 10)]
    [InlineData(new double[] { 0, 2, 4, 6, 8 }, new double[] { 0, 2, 4, 6, 8 }, 0)]
    public void TypicalShiftGivesPragmastatsPublishedExamples(double[] a, double[] b, double expected)
    {
        // Pragmastat's README: Shift([0, 2, 4, 6, 8], [10, 12, 14, 16, 18]) = -10, and 10 the other way round.
        Assert.Equal(expected, TypicalShift.Estimate(SortedSample.From(a), SortedSample.From(b)), 12);
    }

    [Fact]
    public void TypicalShiftSaysWhoIsSoonerAndByHowMuch()
    {
        var fast = SortedSample.From([1.0, 1.2, 1.4, 1.6]);
        var slow = SortedSample.From([3.0, 3.2, 3.4, 3.6]);

        Assert.Equal(
            "Typically (the median of all pairwise differences, Pragmastat's Shift estimator), gRPC answers 2 ms sooner than WCF.",
            TypicalShift.Sentence(fast, slow, "gRPC", "WCF"));
    }

    [Fact]
    public void WindowedHarrellDavisWeightsReproducePerfolizersEstimate()
    {
        var random = new SeededRandom(12);
        var values = Enumerable.Range(0, 2500).Select(_ => 5 + Math.Exp(2 + random.NextNormal())).ToArray();
        var sample = SortedSample.From(values);

        foreach (var p in QuantileGrid.Delta)
        {
            var weights = HarrellDavisWeights.For(sample.Count, p);
            var expected = HarrellDavisQuantileEstimator.Instance.Quantile(new Sample(values), p).NominalValue;
            var actual = weights.Apply(sample.AsSpan());
            Assert.True(Math.Abs(actual - expected) <= 1e-9 * Math.Abs(expected), $"p = {p}: {actual} vs Perfolizer's {expected}");
            Assert.True(weights.Length < sample.Count, $"the window at p = {p} should leave out negligible weights");
        }
    }

    [Fact]
    public void EstimatorSwitchesToTypeSevenAboveTheDocumentedSampleSize()
    {
        Assert.Equal(10_000, Quantiles.HarrellDavisMaxSampleSize);
        Assert.Equal(QuantileMethod.HarrellDavis, Quantiles.MethodFor(10_000));
        Assert.Equal(QuantileMethod.HyndmanFanType7, Quantiles.MethodFor(10_001));
    }

    [Theory]
    [InlineData(0.0)]
    [InlineData(1.0)]
    [InlineData(-0.1)]
    [InlineData(double.NaN)]
    public void EstimateRejectsProbabilitiesOutsideTheOpenUnitInterval(double probability)
    {
        var sample = SortedSample.From([1.0, 2.0]);

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => Quantiles.Estimate(sample, probability));

        Assert.Contains("strictly between 0 and 1", error.Message);
    }

    [Fact]
    public void SampleRejectsEmptyAndNonFiniteInput()
    {
        Assert.Contains("at least one value", Assert.Throws<ArgumentException>(() => SortedSample.From([])).Message);
        Assert.Contains("#1", Assert.Throws<ArgumentException>(() => SortedSample.From([1.0, double.NaN])).Message);
    }
}

using Perfolizer.Mathematics.QuantileEstimators;
using Pragmastat;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Statistics;

public class ShiftFunctionTests
{
    private static readonly BootstrapSettings Settings = new();

    [Fact]
    public void ShiftOfAPureTranslationIsThatTranslationAtEveryQuantile()
    {
        // Both estimators are translation-equivariant, so Q_A - Q_B is exactly the offset.
        var b = Enumerable.Range(0, 200).Select(i => 3 + Math.Sqrt(i)).ToArray();
        var a = b.Select(x => x - 0.75).ToArray();

        var shift = QuantileShiftAnalysis.Compute(SortedSample.From(a), SortedSample.From(b), QuantileGrid.Delta, Settings, CancellationToken.None);

        Assert.All(shift.Delta, d => Assert.Equal(-0.75, d, 9));
    }

    [Fact]
    public void ShiftAtTheMedianMatchesHandComputedHarrellDavisMedians()
    {
        // HD is linear in the order statistics and symmetric: the HD median of 1..20 is 10.5 and of 2, 4, ..., 40 is 21.
        var a = Enumerable.Range(1, 20).Select(i => (double)i).ToArray();
        var b = a.Select(x => 2 * x).ToArray();

        var shift = QuantileShiftAnalysis.Compute(SortedSample.From(a), SortedSample.From(b), [0.25, 0.5], Settings, CancellationToken.None);

        Assert.Equal(0.5, shift.Probabilities[1]);
        Assert.Equal(10.5, shift.EstimatesA[1], 9);
        Assert.Equal(21.0, shift.EstimatesB[1], 9);
        Assert.Equal(-10.5, shift.Delta[1], 9);
        Assert.Equal(-Quantiles.Estimate(SortedSample.From(a), 0.25), shift.Delta[0], 9);
    }

    [Fact]
    public void TheBandDependsOnlyOnTheSeed()
    {
        var (a, b) = Samples(300, 1.0, seed: 5);

        var first = QuantileShiftAnalysis.Compute(a, b, QuantileGrid.Delta, Settings, CancellationToken.None);
        var second = QuantileShiftAnalysis.Compute(a, b, QuantileGrid.Delta, Settings, CancellationToken.None);
        var other = QuantileShiftAnalysis.Compute(a, b, QuantileGrid.Delta, Settings with { Seed = 99 }, CancellationToken.None);

        Assert.Equal(first.Lower, second.Lower);
        Assert.Equal(first.Upper, second.Upper);
        Assert.NotEqual(first.Lower, other.Lower);
    }

    [Fact]
    public void BandIsSimultaneousSoEachPointIsWiderThanThePointwiseLevel()
    {
        var (a, b) = Samples(500, 0.5, seed: 6);

        var shift = QuantileShiftAnalysis.Compute(a, b, QuantileGrid.Delta, Settings, CancellationToken.None);

        Assert.Equal(0.95, shift.ConfidenceLevel);
        Assert.True(shift.PointwiseLevel > 0.95, $"pointwise level {shift.PointwiseLevel} should exceed 0.95");
        Assert.All(Enumerable.Range(0, shift.Probabilities.Count), i => Assert.True(shift.Lower[i] <= shift.Upper[i]));
    }

    [Fact]
    public void EachQuantilesOwnIntervalIsItsReplicatesPercentilesAndLiesInsideTheBand()
    {
        var (a, b) = Samples(500, 0.5, seed: 6);

        var shift = QuantileShiftAnalysis.Compute(a, b, QuantileGrid.Delta, Settings, CancellationToken.None);

        Assert.All(Enumerable.Range(0, shift.Probabilities.Count), i =>
        {
            Assert.InRange(shift.LowerAt[i], shift.Lower[i], shift.UpperAt[i]);
            Assert.InRange(shift.UpperAt[i], shift.LowerAt[i], shift.Upper[i]);
        });
        // Over a hundred quantiles the band is much wider than one quantile's interval at the same level.
        var median = shift.Probabilities.ToList().IndexOf(0.5);
        Assert.True(shift.Upper[median] - shift.Lower[median] > 1.2 * (shift.UpperAt[median] - shift.LowerAt[median]));
    }

    [Fact]
    public void APointwiseIntervalLeavesTheLevelsShareOfReplicatesOutOnEachSide()
    {
        // 2,000 replicates 0..1999, shuffled: a 95% interval leaves 50 below and 50 above.
        var column = Enumerable.Range(0, 2000).Select(i => (double)((i * 7919) % 2000)).ToArray();

        var (lower, upper) = SimultaneousBand.Pointwise([column], 0.95);

        Assert.Equal(50.0, lower[0]);
        Assert.Equal(1949.0, upper[0]);
    }

    [Fact]
    public void AVerdictAsksOneQuantilesIntervalNotTheBand()
    {
        // At the 25th percentile the band includes zero and the quantile's own interval does not: a verdict there says A is
        // faster, while the chart's sentences, which read the band, say it includes zero. At the median both include it.
        var grid = new[] { 0.25, 0.5, 0.75 };
        var shift = new QuantileShift(grid, [1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [-2.0, -2.0, -2.0], [0.5, 0.5, 0.5], [],
            (1000, QuantileMethod.HarrellDavis), (1000, QuantileMethod.HarrellDavis), 2000, 0.95, 0.997,
            ([-1.6, -1.6, -1.6], [-0.2, 0.1, -0.2]));

        Assert.Equal(0, shift.Sign(1));
        Assert.Equal(0, shift.SignAt(1));
        Assert.Equal(-1, shift.SignAt(0));
        Assert.Equal(0, shift.Sign(0));
    }

    [Fact]
    public void QuantilesWithTooFewObservationsBeyondThemAreLeftOut()
    {
        var (a, b) = Samples(100, 0, seed: 7);

        var shift = QuantileShiftAnalysis.Compute(a, b, QuantileGrid.Delta, Settings, CancellationToken.None);

        // min(n) * min(q, 1 - q) >= 5 keeps 0.05..0.95 when the smaller group has 100 values.
        Assert.Equal(0.05, shift.Probabilities[0]);
        Assert.Equal(0.95, shift.Probabilities[^1]);
        Assert.Equal([0.01, 0.02, 0.03, 0.04, 0.96, 0.97, 0.98, 0.99, 0.999], shift.OmittedProbabilities);
    }

    [Fact]
    public void CompareRefusesGroupsBelowTheMinimumSize()
    {
        var small = SortedSample.From([.. Enumerable.Range(1, 19).Select(i => (double)i)]);
        var large = SortedSample.From([.. Enumerable.Range(1, 50).Select(i => (double)i)]);

        var error = Assert.Throws<ArgumentException>(() => QuantileShiftAnalysis.Compute(small, large, QuantileGrid.Delta, Settings, CancellationToken.None));

        Assert.Contains("at least 20", error.Message);
    }

    [Fact]
    public void GammaSpacingResamplesMatchBruteForceResamplingOfTheMedian()
    {
        // The type-7 path draws order statistics of a resample from uniform spacings instead of resampling and
        // sorting; both must give the same bootstrap distribution. Compared here on n = 31 (a median at rank 16).
        var random = new SeededRandom(21);
        var sample = SortedSample.From([.. Enumerable.Range(0, 31).Select(_ => Math.Exp(random.NextNormal()))]);
        const int Resamples = 20_000;

        var spacings = QuantileBootstrap.Run(sample, [0.5, 0.9], Resamples, 3, QuantileMethod.HyndmanFanType7, CancellationToken.None);
        var brute = new SeededRandom(4);
        var bruteMedians = new double[Resamples];
        var bruteNinetieth = new double[Resamples];
        var resample = new double[sample.Count];
        for (var r = 0; r < Resamples; r++)
        {
            for (var i = 0; i < resample.Length; i++)
            {
                resample[i] = sample[brute.NextInt(sample.Count)];
            }

            Array.Sort(resample);
            bruteMedians[r] = TypeSeven(resample, 0.5);
            bruteNinetieth[r] = TypeSeven(resample, 0.9);
        }

        AssertSameDistribution(bruteMedians, [.. Enumerable.Range(0, Resamples).Select(r => spacings.Replicate(r, 0))]);
        AssertSameDistribution(bruteNinetieth, [.. Enumerable.Range(0, Resamples).Select(r => spacings.Replicate(r, 1))]);
    }

    [Fact]
    public void SimultaneousBandHasItsNominalCoverage()
    {
        // 200 seeded trials, two log-normal groups of 200 latencies, B = A + 2 ms. The whole true shift curve
        // (-2 ms at every kept quantile) must lie inside the band in 90% to 99% of trials: with 200 trials the
        // standard error of a 95% coverage is 1.5 points, so this allows for about three of them either way.
        const int Trials = 200;
        const int Size = 200;
        const double Shift = 2.0;
        var covered = new bool[Trials];
        Parallel.For(0, Trials, new ParallelOptions { MaxDegreeOfParallelism = 2 }, trial =>
        {
            var random = new SeededRandom(SeededRandom.DeriveSeed(2026, $"trial {trial}"));
            double Latency() => 5 + Math.Exp(1 + (0.5 * random.NextNormal()));
            var a = SortedSample.From([.. Enumerable.Range(0, Size).Select(_ => Latency())]);
            var b = SortedSample.From([.. Enumerable.Range(0, Size).Select(_ => Latency() + Shift)]);
            var shift = QuantileShiftAnalysis.Compute(a, b, QuantileGrid.Delta, Settings with { Seed = (ulong)trial }, CancellationToken.None);
            covered[trial] = Enumerable.Range(0, shift.Probabilities.Count).All(i => shift.Lower[i] <= -Shift && -Shift <= shift.Upper[i]);
        });

        var coverage = covered.Count(c => c) / (double)Trials;

        Assert.InRange(coverage, 0.90, 0.99);
    }

    private static (SortedSample A, SortedSample B) Samples(int size, double shift, ulong seed)
    {
        var random = new SeededRandom(seed);
        var a = Enumerable.Range(0, size).Select(_ => 10 * Math.Exp(0.4 * random.NextNormal())).ToArray();
        var b = Enumerable.Range(0, size).Select(_ => shift + (10 * Math.Exp(0.4 * random.NextNormal()))).ToArray();
        return (SortedSample.From(a), SortedSample.From(b));
    }

    private static double TypeSeven(double[] values, double probability) =>
        SimpleQuantileEstimator.Instance.Quantile(new Sample(values), probability).NominalValue;

    private static void AssertSameDistribution(double[] expected, double[] actual)
    {
        // Means and spreads of two independent bootstrap distributions of 20,000 draws agree within a few standard errors.
        var (meanE, sdE) = MeanSd(expected);
        var (meanA, sdA) = MeanSd(actual);
        var standardError = Math.Sqrt(((sdE * sdE) + (sdA * sdA)) / expected.Length);
        Assert.InRange(meanA - meanE, -4 * standardError, 4 * standardError);
        Assert.InRange(sdA / sdE, 0.95, 1.05);
        foreach (var p in new[] { 0.1, 0.5, 0.9 })
        {
            var qE = TypeSeven([.. expected.Order()], p);
            var qA = TypeSeven([.. actual.Order()], p);
            Assert.InRange(qA - qE, -0.1 * sdE, 0.1 * sdE);
        }
    }

    private static (double Mean, double Sd) MeanSd(double[] values)
    {
        var mean = values.Average();
        return (mean, Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / (values.Length - 1)));
    }
}

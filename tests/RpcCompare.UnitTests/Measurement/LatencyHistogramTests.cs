using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement;

public class LatencyHistogramTests
{
    private const long OneHourInMicroseconds = 3_600_000_000;

    [Fact]
    public void LayoutMatchesHdrHistogramForTheWidestRange()
    {
        var histogram = new LatencyHistogram(1, (1L << 53) - 1, 3);

        Assert.Equal(43, histogram.BucketCount);
        Assert.Equal(2048, histogram.SubBucketCount);
        Assert.Equal(45056, histogram.CountsLength);
    }

    [Theory]
    [InlineData(0, 2)]
    [InlineData(1, 32)]
    [InlineData(2, 256)]
    [InlineData(3, 2048)]
    [InlineData(4, 32768)]
    [InlineData(5, 262144)]
    public void SubBucketCountKeepsTheRequestedDigits(int digits, int expectedSubBuckets)
    {
        var histogram = new LatencyHistogram(1, OneHourInMicroseconds, digits);

        Assert.Equal(expectedSubBuckets, histogram.SubBucketCount);
    }

    [Fact]
    public void ValuesBelowTheSubBucketCountAreExact()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);

        for (long value = 0; value < 2048; value++)
        {
            Assert.Equal(value, histogram.LowestEquivalentValue(value));
            Assert.Equal(value, histogram.HighestEquivalentValue(value));
        }
    }

    [Fact]
    public void EveryValueStaysWithinThePrecisionBound()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        var random = new Random(42);

        for (int i = 0; i < 100_000; i++)
        {
            // Log-uniform over the whole range, so every bucket is visited.
            long value = (long)Math.Exp(random.NextDouble() * Math.Log(OneHourInMicroseconds));
            long lowest = histogram.LowestEquivalentValue(value);
            long highest = histogram.HighestEquivalentValue(value);

            Assert.InRange(value, lowest, highest);
            Assert.True(highest - lowest <= value / 1000.0, $"Value {value} is kept as {lowest}..{highest}, wider than 0.1%.");
        }
    }

    [Fact]
    public void LowestDiscernibleValueSetsTheUnit()
    {
        // HdrHistogram rounds the lowest discernible value down to a power of two: 1000 gives a unit of 512.
        var histogram = new LatencyHistogram(1000, OneHourInMicroseconds, 3);

        Assert.True(histogram.ValuesAreEquivalent(512, 1023));
        Assert.False(histogram.ValuesAreEquivalent(1023, 1024));
        Assert.Equal(512, histogram.SizeOfEquivalentValueRange(5000));
        Assert.Equal(1024, histogram.SizeOfEquivalentValueRange(2048 * 512 * 3 / 2));
    }

    [Fact]
    public void PercentilesOfOneToThousandAreExact()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        for (long value = 1; value <= 1000; value++)
        {
            histogram.Record(value);
        }

        Assert.Equal(1000, histogram.TotalCount);
        Assert.Equal(1, histogram.ValueAtPercentile(0));
        Assert.Equal(500, histogram.ValueAtPercentile(50));
        Assert.Equal(900, histogram.ValueAtPercentile(90));
        Assert.Equal(990, histogram.ValueAtPercentile(99));
        Assert.Equal(999, histogram.ValueAtPercentile(99.9));
        Assert.Equal(1000, histogram.ValueAtPercentile(100));
        Assert.Equal(1, histogram.MinValue);
        Assert.Equal(1000, histogram.MaxValue);
        Assert.Equal(500.5, histogram.Mean, 9);
        Assert.Equal(Math.Sqrt(((1000.0 * 1000) - 1) / 12), histogram.StdDeviation, 9);
    }

    [Fact]
    public void PercentilesOfAWideUniformDistributionAreWithinPrecision()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        for (long i = 1; i <= 100_000; i++)
        {
            histogram.Record(i * 100);
        }

        foreach (double percentile in new[] { 1.0, 25, 50, 90, 99, 99.9, 99.99 })
        {
            long exact = (long)Math.Ceiling(percentile / 100 * 100_000) * 100;
            long reported = histogram.ValueAtPercentile(percentile);

            Assert.True(histogram.ValuesAreEquivalent(exact, reported), $"p{percentile}: expected about {exact}, got {reported}.");
        }

        Assert.Equal(5_000_050, histogram.Mean, 5_000_050 * 0.001);
    }

    [Fact]
    public void RecordWithCountEqualsRepeatedRecords()
    {
        var once = new LatencyHistogram(OneHourInMicroseconds);
        var repeated = new LatencyHistogram(OneHourInMicroseconds);

        once.RecordWithCount(123_456, 7);
        for (int i = 0; i < 7; i++)
        {
            repeated.Record(123_456);
        }

        Assert.Equal(repeated.RecordedValues(), once.RecordedValues());
        Assert.Equal(7, once.CountAtValue(123_456));
    }

    [Fact]
    public void MergeEqualsRecordingEverythingInOne()
    {
        var all = new LatencyHistogram(OneHourInMicroseconds);
        var parts = Enumerable.Range(0, 4).Select(_ => new LatencyHistogram(OneHourInMicroseconds)).ToArray();
        var random = new Random(7);
        for (int i = 0; i < 50_000; i++)
        {
            long value = (long)Math.Exp(random.NextDouble() * Math.Log(10_000_000));
            all.Record(value);
            parts[i % parts.Length].Record(value);
        }

        var merged = new LatencyHistogram(OneHourInMicroseconds);
        foreach (var part in parts)
        {
            merged.Add(part);
        }

        Assert.Equal(all.TotalCount, merged.TotalCount);
        Assert.Equal(all.RecordedValues(), merged.RecordedValues());
        Assert.Equal(all.MinValue, merged.MinValue);
        Assert.Equal(all.MaxValue, merged.MaxValue);
        Assert.Equal(all.Mean, merged.Mean, 9);
        Assert.Equal(all.ValueAtPercentile(99.9), merged.ValueAtPercentile(99.9));
    }

    [Fact]
    public void MergeAcrossLayoutsKeepsValuesWithinPrecision()
    {
        var coarse = new LatencyHistogram(1000, OneHourInMicroseconds, 2);
        var fine = new LatencyHistogram(OneHourInMicroseconds);
        for (long value = 1000; value <= 1_000_000; value += 1000)
        {
            coarse.Record(value);
        }

        fine.Add(coarse);

        Assert.Equal(coarse.TotalCount, fine.TotalCount);
        foreach (double percentile in new[] { 10.0, 50, 99 })
        {
            long fromCoarse = coarse.ValueAtPercentile(percentile);
            long fromFine = fine.ValueAtPercentile(percentile);
            Assert.True(Math.Abs(fromCoarse - fromFine) <= coarse.SizeOfEquivalentValueRange(fromCoarse),
                $"p{percentile}: {fromCoarse} in the source, {fromFine} after the merge.");
        }
    }

    [Fact]
    public void MergeRejectsValuesTheTargetCannotHold()
    {
        var wide = new LatencyHistogram(OneHourInMicroseconds);
        var narrow = new LatencyHistogram(1_000_000);
        wide.Record(5_000_000);

        var error = Assert.Throws<ArgumentException>(() => narrow.Add(wide));
        Assert.Contains("5000000", error.Message);
    }

    [Fact]
    public void RecordRejectsValuesOutsideTheTrackableRange()
    {
        var histogram = new LatencyHistogram(1_000_000);

        var tooLarge = Assert.Throws<ArgumentOutOfRangeException>(() => histogram.Record(1_000_001));
        Assert.Contains("0..1000000", tooLarge.Message);
        Assert.Throws<ArgumentOutOfRangeException>(() => histogram.Record(-1));
        Assert.Equal(0, histogram.TotalCount);
    }

    [Theory]
    [InlineData(0, 1000, 3)]
    [InlineData(10, 19, 3)]
    [InlineData(1, 1000, 6)]
    [InlineData(1, 1000, -1)]
    public void ConstructorRejectsAnImpossibleConfiguration(long lowest, long highest, int digits)
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new LatencyHistogram(lowest, highest, digits));
    }

    [Fact]
    public void ResetForgetsEverything()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        histogram.Record(10);
        histogram.Record(10_000_000);

        histogram.Reset();

        Assert.Equal(0, histogram.TotalCount);
        Assert.Equal(0, histogram.MaxValue);
        Assert.Equal(0, histogram.MinValue);
        Assert.Equal(0, histogram.ValueAtPercentile(99));
        Assert.Empty(histogram.RecordedValues());
    }

    [Fact]
    public void CopyIsIndependentOfTheOriginal()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        histogram.Record(42);

        var copy = histogram.Copy();
        histogram.Record(43);

        Assert.Equal(1, copy.TotalCount);
        Assert.Equal(42, copy.MaxValue);
    }

    [Fact]
    public void ExpectedIntervalCorrectionFillsInAKnownStall()
    {
        // HdrHistogram's classic case: 10,000 calls of 1 ms expected every 10 ms, then one 100 s stall. A closed-loop
        // client sent nothing during the stall; the correction adds the 9,999 calls it should have sent.
        var corrected = new LatencyHistogram(OneHourInMicroseconds);
        var raw = new LatencyHistogram(OneHourInMicroseconds);
        for (int i = 0; i < 10_000; i++)
        {
            corrected.RecordWithExpectedInterval(1_000, 10_000);
            raw.Record(1_000);
        }

        corrected.RecordWithExpectedInterval(100_000_000, 10_000);
        raw.Record(100_000_000);

        Assert.Equal(10_001, raw.TotalCount);
        Assert.Equal(20_000, corrected.TotalCount);
        Assert.Equal(1_000, raw.ValueAtPercentile(99));
        Assert.Equal(1_000, corrected.ValueAtPercentile(50));
        // The synthetic values are 10 ms, 20 ms, ... 100 s: the 5,000th, 8,000th and 9,800th of them.
        Assert.True(corrected.ValuesAreEquivalent(50_000_000, corrected.ValueAtPercentile(75)));
        Assert.True(corrected.ValuesAreEquivalent(80_000_000, corrected.ValueAtPercentile(90)));
        Assert.True(corrected.ValuesAreEquivalent(98_000_000, corrected.ValueAtPercentile(99)));
        Assert.True(corrected.ValuesAreEquivalent(100_000_000, corrected.MaxValue));
    }

    [Fact]
    public void CorrectionAfterTheFactEqualsCorrectionWhileRecording()
    {
        var whileRecording = new LatencyHistogram(OneHourInMicroseconds);
        var raw = new LatencyHistogram(OneHourInMicroseconds);
        // A stall that sits on a bucket boundary, so the after-the-fact copy starts from the same value.
        long stall = raw.LowestEquivalentValue(50_000_000);
        foreach (long value in new[] { 1_000L, 2_000, stall, 1_500 })
        {
            whileRecording.RecordWithExpectedInterval(value, 10_000);
            raw.Record(value);
        }

        var afterTheFact = raw.CopyCorrectedForCoordinatedOmission(10_000);

        Assert.Equal(whileRecording.TotalCount, afterTheFact.TotalCount);
        Assert.Equal(whileRecording.RecordedValues(), afterTheFact.RecordedValues());
    }

    [Fact]
    public void CorrectionMatchesRecordingEachMissingSampleOneByOne()
    {
        var bulk = new LatencyHistogram(OneHourInMicroseconds);
        var oneByOne = new LatencyHistogram(OneHourInMicroseconds);
        foreach (var (value, interval) in new[] { (123_456_789L, 997L), (5_000L, 3L), (2_047L, 2_047L), (70_000L, 1L) })
        {
            bulk.RecordWithExpectedInterval(value, interval);
            oneByOne.Record(value);
            for (long missing = value - interval; missing >= interval; missing -= interval)
            {
                oneByOne.Record(missing);
            }
        }

        Assert.Equal(oneByOne.TotalCount, bulk.TotalCount);
        Assert.Equal(oneByOne.RecordedValues(), bulk.RecordedValues());
        Assert.Equal(oneByOne.MinValue, bulk.MinValue);
        Assert.Equal(oneByOne.MaxValue, bulk.MaxValue);
    }

    [Fact]
    public void AnHourLongStallAtATinyIntervalIsCorrectedWithoutIteratingEverySample()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);

        histogram.RecordWithExpectedInterval(OneHourInMicroseconds, 1);

        Assert.Equal(OneHourInMicroseconds, histogram.TotalCount);
        Assert.True(histogram.ValuesAreEquivalent(OneHourInMicroseconds / 2, histogram.ValueAtPercentile(50)));
        Assert.Equal(1, histogram.MinValue);
    }

    [Fact]
    public void ExpectedIntervalOfZeroRecordsTheValueAlone()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);

        histogram.RecordWithExpectedInterval(1_000_000, 0);

        Assert.Equal(1, histogram.TotalCount);
    }

    [Fact]
    public void StatsReadTheSummaryPercentilesInMilliseconds()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        for (long value = 1; value <= 1000; value++)
        {
            histogram.Record(value);
        }

        var stats = LatencyStats.FromHistogram(histogram, valuesPerMillisecond: 1000);

        Assert.NotNull(stats);
        Assert.Equal(new LatencyStats(0.5, 0.9, 0.99, 0.999, 1.0, 0.5005), stats with { Mean = Math.Round(stats.Mean, 7) });
        Assert.Null(LatencyStats.FromHistogram(new LatencyHistogram(OneHourInMicroseconds), 1000));
    }
}

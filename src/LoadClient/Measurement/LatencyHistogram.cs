using System.Numerics;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// A fixed-memory, log-linear High Dynamic Range histogram of non-negative integer values, laid out exactly as
/// HdrHistogram lays out its counts: buckets that double in width, each split into sub-buckets fine enough to keep
/// <see cref="SignificantDigits"/> decimal digits of precision. The value unit is the caller's choice; the load client
/// records Stopwatch ticks (see <see cref="LatencyUnits"/>). Not thread-safe: one writer, or external synchronisation.
/// </summary>
public sealed class LatencyHistogram
{
    private readonly long[] _counts;
    private readonly int _unitMagnitude;
    private readonly int _subBucketHalfCountMagnitude;
    private readonly int _subBucketHalfCount;
    private readonly long _subBucketMask;
    private readonly int _leadingZeroCountBase;

    // Raw extremes (not rounded to bucket boundaries), as HdrHistogram keeps them; long.MaxValue / 0 mean "none yet".
    private long _minNonZeroValue = long.MaxValue;
    private long _maxValue;

    /// <summary>Creates a histogram tracking 1..<paramref name="highestTrackableValue"/>.</summary>
    public LatencyHistogram(long highestTrackableValue, int significantDigits = 3)
        : this(1, highestTrackableValue, significantDigits)
    {
    }

    /// <summary>Creates a histogram tracking values up to <paramref name="highestTrackableValue"/>, with values below
    /// <paramref name="lowestDiscernibleValue"/> indistinguishable from each other.</summary>
    public LatencyHistogram(long lowestDiscernibleValue, long highestTrackableValue, int significantDigits)
    {
        if (lowestDiscernibleValue < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(lowestDiscernibleValue), lowestDiscernibleValue,
                "The lowest discernible value must be at least 1.");
        }

        if (highestTrackableValue < 2 * lowestDiscernibleValue)
        {
            throw new ArgumentOutOfRangeException(nameof(highestTrackableValue), highestTrackableValue,
                $"The highest trackable value must be at least twice the lowest discernible value ({lowestDiscernibleValue}).");
        }

        if (significantDigits is < 0 or > 5)
        {
            throw new ArgumentOutOfRangeException(nameof(significantDigits), significantDigits,
                "The number of significant value digits must be between 0 and 5.");
        }

        LowestDiscernibleValue = lowestDiscernibleValue;
        HighestTrackableValue = highestTrackableValue;
        SignificantDigits = significantDigits;

        // A sub-bucket must hold 2 * 10^digits distinct values so that every value keeps `digits` digits of precision.
        long largestValueWithSingleUnitResolution = 2 * (long)Math.Pow(10, significantDigits);
        int subBucketCountMagnitude = 64 - BitOperations.LeadingZeroCount((ulong)(largestValueWithSingleUnitResolution - 1));
        _subBucketHalfCountMagnitude = Math.Max(subBucketCountMagnitude, 1) - 1;
        _unitMagnitude = 63 - BitOperations.LeadingZeroCount((ulong)lowestDiscernibleValue);
        if (_unitMagnitude + _subBucketHalfCountMagnitude > 61)
        {
            throw new ArgumentOutOfRangeException(nameof(significantDigits), significantDigits,
                $"{significantDigits} significant digits cannot be represented above a lowest discernible value of {lowestDiscernibleValue}.");
        }

        SubBucketCount = 1 << (_subBucketHalfCountMagnitude + 1);
        _subBucketHalfCount = SubBucketCount / 2;
        _subBucketMask = ((long)SubBucketCount - 1) << _unitMagnitude;
        _leadingZeroCountBase = 64 - _unitMagnitude - _subBucketHalfCountMagnitude - 1;
        BucketCount = BucketsNeededToCover(highestTrackableValue);
        _counts = new long[(BucketCount + 1) * _subBucketHalfCount];
    }

    /// <summary>Values below this are recorded as indistinguishable.</summary>
    public long LowestDiscernibleValue { get; }

    /// <summary>The largest value <see cref="Record"/> accepts.</summary>
    public long HighestTrackableValue { get; }

    /// <summary>Decimal digits of precision kept for every value (3 means within 0.1%).</summary>
    public int SignificantDigits { get; }

    /// <summary>Number of power-of-two buckets (HdrHistogram's bucketCount, printed in the .hgrm footer).</summary>
    public int BucketCount { get; }

    /// <summary>Sub-buckets per bucket (HdrHistogram's subBucketCount, printed in the .hgrm footer).</summary>
    public int SubBucketCount { get; }

    /// <summary>Number of recorded values.</summary>
    public long TotalCount { get; private set; }

    /// <summary>Length of the counts array: the fixed memory this histogram holds, in longs.</summary>
    public int CountsLength => _counts.Length;

    /// <summary>The smallest recorded value, rounded down to its bucket (0 when empty), as HdrHistogram reports it.</summary>
    public long MinValue =>
        TotalCount == 0 || _counts[0] > 0 ? 0 : LowestEquivalentValue(_minNonZeroValue);

    /// <summary>The largest recorded value, rounded up to the top of its bucket (0 when empty), as HdrHistogram reports it.</summary>
    public long MaxValue => _maxValue == 0 ? 0 : HighestEquivalentValue(_maxValue);

    /// <summary>Mean of the recorded values, each taken at the middle of its bucket (0 when empty).</summary>
    public double Mean
    {
        get
        {
            if (TotalCount == 0)
            {
                return 0;
            }

            double total = 0;
            for (int i = 0; i < _counts.Length; i++)
            {
                if (_counts[i] != 0)
                {
                    total += (double)MedianEquivalentValue(ValueFromIndex(i)) * _counts[i];
                }
            }

            return total / TotalCount;
        }
    }

    /// <summary>Population standard deviation of the recorded values, each taken at the middle of its bucket.</summary>
    public double StdDeviation
    {
        get
        {
            if (TotalCount == 0)
            {
                return 0;
            }

            double mean = Mean;
            double total = 0;
            for (int i = 0; i < _counts.Length; i++)
            {
                if (_counts[i] != 0)
                {
                    double deviation = MedianEquivalentValue(ValueFromIndex(i)) - mean;
                    total += deviation * deviation * _counts[i];
                }
            }

            return Math.Sqrt(total / TotalCount);
        }
    }

    /// <summary>Records one occurrence of <paramref name="value"/>.</summary>
    public void Record(long value) => RecordWithCount(value, 1);

    /// <summary>Records <paramref name="count"/> occurrences of <paramref name="value"/>.</summary>
    public void RecordWithCount(long value, long count)
    {
        if (value < 0 || value > HighestTrackableValue)
        {
            throw new ArgumentOutOfRangeException(nameof(value), value,
                $"The value is outside the trackable range 0..{HighestTrackableValue} of this histogram.");
        }

        ArgumentOutOfRangeException.ThrowIfNegative(count);
        if (count == 0)
        {
            return;
        }

        _counts[CountsIndexFor(value)] += count;
        TotalCount += count;
        if (value > _maxValue)
        {
            _maxValue = value;
        }

        if (value != 0 && value < _minNonZeroValue)
        {
            _minNonZeroValue = value;
        }
    }

    /// <summary>
    /// Records <paramref name="value"/> and corrects for coordinated omission as HdrHistogram's
    /// RecordValueWithExpectedInterval does: when a value exceeds the interval at which samples were expected, the
    /// samples a stalled, closed-loop client failed to send are added as value - interval, value - 2*interval, ...
    /// down to the interval. A non-positive interval records the value alone.
    /// </summary>
    public void RecordWithExpectedInterval(long value, long expectedInterval) =>
        RecordWithCountAndExpectedInterval(value, 1, expectedInterval);

    /// <summary><see cref="RecordWithExpectedInterval"/> for <paramref name="count"/> occurrences.</summary>
    public void RecordWithCountAndExpectedInterval(long value, long count, long expectedInterval)
    {
        RecordWithCount(value, count);
        if (expectedInterval <= 0)
        {
            return;
        }

        // Same counts as recording value - k*interval one by one, but a whole sub-bucket at a time: a long stall at a
        // short interval costs at most one step per sub-bucket instead of one per missing sample (never a hang).
        long missing = value - expectedInterval;
        while (missing >= expectedInterval)
        {
            long bucketFloor = Math.Max(LowestEquivalentValue(missing), expectedInterval);
            long inBucket = ((missing - bucketFloor) / expectedInterval) + 1;
            long smallest = missing - ((inBucket - 1) * expectedInterval);
            RecordWithCount(smallest, inBucket * count);
            missing = smallest - expectedInterval;
        }
    }

    /// <summary>Adds every count of <paramref name="other"/> to this histogram (HdrHistogram's Add).</summary>
    public void Add(LatencyHistogram other)
    {
        ArgumentNullException.ThrowIfNull(other);
        if (other.TotalCount == 0)
        {
            return;
        }

        if (other._maxValue > HighestTrackableValue)
        {
            throw new ArgumentException(
                $"The other histogram holds a value ({other._maxValue}) above this histogram's highest trackable value ({HighestTrackableValue}).",
                nameof(other));
        }

        if (HasSameLayoutAs(other))
        {
            for (int i = 0; i < other._counts.Length; i++)
            {
                _counts[i] += other._counts[i];
            }

            TotalCount += other.TotalCount;
            _maxValue = Math.Max(_maxValue, other._maxValue);
            _minNonZeroValue = Math.Min(_minNonZeroValue, other._minNonZeroValue);
            return;
        }

        // Different layouts: re-record each bucket at its own lowest value, which both layouts can represent.
        for (int i = 0; i < other._counts.Length; i++)
        {
            if (other._counts[i] != 0)
            {
                RecordWithCount(other.ValueFromIndex(i), other._counts[i]);
            }
        }
    }

    /// <summary>A deep copy with the same layout and counts.</summary>
    public LatencyHistogram Copy()
    {
        var copy = new LatencyHistogram(LowestDiscernibleValue, HighestTrackableValue, SignificantDigits);
        copy.Add(this);
        return copy;
    }

    /// <summary>
    /// A copy whose values are corrected for coordinated omission after the fact, as if every value had been recorded
    /// with <see cref="RecordWithExpectedInterval"/>. Apply one correction or the other, never both.
    /// </summary>
    public LatencyHistogram CopyCorrectedForCoordinatedOmission(long expectedInterval)
    {
        var copy = new LatencyHistogram(LowestDiscernibleValue, HighestTrackableValue, SignificantDigits);
        for (int i = 0; i < _counts.Length; i++)
        {
            if (_counts[i] != 0)
            {
                copy.RecordWithCountAndExpectedInterval(ValueFromIndex(i), _counts[i], expectedInterval);
            }
        }

        return copy;
    }

    /// <summary>Forgets every recorded value; the memory is kept.</summary>
    public void Reset()
    {
        Array.Clear(_counts);
        TotalCount = 0;
        _maxValue = 0;
        _minNonZeroValue = long.MaxValue;
    }

    /// <summary>
    /// The value at or below which <paramref name="percentile"/> percent (0..100) of the recorded values fall,
    /// reported as the highest value equivalent to it (the lowest for percentile 0); 0 when empty.
    /// </summary>
    public long ValueAtPercentile(double percentile)
    {
        if (double.IsNaN(percentile))
        {
            throw new ArgumentOutOfRangeException(nameof(percentile), percentile, "The percentile must be a number between 0 and 100.");
        }

        if (TotalCount == 0)
        {
            return 0;
        }

        // One ulp less keeps e.g. 99.9% of 1000 at count 999 despite binary rounding; ceiling picks the count that
        // covers the requested share.
        double requested = Math.Clamp(Math.BitDecrement(percentile), 0.0, 100.0);
        long countAtPercentile = Math.Max(1, (long)Math.Ceiling(requested / 100.0 * TotalCount));
        long cumulative = 0;
        for (int i = 0; i < _counts.Length; i++)
        {
            cumulative += _counts[i];
            if (cumulative >= countAtPercentile)
            {
                long value = ValueFromIndex(i);
                return percentile == 0 ? LowestEquivalentValue(value) : HighestEquivalentValue(value);
            }
        }

        return MaxValue;
    }

    /// <summary>Number of recorded values equivalent to <paramref name="value"/> (in the same sub-bucket).</summary>
    public long CountAtValue(long value)
    {
        if (value < 0)
        {
            return 0;
        }

        int index = CountsIndexFor(value);
        return index < _counts.Length ? _counts[index] : 0;
    }

    /// <summary>The distinct recorded sub-buckets in ascending order, each with its value range and count.</summary>
    public IEnumerable<HistogramBucketCount> RecordedValues()
    {
        for (int i = 0; i < _counts.Length; i++)
        {
            if (_counts[i] != 0)
            {
                long lowest = ValueFromIndex(i);
                yield return new HistogramBucketCount(lowest, HighestEquivalentValue(lowest), _counts[i]);
            }
        }
    }

    /// <summary>Width of the range of values that are recorded as equivalent to <paramref name="value"/>.</summary>
    public long SizeOfEquivalentValueRange(long value)
    {
        int bucketIndex = BucketIndexOf(value);
        int subBucketIndex = SubBucketIndexOf(value, bucketIndex);
        int adjustedBucket = subBucketIndex >= SubBucketCount ? bucketIndex + 1 : bucketIndex;
        return 1L << (_unitMagnitude + adjustedBucket);
    }

    /// <summary>The smallest value recorded as equivalent to <paramref name="value"/>.</summary>
    public long LowestEquivalentValue(long value)
    {
        int bucketIndex = BucketIndexOf(value);
        int subBucketIndex = SubBucketIndexOf(value, bucketIndex);
        return (long)subBucketIndex << (bucketIndex + _unitMagnitude);
    }

    /// <summary>The largest value recorded as equivalent to <paramref name="value"/>.</summary>
    public long HighestEquivalentValue(long value) => NextNonEquivalentValue(value) - 1;

    /// <summary>The middle of the range of values equivalent to <paramref name="value"/>.</summary>
    public long MedianEquivalentValue(long value) => LowestEquivalentValue(value) + (SizeOfEquivalentValueRange(value) >> 1);

    /// <summary>The smallest value that is not equivalent to <paramref name="value"/>.</summary>
    public long NextNonEquivalentValue(long value) => LowestEquivalentValue(value) + SizeOfEquivalentValueRange(value);

    /// <summary>Whether two values fall into the same sub-bucket.</summary>
    public bool ValuesAreEquivalent(long value1, long value2) => LowestEquivalentValue(value1) == LowestEquivalentValue(value2);

    internal long CountAtIndex(int index) => _counts[index];

    internal long ValueFromIndex(int index)
    {
        int bucketIndex = (index >> _subBucketHalfCountMagnitude) - 1;
        int subBucketIndex = (index & (_subBucketHalfCount - 1)) + _subBucketHalfCount;
        if (bucketIndex < 0)
        {
            subBucketIndex -= _subBucketHalfCount;
            bucketIndex = 0;
        }

        return (long)subBucketIndex << (bucketIndex + _unitMagnitude);
    }

    private bool HasSameLayoutAs(LatencyHistogram other) =>
        _unitMagnitude == other._unitMagnitude
        && SubBucketCount == other.SubBucketCount
        && _counts.Length == other._counts.Length;

    private int CountsIndexFor(long value)
    {
        int bucketIndex = BucketIndexOf(value);
        int subBucketIndex = SubBucketIndexOf(value, bucketIndex);
        // Bucket 0 uses all its sub-buckets; every later bucket only its upper half (the lower half overlaps the
        // previous bucket), hence the offset by half a bucket.
        int bucketBaseIndex = (bucketIndex + 1) << _subBucketHalfCountMagnitude;
        return bucketBaseIndex + (subBucketIndex - _subBucketHalfCount);
    }

    private int BucketIndexOf(long value) =>
        _leadingZeroCountBase - BitOperations.LeadingZeroCount((ulong)(value | _subBucketMask));

    private int SubBucketIndexOf(long value, int bucketIndex) => (int)(value >>> (bucketIndex + _unitMagnitude));

    private int BucketsNeededToCover(long value)
    {
        long smallestUntrackableValue = (long)SubBucketCount << _unitMagnitude;
        int bucketsNeeded = 1;
        while (smallestUntrackableValue <= value)
        {
            if (smallestUntrackableValue > long.MaxValue / 2)
            {
                return bucketsNeeded + 1;
            }

            smallestUntrackableValue <<= 1;
            bucketsNeeded++;
        }

        return bucketsNeeded;
    }
}

/// <summary>One recorded sub-bucket: the range of values it stands for and how many were recorded there.</summary>
public readonly record struct HistogramBucketCount(long LowestValue, long HighestValue, long Count);

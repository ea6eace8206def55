using RpcCompare.Reports.Results;
using System.Globalization;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// Writes a histogram in HdrHistogram's percentile distribution text format (.hgrm), the format its
/// outputPercentileDistribution produces and HdrHistogram plotters read: a header, one row per percentile step
/// (Value, Percentile, TotalCount, 1/(1-Percentile)), the 100% row without the last column, then the
/// #[Mean ...], #[Max ...] and #[Buckets ...] footer lines.
/// </summary>
public static class HgrmWriter
{
    /// <summary>HdrHistogram's default: 5 rows per halving of the distance to 100%.</summary>
    public const int DefaultPercentileTicksPerHalfDistance = 5;

    /// <summary>Writes the distribution; values are divided by <paramref name="outputValueUnitScalingRatio"/>
    /// (e.g. <see cref="LatencyUnits.TicksPerMillisecond"/> to print ticks as milliseconds).</summary>
    public static void Write(
        TextWriter writer,
        LatencyHistogram histogram,
        double outputValueUnitScalingRatio,
        int percentileTicksPerHalfDistance = DefaultPercentileTicksPerHalfDistance)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(histogram);
        if (!(outputValueUnitScalingRatio > 0) || double.IsInfinity(outputValueUnitScalingRatio))
        {
            throw new ArgumentOutOfRangeException(nameof(outputValueUnitScalingRatio), outputValueUnitScalingRatio,
                "The output scaling ratio must be a positive, finite number.");
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(percentileTicksPerHalfDistance, 1);

        var culture = CultureInfo.InvariantCulture;
        string digits = histogram.SignificantDigits.ToString(culture);
        string rowFormat = "{0,12:F" + digits + "} {1,2:F12} {2,10} {3,14:F2}\n";
        string lastRowFormat = "{0,12:F" + digits + "} {1,2:F12} {2,10}\n";

        writer.Write(string.Format(culture, "{0,12} {1,14} {2,10} {3,14}\n\n", "Value", "Percentile", "TotalCount", "1/(1-Percentile)"));

        foreach (var row in PercentileRows(histogram, percentileTicksPerHalfDistance))
        {
            double scaledValue = row.Value / outputValueUnitScalingRatio;
            double fraction = row.PercentileLevel / 100.0;
            writer.Write(row.IsLast
                ? string.Format(culture, lastRowFormat, scaledValue, fraction, row.TotalCountToThisValue)
                : string.Format(culture, rowFormat, scaledValue, fraction, row.TotalCountToThisValue, 1 / (1.0 - fraction)));
        }

        writer.Write(string.Format(culture, "#[Mean    = {0,12:F" + digits + "}, StdDeviation   = {1,12:F" + digits + "}]\n",
            histogram.Mean / outputValueUnitScalingRatio, histogram.StdDeviation / outputValueUnitScalingRatio));
        writer.Write(string.Format(culture, "#[Max     = {0,12:F" + digits + "}, Total count    = {1,12}]\n",
            histogram.MaxValue / outputValueUnitScalingRatio, histogram.TotalCount));
        writer.Write(string.Format(culture, "#[Buckets = {0,12}, SubBuckets     = {1,12}]\n",
            histogram.BucketCount, histogram.SubBucketCount));
    }

    /// <summary>The .hgrm text as a string.</summary>
    public static string ToText(
        LatencyHistogram histogram,
        double outputValueUnitScalingRatio,
        int percentileTicksPerHalfDistance = DefaultPercentileTicksPerHalfDistance)
    {
        using var writer = new StringWriter(CultureInfo.InvariantCulture);
        Write(writer, histogram, outputValueUnitScalingRatio, percentileTicksPerHalfDistance);
        return writer.ToString();
    }

    /// <summary>Writes the .hgrm file under a temporary name and renames it into place when complete.</summary>
    public static Task WriteFileAsync(
        string path,
        LatencyHistogram histogram,
        double outputValueUnitScalingRatio,
        CancellationToken cancellationToken = default)
    {
        string text = ToText(histogram, outputValueUnitScalingRatio);
        return AtomicFile.WriteAllTextAsync(path, text, cancellationToken);
    }

    /// <summary>
    /// The rows HdrHistogram's percentile iterator yields: percentile levels start at 0 and advance by
    /// 100 / (ticks * 2^(halvings + 1)), where halvings counts how often the distance to 100% has halved, so the rows
    /// crowd towards the tail. A row is emitted for each level the cumulative count reaches; after the last recorded
    /// value one final row at 100%.
    /// </summary>
    internal static IEnumerable<PercentileRow> PercentileRows(LatencyHistogram histogram, int percentileTicksPerHalfDistance)
    {
        long total = histogram.TotalCount;
        if (total == 0)
        {
            yield break;
        }

        double levelToIterateTo = 0;
        long cumulative = 0;
        for (int index = 0; index < histogram.CountsLength; index++)
        {
            long count = histogram.CountAtIndex(index);
            if (count == 0)
            {
                continue;
            }

            cumulative += count;
            long value = histogram.HighestEquivalentValue(histogram.ValueFromIndex(index));
            while (100.0 * cumulative / total >= levelToIterateTo)
            {
                yield return new PercentileRow(value, levelToIterateTo, cumulative, IsLast: false);
                levelToIterateTo = NextPercentileLevel(levelToIterateTo, percentileTicksPerHalfDistance);
                if (cumulative == total)
                {
                    break;
                }
            }

            if (cumulative == total)
            {
                yield return new PercentileRow(value, 100.0, cumulative, IsLast: true);
                yield break;
            }
        }
    }

    private static double NextPercentileLevel(double level, int percentileTicksPerHalfDistance)
    {
        if (level >= 100.0)
        {
            return double.PositiveInfinity;
        }

        // Same arithmetic as HdrHistogram (log ratio, truncation, power of two) so the rows land on the same levels.
        long halvings = (long)(Math.Log(100.0 / (100.0 - level)) / Math.Log(2));
        long reportingTicks = percentileTicksPerHalfDistance * (long)Math.Pow(2, halvings + 1);
        return level + (100.0 / reportingTicks);
    }

    internal readonly record struct PercentileRow(long Value, double PercentileLevel, long TotalCountToThisValue, bool IsLast);
}

using System.Globalization;
using System.Text;
using HdrHistogram;

namespace RpcCompare.LoadClient.Crank;

/// <summary>
/// An HdrHistogram as one line of text that plain ECMAScript can read and merge (crank runs its result scripts in Jint:
/// no Node modules, no zlib, no base64 decoder), so that the percentiles of several load clients' merged histogram can be
/// computed in crank's YAML exactly as <see cref="HistogramBase.GetValueAtPercentile"/> gives them in C#.
/// <para>
/// Format <c>hdr1</c>, fields separated by single spaces:
/// <c>hdr1 UNITS_PER_MS LOWEST HIGHEST DIGITS TOTAL V:C V:C ...</c> — the histogram's unit per millisecond (Stopwatch
/// ticks here), its lowest and highest trackable values and significant digits (two histograms merge only when these four
/// agree), the total count, then one pair per non-empty bucket in ascending order: C is the bucket's count and V the
/// bucket's highest equivalent value (what GetValueAtPercentile and GetMaxValue return for it), the first absolute and
/// every later one as its difference from the one before. All numbers are decimal integers, except UNITS_PER_MS, which is
/// written so that it reads back as the same double.
/// </para>
/// benchmarks/crank/histogram-merge.js decodes it; its README documents the same format.
/// </summary>
public static class HistogramText
{
    public const string FormatTag = "hdr1";

    /// <summary>The histogram as <c>hdr1</c> text; null when it holds nothing (there is no percentile to merge).</summary>
    public static string? Encode(HistogramBase histogram, double unitsPerMillisecond)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        if (histogram.TotalCount == 0)
        {
            return null;
        }

        var text = new StringBuilder(FormatTag);
        Append(text, unitsPerMillisecond.ToString("R", CultureInfo.InvariantCulture));
        Append(text, histogram.LowestTrackableValue);
        Append(text, histogram.HighestTrackableValue);
        Append(text, histogram.NumberOfSignificantValueDigits);
        Append(text, histogram.TotalCount);
        long previous = 0;
        foreach (var bucket in histogram.RecordedValues())
        {
            var value = histogram.HighestEquivalentValue(bucket.ValueIteratedTo);
            text.Append(' ').Append((value - previous).ToString(CultureInfo.InvariantCulture))
                .Append(':').Append(bucket.CountAtValueIteratedTo.ToString(CultureInfo.InvariantCulture));
            previous = value;
        }
        return text.ToString();
    }

    private static void Append(StringBuilder text, long number) => Append(text, number.ToString(CultureInfo.InvariantCulture));

    private static void Append(StringBuilder text, string field) => text.Append(' ').Append(field);
}

using HdrHistogram;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>The latency figures of summary.json, in milliseconds, as HdrHistogram reads them off the histogram.</summary>
public sealed record LatencyStats(double P50, double P90, double P99, double P999, double Max, double Mean)
{
    /// <summary>The figures as summary.json writes them; null for null.</summary>
    public static LatencySummary? Summary(LatencyStats? l) => l is null
        ? null
        : new LatencySummary { P50 = l.P50, P90 = l.P90, P99 = l.P99, P999 = l.P999, Max = l.Max, Mean = l.Mean };

    /// <summary>Reads the figures off a histogram of Stopwatch ticks; null when it is empty.</summary>
    public static LatencyStats? FromTicksHistogram(HistogramBase histogram) =>
        FromHistogram(histogram, LatencyUnits.TicksPerMillisecond);

    /// <summary>Reads the figures off a histogram whose values are divided by <paramref name="valuesPerMillisecond"/>
    /// to give milliseconds; null when it is empty.</summary>
    public static LatencyStats? FromHistogram(HistogramBase histogram, double valuesPerMillisecond)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        if (histogram.TotalCount == 0)
        {
            return null;
        }

        double Ms(long value) => value / valuesPerMillisecond;
        return new LatencyStats(
            Ms(histogram.GetValueAtPercentile(50)),
            Ms(histogram.GetValueAtPercentile(90)),
            Ms(histogram.GetValueAtPercentile(99)),
            Ms(histogram.GetValueAtPercentile(99.9)),
            Ms(histogram.GetMaxValue()),
            histogram.GetMean() / valuesPerMillisecond);
    }
}

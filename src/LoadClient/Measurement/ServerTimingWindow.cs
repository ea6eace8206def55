using System.Diagnostics;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>One host timing over a measured window: how many values, their mean and two quantiles, in milliseconds.</summary>
public sealed record TimingStats(long Count, double MeanMs, double P50Ms, double P99Ms);

/// <summary>
/// Combines a host timing's intervals into the figures of one measured window. Count and mean are exact (sums of the
/// intervals' counts and sums). The event source gives each interval only p50, p95 and p99, so the window's quantiles
/// are taken over values rebuilt from them: an interval of one, two or three calls exactly (with its sum, its p50 and
/// max), a larger one as values spread along its quantiles. Steady load makes that close; docs/breakdown.md says more.
/// </summary>
public static class ServerTimingWindow
{
    /// <summary>
    /// The figures of the intervals of <paramref name="timing"/> whose middle lies in [from, to]; when the window is too
    /// short to hold an interval's middle (300 pings take 20 ms), those that overlap it. Null if none recorded anything.
    /// </summary>
    public static TimingStats? Summarize(IEnumerable<ServerTimingReading> readings, ServerTiming timing, long from, long to)
    {
        var intervals = readings.Where(r => r.Timing == timing && r.Count > 0).ToList();
        var inside = intervals.Where(r => Middle(r) >= from && Middle(r) <= to).ToList();
        var chosen = inside.Count > 0 ? inside : [.. intervals.Where(r => r.Timestamp >= from && Start(r) <= to)];
        long count = chosen.Sum(r => r.Count);
        if (count == 0)
        {
            return null;
        }

        var values = new List<double>();
        foreach (var reading in chosen)
        {
            Rebuild(reading, values);
        }
        if (values.Count == 0)
        {
            return null;
        }
        var sample = SortedSample.From(values);
        return new TimingStats(count, chosen.Sum(r => r.SumSeconds) / count * 1000,
            Quantiles.Estimate(sample, 0.5, QuantileMethod.HyndmanFanType7) * 1000,
            Quantiles.Estimate(sample, 0.99, QuantileMethod.HyndmanFanType7) * 1000);
    }

    private static long Start(ServerTimingReading reading) =>
        reading.Timestamp - (long)(reading.IntervalSeconds * Stopwatch.Frequency);

    private static long Middle(ServerTimingReading reading) =>
        reading.Timestamp - (long)(reading.IntervalSeconds / 2 * Stopwatch.Frequency);

    internal static void Rebuild(ServerTimingReading reading, List<double> into)
    {
        if (reading.P50Seconds is not { } p50 || reading.P99Seconds is not { } p99)
        {
            return;
        }
        double p95 = reading.P95Seconds ?? p99;
        switch (reading.Count)
        {
            case 1:
                into.Add(reading.SumSeconds);
                return;
            case 2:
                into.Add(p99);
                into.Add(Math.Max(0, reading.SumSeconds - p99));
                return;
            case 3:
                into.Add(p99);
                into.Add(p50);
                into.Add(Math.Max(0, reading.SumSeconds - p99 - p50));
                return;
        }
        // Above the median: along the published quantiles. Below it the event source says nothing, so the lower half mirrors
        // the upper one around the median, shrunk or stretched until the interval's values add up to its (exact) sum.
        long n = reading.Count;
        long lower = n / 2;
        double upperSum = 0;
        var mirrored = new double[lower];
        for (long i = lower; i < n; i++)
        {
            double value = Upper((i + 0.5) / n, p50, p95, p99);
            into.Add(value);
            upperSum += value;
        }
        double distances = 0;
        for (long i = 0; i < lower; i++)
        {
            mirrored[i] = Upper(1 - ((i + 0.5) / n), p50, p95, p99) - p50;
            distances += mirrored[i];
        }
        double scale = 0;
        if (distances > 0)
        {
            double widest = mirrored.Max();
            scale = Math.Clamp(((lower * p50) - (reading.SumSeconds - upperSum)) / distances, 0, widest > 0 ? p50 / widest : 0);
        }
        foreach (double distance in mirrored)
        {
            into.Add(p50 - (scale * distance));
        }
    }

    private static double Upper(double probability, double p50, double p95, double p99) => probability switch
    {
        <= 0.5 => p50,
        <= 0.95 => p50 + ((p95 - p50) * (probability - 0.5) / 0.45),
        <= 0.99 => p95 + ((p99 - p95) * (probability - 0.95) / 0.04),
        _ => p99,
    };
}

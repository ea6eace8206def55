using System.Diagnostics;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// Combines a host timing's intervals into the figures of one measured window. Count and mean are exact (sums of the
/// intervals' counts and sums). The event source gives each interval only p50, p95 and p99, so the window's quantiles
/// are taken over values rebuilt from them (<see cref="Rebuild"/>): an interval of up to three calls exactly, a larger
/// one approximately. Steady load makes that close; docs/breakdown.md says more.
/// </summary>
public static class ServerTimingWindow
{
    /// <summary>
    /// The figures of the intervals of <paramref name="timing"/> whose middle lies in [from, to]; when the window is too
    /// short to hold an interval's middle (300 pings take 20 ms), those that overlap it. Null if none recorded anything.
    /// </summary>
    public static TimingSummary? Summarize(IEnumerable<ServerTimingReading> readings, ServerTiming timing, long from, long to)
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
        return new TimingSummary
        {
            Count = count,
            Mean = chosen.Sum(r => r.SumSeconds) / count * 1000,
            P50 = Quantiles.Estimate(sample, 0.5, QuantileMethod.HyndmanFanType7) * 1000,
            P99 = Quantiles.Estimate(sample, 0.99, QuantileMethod.HyndmanFanType7) * 1000,
        };
    }

    private static long Start(ServerTimingReading reading) =>
        reading.Timestamp - (long)(reading.IntervalSeconds * Stopwatch.Frequency);

    private static long Middle(ServerTimingReading reading) =>
        reading.Timestamp - (long)(reading.IntervalSeconds / 2 * Stopwatch.Frequency);

    /// <summary>
    /// Rebuilds an interval's values from what the event source publishes: count, sum, and the values at the sorted
    /// positions floor(q * count) for q = 0.5, 0.95, 0.99 (its aggregator's rank rule), so an interval of up to three
    /// calls comes back exactly. Between those positions the values are interpolated; the values below the median mirror
    /// those above it, shrunk until the interval adds up to its sum; what is left of the sum goes to the values above p99.
    /// </summary>
    internal static void Rebuild(ServerTimingReading reading, List<double> into)
    {
        if (reading.P50Seconds is not { } p50 || reading.P99Seconds is not { } p99 || reading.Count <= 0)
        {
            return;
        }
        double p95 = reading.P95Seconds ?? p99;
        int n = (int)Math.Min(reading.Count, int.MaxValue);
        int i50 = Position(0.5, n), i95 = Position(0.95, n), i99 = Position(0.99, n);
        double At(int index) => index >= i99 ? p99
            : index >= i95 ? Between(index, i95, p95, i99, p99)
            : Between(index, i50, p50, i95, p95);

        var values = new double[n];
        double known = 0;
        for (int i = i50; i < n; i++)
        {
            values[i] = At(i);
            known += values[i];
        }

        double lowerSum = reading.SumSeconds - known;
        double distances = 0, widest = 0;
        for (int i = 0; i < i50; i++)
        {
            double distance = At(Math.Min(n - 1, i50 + (i50 - i))) - p50;
            values[i] = distance;
            distances += distance;
            widest = Math.Max(widest, distance);
        }
        for (int i = 0; i < i50; i++)
        {
            values[i] = distances > 0
                ? p50 - (Math.Clamp(((i50 * p50) - lowerSum) / distances, 0, widest > 0 ? p50 / widest : 0) * values[i])
                : Math.Clamp(lowerSum / i50, 0, p50);
        }

        double leftover = reading.SumSeconds - values.Sum();
        int above = n - 1 - i99;
        if (leftover > 0 && above > 0)
        {
            for (int i = i99 + 1; i < n; i++)
            {
                values[i] += leftover / above;
            }
        }
        into.AddRange(values);
    }

    private static int Position(double quantile, int count) => Math.Min(Math.Max(0, (int)(quantile * count)), count - 1);

    private static double Between(int index, int from, double fromValue, int to, double toValue) =>
        to <= from ? toValue : fromValue + ((toValue - fromValue) * (index - from) / (to - from));
}

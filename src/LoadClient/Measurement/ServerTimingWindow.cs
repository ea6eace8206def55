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
    /// The figures of the intervals of <paramref name="timing"/> that overlap [from, to]; null if none recorded anything.
    /// A window shorter than an interval (300 pings take 20 ms) still gets the interval it lies in; the calls of an
    /// overlapping interval outside the window are the same variant's warm-up calls, already warm.
    /// </summary>
    public static TimingStats? Summarize(IEnumerable<ServerTimingReading> readings, ServerTiming timing, long from, long to)
    {
        long count = 0;
        double sum = 0;
        var values = new List<double>();
        foreach (var reading in readings)
        {
            long start = reading.Timestamp - (long)(reading.IntervalSeconds * System.Diagnostics.Stopwatch.Frequency);
            if (reading.Timing != timing || reading.Count <= 0 || reading.Timestamp < from || start > to)
            {
                continue;
            }
            count += reading.Count;
            sum += reading.SumSeconds;
            Rebuild(reading, values);
        }
        if (count == 0 || values.Count == 0)
        {
            return null;
        }
        var sample = SortedSample.From(values);
        return new TimingStats(count, sum / count * 1000,
            Quantiles.Estimate(sample, 0.5, QuantileMethod.HyndmanFanType7) * 1000,
            Quantiles.Estimate(sample, 0.99, QuantileMethod.HyndmanFanType7) * 1000);
    }

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
        for (long i = 0; i < reading.Count; i++)
        {
            double probability = (i + 0.5) / reading.Count;
            into.Add(probability switch
            {
                <= 0.5 => p50,
                <= 0.95 => p50 + (p95 - p50) * (probability - 0.5) / 0.45,
                <= 0.99 => p95 + (p99 - p95) * (probability - 0.95) / 0.04,
                _ => p99,
            });
        }
    }
}

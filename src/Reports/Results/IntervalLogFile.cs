using HdrHistogram;

namespace RpcCompare.Reports.Results;

/// <summary>Latency over time, one point per second of the measured window, read from an HdrHistogram interval log.</summary>
public sealed record LatencyOverTime(double Second, long Requests, double? P50Ms, double? P99Ms);

/// <summary>
/// Reads an .hlog the load client wrote (Stopwatch ticks of 1 ns) one interval at a time (<see cref="IntervalLogReader"/>)
/// and merges its intervals into whole seconds from the start of the measured window, keeping only each second's
/// quantiles: an hour of intervals costs what a few histograms cost.
/// </summary>
public static class IntervalLogFile
{
    private const double TicksPerMillisecond = 1_000_000;

    public static IReadOnlyList<LatencyOverTime> ReadPerSecond(string path)
    {
        var points = new List<LatencyOverTime>();
        // The seconds that a later interval may still fall in; every later interval starts no earlier than the last one.
        var open = new SortedDictionary<long, HistogramBase>();
        long? start = null;
        foreach (var interval in IntervalLogReader.Read(path))
        {
            start ??= interval.StartTimeStamp;
            var closed = (interval.StartTimeStamp - start.Value) / 1000;
            while (open.Count > 0 && open.First().Key < closed)
            {
                Close(open, points);
            }

            // An interval belongs to the second its middle falls in.
            var second = ((interval.StartTimeStamp + interval.EndTimeStamp) / 2 - start.Value) / 1000;
            if (!open.TryGetValue(second, out var merged))
            {
                merged = IntervalLogReader.EmptyLike(interval);
                open.Add(second, merged);
            }

            IntervalLogReader.AddInto(merged, interval, path);
        }

        while (open.Count > 0)
        {
            Close(open, points);
        }

        return points;
    }

    private static void Close(SortedDictionary<long, HistogramBase> open, List<LatencyOverTime> points)
    {
        var (second, histogram) = open.First();
        open.Remove(second);
        points.Add(histogram.TotalCount == 0
            ? new LatencyOverTime(second + 0.5, 0, null, null)
            : new LatencyOverTime(
                second + 0.5,
                histogram.TotalCount,
                histogram.GetValueAtPercentile(50) / TicksPerMillisecond,
                histogram.GetValueAtPercentile(99) / TicksPerMillisecond));
    }
}

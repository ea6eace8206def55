using HdrHistogram;

namespace RpcCompare.Reports.Results;

/// <summary>Latency over time, one point per second of the measured window, read from an HdrHistogram interval log.</summary>
public sealed record LatencyOverTime(double Second, long Requests, double? P50Ms, double? P99Ms);

/// <summary>
/// Reads an .hlog the load client wrote (Stopwatch ticks of 1 ns) with HdrHistogram's <see cref="HistogramLogReader"/>
/// and merges its intervals into whole seconds from the start of the measured window.
/// </summary>
public static class IntervalLogFile
{
    private const double TicksPerMillisecond = 1_000_000;

    public static IReadOnlyList<LatencyOverTime> ReadPerSecond(string path)
    {
        List<HistogramBase> intervals;
        try
        {
            using var stream = File.OpenRead(path);
            using var reader = new HistogramLogReader(stream);
            intervals = [.. reader.ReadHistograms()];
        }
        catch (Exception ex) when (ex is FormatException or InvalidOperationException or ArgumentException or IndexOutOfRangeException or OverflowException)
        {
            throw new ResultsFormatException(path, $"it is not an HdrHistogram interval log the load client wrote ({ex.Message}).");
        }

        if (intervals.Count == 0)
        {
            return [];
        }

        var start = intervals.Min(h => h.StartTimeStamp);
        var seconds = new SortedDictionary<long, HistogramBase>();
        foreach (var interval in intervals)
        {
            // An interval belongs to the second its middle falls in.
            var second = ((interval.StartTimeStamp + interval.EndTimeStamp) / 2 - start) / 1000;
            if (!seconds.TryGetValue(second, out var merged))
            {
                merged = interval.Copy();
                seconds.Add(second, merged);
            }
            else
            {
                merged.Add(interval);
            }
        }

        return [.. seconds.Select(pair => pair.Value.TotalCount == 0
            ? new LatencyOverTime(pair.Key + 0.5, 0, null, null)
            : new LatencyOverTime(
                pair.Key + 0.5,
                pair.Value.TotalCount,
                pair.Value.GetValueAtPercentile(50) / TicksPerMillisecond,
                pair.Value.GetValueAtPercentile(99) / TicksPerMillisecond))];
    }
}

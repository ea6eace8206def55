using HdrHistogram;
using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.LoadClient.Merging;

/// <summary>Histograms with the load client's own settings, so merged quantiles come off the buckets a single client's
/// would.</summary>
internal static class ClientHistograms
{
    private static readonly LatencyRecorderOptions Defaults = new();

    public static LongHistogram Create() => new(1, Defaults.HighestTrackableTicks, Defaults.SignificantDigits);

    /// <summary>Records a latency file's values (ms) in Stopwatch ticks, clamped to the highest trackable value as the
    /// client clamps them.</summary>
    public static void RecordMilliseconds(HistogramBase histogram, IEnumerable<double> latenciesMs)
    {
        foreach (var latency in latenciesMs)
        {
            var ticks = (long)Math.Round(latency * LatencyUnits.TicksPerMillisecond);
            histogram.RecordValue(Math.Clamp(ticks, 0, Defaults.HighestTrackableTicks));
        }
    }
}

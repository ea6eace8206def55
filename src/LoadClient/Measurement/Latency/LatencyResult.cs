using System.Globalization;
using HdrHistogram;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>What a <see cref="LatencyRecorder"/> measured in its window, merged over all workers.</summary>
public sealed class LatencyResult
{
    private LatencyStats? _latencyMs;

    /// <summary>Latencies of the measured window in Stopwatch ticks (with coordinated-omission corrections, if any).</summary>
    public required HistogramBase Histogram { get; init; }

    /// <summary>The client's decode time of each measured call's answer in Stopwatch ticks (<see cref="Clients.CallTiming"/>);
    /// null when the client measured none.</summary>
    public HistogramBase? DecodeHistogram { get; init; }

    /// <summary>The time from each measured answer's first byte to its last in Stopwatch ticks; null when not measured.</summary>
    public HistogramBase? ReceiveHistogram { get; init; }

    /// <summary>Decode time per call in milliseconds (count, mean, p50, p99); null when not measured.</summary>
    public TimingSummary? DecodeMs => Summarize(DecodeHistogram);

    /// <summary>Receive time per call in milliseconds; null when not measured.</summary>
    public TimingSummary? ReceiveMs => Summarize(ReceiveHistogram);

    private static TimingSummary? Summarize(HistogramBase? histogram) => histogram is not { TotalCount: > 0 }
        ? null
        : new TimingSummary
        {
            Count = histogram.TotalCount,
            Mean = histogram.GetMean() / LatencyUnits.TicksPerMillisecond,
            P50 = LatencyUnits.TicksToMilliseconds(histogram.GetValueAtPercentile(50)),
            P99 = LatencyUnits.TicksToMilliseconds(histogram.GetValueAtPercentile(99)),
        };

    /// <summary>Successful calls in the measured window.</summary>
    public required long Requests { get; init; }

    /// <summary>Failed calls in the measured window, for every kind (zero included).</summary>
    public required IReadOnlyDictionary<ErrorKind, long> ErrorsByKind { get; init; }

    /// <summary>Length of the measured window.</summary>
    public required double DurationSeconds { get; init; }

    /// <summary>Stopwatch timestamps of the measured window's start and end; null when it never began or never ended.</summary>
    public long? MeasureStartTimestamp { get; init; }

    public long? MeasureEndTimestamp { get; init; }

    /// <summary>CPU time this whole process (every worker, the client library, the recorder) used in the measured window.</summary>
    public TimeSpan ClientCpuTime { get; init; }

    /// <summary>Wall time between the two readings of <see cref="ClientCpuTime"/>, the base of the client's busy share.</summary>
    public TimeSpan ClientCpuWallTime { get; init; }

    /// <summary>Bytes this whole process allocated in the measured window (managed heap, every thread).</summary>
    public long ClientAllocatedBytes { get; init; }

    /// <summary>The whole machine's CPU over the measured window (all processes); null where /proc/stat could not be read.</summary>
    public MachineNoise? Machine { get; init; }

    /// <summary>The first call (connection open included), measured apart; null if none was recorded.</summary>
    public double? FirstCallMs { get; init; }

    /// <summary>Full path of the latencies CSV; null when none was asked for or writing it failed.</summary>
    public string? LatenciesFile { get; init; }

    /// <summary>Lines in the latencies CSV (equals <see cref="Requests"/> unless writing failed).</summary>
    public long LatenciesWritten { get; init; }

    /// <summary>Why the latencies CSV could not be written (then <see cref="LatenciesFile"/> is null); null when it was.</summary>
    public string? LatenciesFileError { get; init; }

    /// <summary>Full path of the interval log (.hlog); null when none was asked for or writing it failed.</summary>
    public string? IntervalLogFile { get; init; }

    /// <summary>Why the interval log could not be written; null when it was or none was asked for.</summary>
    public string? IntervalLogError { get; init; }

    /// <summary>Successful calls during warm-up (not measured).</summary>
    public long WarmUpRequests { get; init; }

    /// <summary>Failed calls during warm-up (not measured).</summary>
    public long WarmUpErrors { get; init; }

    /// <summary>Calls longer than the histogram's highest trackable value, recorded at that value.</summary>
    public long ClampedValues { get; init; }

    /// <summary>Kind and message of the earliest error in the window; null when there was none.</summary>
    public string? FirstError { get; init; }

    /// <summary>Failed calls in the window, all kinds.</summary>
    public long Errors => ErrorsByKind.Values.Sum();

    /// <summary>Successful calls per second of the measured window.</summary>
    public double ThroughputRps => DurationSeconds > 0 ? Requests / DurationSeconds : 0;

    /// <summary>p50, p90, p99, p99.9, max and mean in milliseconds; null when nothing succeeded.</summary>
    public LatencyStats? LatencyMs => Requests == 0 ? null : _latencyMs ??= LatencyStats.FromTicksHistogram(Histogram);

    /// <summary>errorsByKind as summary.json writes it: wire names, non-zero kinds only.</summary>
    public IReadOnlyDictionary<string, long> ErrorsByWireName() =>
        ErrorsByKind.Where(pair => pair.Value > 0).ToDictionary(pair => pair.Key.ToWireName(), pair => pair.Value);

    /// <summary>The histogram as HdrHistogram's percentile distribution text (.hgrm), in milliseconds.</summary>
    public string ToHgrm() => Hgrm(Histogram);

    /// <summary>Any latency histogram in Stopwatch ticks (a trial's, or several trials' merged) as .hgrm text in milliseconds.</summary>
    public static string Hgrm(HistogramBase histogram)
    {
        using var writer = new StringWriter(CultureInfo.InvariantCulture);
        InvariantFormatting.Run(() =>
            histogram.OutputPercentileDistribution(writer, outputValueUnitScalingRatio: LatencyUnits.TicksPerMillisecond));
        return writer.ToString();
    }

    /// <summary>Writes the histogram as a .hgrm file in milliseconds (temporary name, then renamed).</summary>
    public Task WriteHgrmAsync(string path, CancellationToken cancellationToken = default) =>
        AtomicFile.WriteAllTextAsync(path, ToHgrm(), cancellationToken);
}

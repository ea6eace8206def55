namespace RpcCompare.LoadClient.Measurement;

/// <summary>How a <see cref="LatencyRecorder"/> records.</summary>
public sealed record LatencyRecorderOptions
{
    /// <summary>Where every successful latency of the measured window goes (latencies-&lt;...&gt;.csv), written under
    /// "&lt;path&gt;.tmp" and renamed when complete; null writes no file.</summary>
    public string? LatenciesCsvPath { get; init; }

    /// <summary>Where the measured window's interval histograms go (an HdrHistogram .hlog, one per snapshot interval),
    /// written under "&lt;path&gt;.tmp" and renamed when complete; null writes no log.</summary>
    public string? IntervalLogPath { get; init; }

    /// <summary>Largest latency the histograms track, in Stopwatch ticks (default one hour); longer calls are
    /// recorded at this value and counted in <see cref="LatencyResult.ClampedValues"/>.</summary>
    public long HighestTrackableTicks { get; init; } = LatencyUnits.TicksPerHour;

    /// <summary>Decimal digits of precision of the histograms (default 3: within 0.1%).</summary>
    public int SignificantDigits { get; init; } = 3;

    /// <summary>How often the live snapshot is refreshed (default 500 ms, aligned with the counter samples).</summary>
    public TimeSpan SnapshotInterval { get; init; } = TimeSpan.FromMilliseconds(500);

    /// <summary>Latencies one worker may have queued for the CSV writer before it waits (a power of two; default
    /// 8192, 64 KB per worker).</summary>
    public int WorkerQueueCapacity { get; init; } = 8192;

    internal void Validate()
    {
        if (HighestTrackableTicks < 2)
        {
            throw new ArgumentOutOfRangeException(nameof(HighestTrackableTicks), HighestTrackableTicks, "The highest trackable latency must be at least 2 ticks.");
        }

        if (SignificantDigits is < 0 or > 5)
        {
            throw new ArgumentOutOfRangeException(nameof(SignificantDigits), SignificantDigits, "The significant digits must be between 0 and 5.");
        }

        if (SnapshotInterval <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(SnapshotInterval), SnapshotInterval, "The snapshot interval must be positive.");
        }

        if (WorkerQueueCapacity < 2 || (WorkerQueueCapacity & (WorkerQueueCapacity - 1)) != 0)
        {
            throw new ArgumentOutOfRangeException(nameof(WorkerQueueCapacity), WorkerQueueCapacity, "The worker queue capacity must be a power of two of at least 2.");
        }
    }
}

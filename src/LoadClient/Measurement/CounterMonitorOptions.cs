namespace RpcCompare.LoadClient.Measurement;

/// <summary>How a <see cref="CounterMonitor"/> connects and samples.</summary>
public sealed record CounterMonitorOptions
{
    /// <summary>Seconds between counter samples (EventCounterIntervalSec; default 0.5).</summary>
    public double IntervalSeconds { get; init; } = 0.5;

    /// <summary>How long to keep retrying while the target's diagnostic port does not exist yet (default 15 s).</summary>
    public TimeSpan ConnectTimeout { get; init; } = TimeSpan.FromSeconds(15);

    /// <summary>How long stopping may wait for the session to end before the stream is closed (default 5 s).</summary>
    public TimeSpan StopTimeout { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>Label of the samples before the first <see cref="CounterMonitor.SetVariant"/>.</summary>
    public string InitialVariant { get; init; } = CounterMonitor.IdleVariant;

    internal void Validate()
    {
        if (!(IntervalSeconds >= 0.1) || !double.IsFinite(IntervalSeconds))
        {
            throw new ArgumentOutOfRangeException(nameof(IntervalSeconds), IntervalSeconds, "The counter interval must be at least 0.1 s.");
        }

        if (ConnectTimeout <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(ConnectTimeout), ConnectTimeout, "The connect timeout must be positive.");
        }

        if (StopTimeout <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(StopTimeout), StopTimeout, "The stop timeout must be positive.");
        }

        ArgumentNullException.ThrowIfNull(InitialVariant);
    }
}

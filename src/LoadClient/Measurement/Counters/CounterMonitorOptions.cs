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

    /// <summary>
    /// Also read the host's timings from the System.Diagnostics.Metrics event source (default off). Enable it only on a
    /// process that has finished starting (the load client does, once the host answers its health check): on a .NET 10
    /// process still starting under CPU load, a session that enables this provider was seen never to be acknowledged.
    /// </summary>
    public bool ServerTimings { get; init; }

    /// <summary>Seconds between the host timings' intervals (the event source's RefreshInterval; default 0.1, its minimum):
    /// short, so that a short measured window still has intervals of its own and small intervals are rebuilt exactly.</summary>
    public double TimingIntervalSeconds { get; init; } = 0.1;

    /// <summary>Label of the samples before the first <see cref="CounterMonitor.SetVariant"/>.</summary>
    public string InitialVariant { get; init; } = CounterMonitor.IdleVariant;

    internal void Validate()
    {
        if (!(IntervalSeconds >= 0.1) || !double.IsFinite(IntervalSeconds))
        {
            throw new ArgumentOutOfRangeException(nameof(IntervalSeconds), IntervalSeconds, "The counter interval must be at least 0.1 s.");
        }

        if (!(TimingIntervalSeconds >= 0.1) || !double.IsFinite(TimingIntervalSeconds))
        {
            throw new ArgumentOutOfRangeException(nameof(TimingIntervalSeconds), TimingIntervalSeconds, "The timing interval must be at least 0.1 s.");
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

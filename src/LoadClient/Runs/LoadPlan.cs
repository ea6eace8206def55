namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// How much load one variant gets and how it is paced. Closed loop: <see cref="Threads"/> workers, each sending its next
/// request when the previous one answered. Open loop (<see cref="Rate"/> set): requests scheduled at fixed times, sent by
/// at most <see cref="Threads"/> senders; a request held back because every sender was busy is measured from its
/// scheduled time, so a stalled server shows up as latency instead of as fewer requests.
/// </summary>
public sealed record LoadPlan
{
    public required int Threads { get; init; }

    /// <summary>Measured units of work; null when the run is timed by <see cref="Duration"/>.</summary>
    public long? Requests { get; init; }

    public TimeSpan? Duration { get; init; }

    public required TimeSpan Warmup { get; init; }

    /// <summary>--start-at: the measured window begins at this wall-clock time, whenever the warm-up began (so the windows of
    /// several clients line up to their clocks' agreement); null: after <see cref="Warmup"/>.</summary>
    public DateTimeOffset? MeasureFrom { get; init; }

    /// <summary>A call that takes longer is cancelled and counted as a timeout, whichever stack it is; null: no limit.</summary>
    public TimeSpan? RequestTimeout { get; init; }

    /// <summary>Requests per second for the open loop; null for the closed loop.</summary>
    public double? Rate { get; init; }

    public int Seed { get; init; }

}

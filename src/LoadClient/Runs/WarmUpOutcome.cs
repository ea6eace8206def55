using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>How one warm-up ended.</summary>
/// <param name="Length">From the first call to the start of the measured window.</param>
/// <param name="Steadiness">What its intervals said at its end; null when it was too short (or had too few calls) to judge.</param>
/// <param name="Adaptive">Whether it ran until steady (closed loop) rather than for its planned time.</param>
public sealed record WarmUpOutcome(TimeSpan Length, Steadiness? Steadiness, bool Adaptive)
{
    /// <summary>The warm-up as summary.json records it per trial.</summary>
    public WarmUpInfo ToInfo() => new()
    {
        Seconds = Math.Round(Length.TotalSeconds, 3),
        Steady = Steadiness?.Steady,
        Intervals = Steadiness?.Intervals ?? 0,
        Truncation = Steadiness?.Truncation,
        Drift = Steadiness is { Drift: var drift } && double.IsFinite(drift) ? Math.Round(drift, 4) : null,
        UntilSteady = Adaptive,
    };
}

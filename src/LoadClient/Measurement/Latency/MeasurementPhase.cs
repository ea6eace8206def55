namespace RpcCompare.LoadClient.Measurement;

/// <summary>Where a recorder is in a run: calls are attributed to a phase by the time they end.</summary>
public enum MeasurementPhase
{
    /// <summary>Before the measured window: calls are counted but their latencies discarded.</summary>
    WarmUp,

    /// <summary>Inside the measured window: every call is recorded.</summary>
    Measuring,

    /// <summary>After the measured window: calls are ignored.</summary>
    Ended,
}

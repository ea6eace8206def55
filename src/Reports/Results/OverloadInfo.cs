namespace RpcCompare.Reports.Results;

/// <summary>How an overload run ramped: the probe's rule, the steps, and per stack its capacity and each step's rate.</summary>
public sealed class OverloadInfo
{
    /// <summary>The steps in percent of each stack's probed capacity, in the order they ran.</summary>
    public required IReadOnlyList<int> StepsPercent { get; init; }

    /// <summary>The most calls a step has in flight at once (the open loop's senders); a late request still counts from
    /// its scheduled time.</summary>
    public required int Senders { get; init; }

    /// <summary>How the probe and the steps were run, in one sentence for the report.</summary>
    public required string Method { get; init; }

    public required IReadOnlyList<CapacityProbe> Probes { get; init; }
}

/// <summary>One stack's closed-loop probe and the rates its steps offered.</summary>
public sealed class CapacityProbe
{
    public required string Stack { get; init; }

    /// <summary>The probe's closed-loop callers.</summary>
    public required int Threads { get; init; }

    /// <summary>Successful calls per second over the probe's measured window; 0 when none succeeded (no steps then).</summary>
    public required double CapacityRps { get; init; }

    public required long Requests { get; init; }
    public required long Errors { get; init; }
    public required double Seconds { get; init; }

    /// <summary>Each step's entry (its variant) and the rate it offered, in requests per second.</summary>
    public required IReadOnlyList<OverloadStepRate> Steps { get; init; }
}

/// <summary>A step of the ramp: its entry's variant ("load=125%"), its share of the capacity and the rate it offered.</summary>
public sealed class OverloadStepRate
{
    public required string Variant { get; init; }
    public required int Percent { get; init; }
    public required double OfferedRps { get; init; }
}

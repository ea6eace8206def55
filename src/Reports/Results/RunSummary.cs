namespace RpcCompare.Reports.Results;

/// <summary>summary.json: one entry per stack and variant measured.</summary>
public sealed class RunSummary
{
    public required int FormatVersion { get; init; }
    public required string Scenario { get; init; }
    public required IReadOnlyList<SummaryEntry> Entries { get; init; }
}

public sealed class SummaryEntry
{
    /// <summary>"grpc", "wcf", "rest" or "graphql" (<see cref="ResultsFormat.Stacks"/>).</summary>
    public required string Stack { get; init; }

    public required string Scenario { get; init; }

    /// <summary>"" for the plain measurement; e.g. "stream", "x=1000", "100B", "chatty".</summary>
    public required string Variant { get; init; }

    /// <summary>One of <see cref="ResultsFormat.EntryStatus"/>.</summary>
    public required string Status { get; init; }

    public string? StatusReason { get; init; }
    public required int Threads { get; init; }

    /// <summary>Successful requests in the measured window.</summary>
    public required long Requests { get; init; }

    public required long Errors { get; init; }

    /// <summary>Keys from <see cref="ResultsFormat.ErrorKinds"/>.</summary>
    public required IReadOnlyDictionary<string, long> ErrorsByKind { get; init; }

    public required double DurationSeconds { get; init; }
    public required double ThroughputRps { get; init; }

    /// <summary>Calls per unit of work; 1 except in the n-plus-one scenario.</summary>
    public required double CallsPerUnit { get; init; }

    /// <summary>First call including connection open, measured apart; null when not measured.</summary>
    public double? FirstCallMs { get; init; }

    /// <summary>Null when <see cref="Requests"/> is 0.</summary>
    public LatencySummary? LatencyMs { get; init; }

    public double? BytesSentPerRequest { get; init; }
    public double? BytesReceivedPerRequest { get; init; }
    public ServerSummary? Server { get; init; }
    public ClientSummary? Client { get; init; }
    public required IReadOnlyList<string> LimitsHit { get; init; }
    public required EntryFiles Files { get; init; }
}

public sealed class LatencySummary
{
    public required double P50 { get; init; }
    public required double P90 { get; init; }
    public required double P99 { get; init; }
    public required double P999 { get; init; }
    public required double Max { get; init; }
    public required double Mean { get; init; }
}

public sealed class ServerSummary
{
    public required double PeakWorkingSetMb { get; init; }
    public required double AllocatedBytesPerRequest { get; init; }
    public required long Gen2Collections { get; init; }

    /// <summary>Mean CPU as a percentage of the CPUs the host may use (every core, or its --cpus set).</summary>
    public required double CpuPercent { get; init; }
}

public sealed class ClientSummary
{
    /// <summary>CPU time of the client over the variant, in percent of all the machine's cores.</summary>
    public required double CpuPercent { get; init; }

    /// <summary>Client CPU milliseconds per call of the measured window.</summary>
    public required double CpuMsPerRequest { get; init; }

    public required double PeakWorkingSetMb { get; init; }

    /// <summary>CPUs the client was allowed to use (its --cpus set, or all); null in results from before --cpus.</summary>
    public int? Cpus { get; init; }

    /// <summary>How busy those CPUs were with the client in the measured window, in percent of them; at or above
    /// <see cref="ResultsFormat.Limits.ClientBoundPercent"/> the entry is client-bound.</summary>
    public double? BusyPercent { get; init; }

    /// <summary>True when the client, not the stack, may have set the throughput.</summary>
    public bool ClientBound => BusyPercent >= ResultsFormat.Limits.ClientBoundPercent;
}

/// <summary>File names relative to the results folder; null when absent.</summary>
public sealed class EntryFiles
{
    public string? Latencies { get; init; }
    public string? Histogram { get; init; }

    /// <summary>The HdrHistogram interval log (.hlog) of the measured window.</summary>
    public string? Intervals { get; init; }

    public string? Counters { get; init; }

    /// <summary>The spawned host's own output during the run (host-&lt;stack&gt;.log); null for a --target host.</summary>
    public string? HostLog { get; init; }
}

using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Entries;

/// <summary>Who an entry is: its key, scenario and the load it was planned with.</summary>
public sealed record EntryIdentity(EntryKey Key, string Scenario, int Threads, double CallsPerUnit);

/// <summary>The spawned host as it was when the window closed; null in a measurement of a --target host.</summary>
/// <param name="LastLine">The last line it printed, which names why it exited.</param>
/// <param name="LogName">Its log's file name in the results folder; null when it has none.</param>
public sealed record HostState(bool Exited, string LastLine, string? LogName);

/// <summary>What the figures are shares of and checked against: the run's placement and the hosts' pool.</summary>
/// <param name="ClientCpus">The CPUs the load client may use.</param>
/// <param name="HostCpus">The CPUs a host's CPU share is a share of (its --cpus set when pinned, else every CPU).</param>
/// <param name="DbPoolSize">The hosts' Npgsql pool size; a pool this busy is a limit hit.</param>
/// <param name="MachineCpus">The machine's CPUs, which the client's CPU share is a share of.</param>
public sealed record EntrySettings(int ClientCpus, int HostCpus, int DbPoolSize, int MachineCpus);

/// <summary>
/// Everything one window of one entry measured, read from the recorder, the client process, the host's counters and
/// timings and the connections; <see cref="EntryBuilder"/> makes the summary entry from it alone.
/// </summary>
public sealed record WindowMeasurement
{
    /// <summary>The recorder's result: latencies, errors, and the client's CPU over the measured window, the one
    /// reading every client CPU figure comes from.</summary>
    public required LatencyResult Result { get; init; }

    /// <summary>The client process's peak memory from the first call to the window's end.</summary>
    public required double ClientPeakWorkingSetMb { get; init; }

    /// <summary>Bytes the client's connections sent and received from the first call to the window's end (first call
    /// and warm-up included, as the calls per request count them).</summary>
    public required (long Sent, long Received) WireBytes { get; init; }

    /// <summary>The host's counters over the samples labelled with the window; null without a monitor.</summary>
    public CounterWindowSummary? Server { get; init; }

    /// <summary>The host's timings up to the window's end; null without a monitor or without a measured window.</summary>
    public IReadOnlyList<ServerTimingReading>? Timings { get; init; }

    public HostState? Host { get; init; }

    /// <summary>Whether the run was stopped (Ctrl+C or a signal) before the window ended.</summary>
    public bool Interrupted { get; init; }

    public WarmUpInfo? WarmUp { get; init; }

    /// <summary>The scaling probe's answer; null when it did not run.</summary>
    public ScalingCheck? Scaling { get; init; }

    /// <summary>Why an entry of the scaling check's kind got none (ScalingProbe.NotMeasuredBecause); null otherwise.</summary>
    public string? ScalingNotMeasured { get; init; }

    /// <summary>The counters file of the host's session.</summary>
    public string? CountersFile { get; init; }
}

using System.Globalization;
using System.Text.Json.Serialization;

namespace RpcCompare.Reports.Results;

/// <summary>summary.json: one entry per stack and variant measured.</summary>
public sealed class RunSummary
{
    public required int FormatVersion { get; init; }
    public required string Scenario { get; init; }
    public required IReadOnlyList<SummaryEntry> Entries { get; init; }
}

public sealed record SummaryEntry
{
    /// <summary>"grpc", "wcf", "rest" or "graphql" (<see cref="RpcCompare.Stacks.StackCatalog"/>).</summary>
    public required string Stack { get; init; }

    public required string Scenario { get; init; }

    /// <summary>"" for the plain measurement; e.g. "stream", "x=1000", "100B", "chatty".</summary>
    public required string Variant { get; init; }

    /// <summary>One of <see cref="ResultsFormat.EntryStatus"/>.</summary>
    public required string Status { get; init; }

    public string? StatusReason { get; init; }
    public required int Threads { get; init; }

    /// <summary>The warm-up of a one-trial entry before pooling; summary.json keeps it per trial, in
    /// <see cref="TrialFigures.WarmUp"/>.</summary>
    [JsonIgnore]
    public WarmUpInfo? WarmUp { get; init; }

    /// <summary>The machine during a one-trial entry's window before pooling; summary.json keeps it per trial.</summary>
    [JsonIgnore]
    public MachineNoise? Machine { get; init; }

    /// <summary>Successful requests in the measured window.</summary>
    public required long Requests { get; init; }

    public required long Errors { get; init; }

    /// <summary>Keys from <see cref="ResultsFormat.ErrorKinds"/>.</summary>
    public required IReadOnlyDictionary<string, long> ErrorsByKind { get; init; }

    public required double DurationSeconds { get; init; }
    public required double ThroughputRps { get; init; }

    /// <summary>Calls per unit of work; 1 except in the n-plus-one scenario.</summary>
    public required double CallsPerUnit { get; init; }

    /// <summary>The variant's first call in the trial, measured apart over a new connection of its own: the TCP connect, with
    /// TLS the handshake, then the call (its bytes are not in the bytes per request); null when not measured.</summary>
    public double? FirstCallMs { get; init; }

    /// <summary>Null when <see cref="Requests"/> is 0.</summary>
    public LatencySummary? LatencyMs { get; init; }

    public double? BytesSentPerRequest { get; init; }
    public double? BytesReceivedPerRequest { get; init; }
    public ServerSummary? Server { get; init; }
    public ClientSummary? Client { get; init; }

    /// <summary>Where the latency went (database, server work, waiting for the client, after the server; the client's decode
    /// beside them); null when the host's timings were not read (a --target host, or nothing recorded in the window).</summary>
    public BreakdownSummary? Breakdown { get; init; }

    public required IReadOnlyList<string> LimitsHit { get; init; }
    public required EntryFiles Files { get; init; }

    /// <summary>
    /// The entry's trials in the order they ran (trial 1 first): each one's own figures. The entry's other figures pool
    /// them (sums, call-weighted means, the merged histogram), and its latency file holds the trials' calls one trial
    /// after another, <see cref="TrialFigures.Requests"/> lines each. Null in results from before trials (format 1), which
    /// read as one trial.
    /// </summary>
    public IReadOnlyList<TrialFigures>? Trials { get; init; }

    /// <summary>Results merged from several load clients (<c>merge</c>) only: each client's own figures beside the merged
    /// ones. Left out of summary.json otherwise, so one client's results read as they always did.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<ClientFigures>? Clients { get; init; }
}

/// <summary>One load client's part of a merged entry, pooled over its trials as its own results folder had it.</summary>
public sealed record ClientFigures
{
    /// <summary>The client's results folder (its name, or the path given when two folders share a name).</summary>
    public required string Source { get; init; }

    public required long Requests { get; init; }
    public required long Errors { get; init; }
    public required double ThroughputRps { get; init; }
    public double? P50Ms { get; init; }
    public double? P99Ms { get; init; }

    /// <summary>From its first trial's first interval to its last trial's last (its interval logs); null without them.</summary>
    public DateTimeOffset? WindowStartUtc { get; init; }

    public DateTimeOffset? WindowEndUtc { get; init; }

    /// <summary>How busy the client's CPUs were in its measured windows (<see cref="ClientSummary.BusyPercent"/>).</summary>
    public double? BusyPercent { get; init; }

    public bool ClientBound => BusyPercent >= ResultsFormat.Limits.ClientBoundPercent;
}

/// <summary>One trial of one entry: what its measured window alone showed.</summary>
public sealed record TrialFigures
{
    /// <summary>1-based trial number (<see cref="TrialsInfo.Orders"/> has its order).</summary>
    public required int Trial { get; init; }

    /// <summary>One of <see cref="ResultsFormat.EntryStatus"/>.</summary>
    public required string Status { get; init; }

    public required long Requests { get; init; }
    public required long Errors { get; init; }
    public required double DurationSeconds { get; init; }
    public required double ThroughputRps { get; init; }

    /// <summary>Null when the trial had no successful request.</summary>
    public double? P50Ms { get; init; }

    public double? P99Ms { get; init; }
    public double? BytesSentPerRequest { get; init; }
    public double? BytesReceivedPerRequest { get; init; }
    public double? ClientCpuMsPerRequest { get; init; }
    public double? ServerCpuMsPerRequest { get; init; }
    public double? ServerAllocatedBytesPerRequest { get; init; }

    /// <summary>The trial's interval log (.hlog); null when none was written.</summary>
    public string? Intervals { get; init; }

    /// <summary>The whole machine during the trial's measured window; null where it could not be read or before it was recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public MachineNoise? Machine { get; init; }

    /// <summary>How the trial's warm-up ended; null in results from before it was recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public WarmUpInfo? WarmUp { get; init; }
}

/// <summary>The whole machine's CPU during a measured window, all processes included (Linux /proc/stat).</summary>
public sealed record MachineNoise
{
    /// <summary>A trial with at least this much steal measured a machine the hypervisor gave away: the report names it.</summary>
    public const double SpoiledStealPercent = 5;

    /// <summary>Whether a trial measured on <paramref name="machine"/> was spoiled by it (<see cref="SpoiledStealPercent"/>).</summary>
    public static bool Spoils(MachineNoise? machine) => machine is { StealPercent: >= SpoiledStealPercent };

    /// <summary>Busy share of all CPUs (ours and everyone else's), in percent.</summary>
    public required double BusyPercent { get; init; }

    /// <summary>Time the hypervisor ran other guests while this one wanted the CPU, in percent of all CPU time.</summary>
    public required double StealPercent { get; init; }

    /// <summary>A trial whose fixed CPU loop took at least this factor of the run's median measured a slower machine.</summary>
    public const double SlowCpuFactor = 1.10;

    /// <summary>A trial whose memory walk took at least this factor of the run's median measured slower memory. Wider than
    /// the loop's: on this machine kind the walk's readings spread by about ±12% within a quiet run, and at 10% it named
    /// two or three trials per base-case run whose latency did not follow (correlation 0.15).</summary>
    public const double SlowMemoryFactor = 1.25;

    /// <summary>The load client's fixed piece of integer work, in microseconds of its own thread's CPU time, read as the
    /// window ended (CpuSpeed): it grows when the machine's CPU is slower, not when it is busier. Null in results from
    /// before it was read, and off Linux.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? CpuLoopMicroseconds { get; init; }

    /// <summary>The load client's fixed walk of dependent loads through memory larger than the last-level cache, in
    /// microseconds of its own thread's CPU time, read as the window ended (CpuSpeed): it grows when neighbours fill the
    /// shared cache or the memory bus, which the integer loop does not feel. Null in results from before it was read,
    /// and off Linux.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? MemoryWalkMicroseconds { get; init; }
}

/// <summary>
/// One warm-up: how long it ran and whether its 500 ms intervals had stopped changing when the measured window began
/// (the load client's SteadyState rule). A trial measured after a warm-up that was judged and was not steady measures a
/// system still warming: the report names it "not steady".
/// </summary>
public sealed record WarmUpInfo
{
    public required double Seconds { get; init; }

    /// <summary>True: steady; false: still drifting at its end (it reached its cap); null: too short or too few calls to judge.</summary>
    public bool? Steady { get; init; }

    /// <summary>500 ms intervals with calls that were judged.</summary>
    public int Intervals { get; init; }

    /// <summary>Intervals the transient took (MSER's truncation point); null when not judged.</summary>
    public int? Truncation { get; init; }

    /// <summary>The last half's trend from its first interval to its last, as a fraction of its mean; null when not judged.</summary>
    public double? Drift { get; init; }

    /// <summary>Whether the warm-up ran until steady (up to its cap) rather than for a fixed time.</summary>
    public bool UntilSteady { get; init; }
}

/// <summary>
/// The host's own timings of an entry's measured window (read over EventPipe from System.Diagnostics.Metrics) and the
/// client's latency split with them at p50 and p99.
/// </summary>
public sealed class BreakdownSummary
{
    /// <summary>The instrument the server time comes from ("http.server.request.duration" or the NetTcp host's own).</summary>
    public required string ServerSource { get; init; }

    /// <summary>Whole requests as the server saw them (answered calls only).</summary>
    public required TimingSummary ServerMs { get; init; }

    /// <summary>Calls of the query service: database round trips and reading rows; null when none was recorded.</summary>
    public TimingSummary? DatabaseMs { get; init; }

    /// <summary>Streamed answers: handler start to the first batch handed to the transport; null for unary calls.</summary>
    public TimingSummary? FirstBatchMs { get; init; }

    /// <summary>Query-service calls per server request (1 for every stack's own calls; more for a GraphQL query that
    /// resolves several fields).</summary>
    public required double DatabaseCallsPerRequest { get; init; }

    /// <summary>Per request, the time the host's writes were blocked on the transport because the client had not read
    /// yet; null from a host or results folder that did not record it.</summary>
    public TimingSummary? WriteWaitMs { get; init; }

    public required LatencySplit P50 { get; init; }
    public required LatencySplit P99 { get; init; }
}

/// <summary>Count, mean and two quantiles of one host timing, in milliseconds.</summary>
public sealed class TimingSummary
{
    public required long Count { get; init; }
    public required double Mean { get; init; }
    public required double P50 { get; init; }
    public required double P99 { get; init; }
}

/// <summary>
/// One quantile of the client's latency split into parts (milliseconds). Measured: <see cref="Client"/>,
/// <see cref="Server"/> (the host's whole request), <see cref="Database"/> (the query service), <see cref="WaitingForClient"/>
/// (the host's writes blocked on the transport because the client had not read yet), <see cref="ClientDecode"/> and
/// <see cref="ClientReceive"/> (on the client). Derived: <see cref="ServerWork"/> (server minus database minus waiting:
/// framework, serialization, framing) and <see cref="AfterServer"/> (client minus server: the transfer after the host's
/// last write, the client library and whatever decoding did not overlap the server). Database, server work, waiting and
/// after-server add up to the client's latency; decode and receive are measured beside them and overlap them (a client
/// that decodes while the server still writes makes the server wait). Each quantile is taken on its own distribution, so
/// the parts are a decomposition of quantiles, not of one call; a derived part never goes below zero. Only the measured
/// parts are read back: results written before a part was measured read it as absent (waiting as 0).
/// </summary>
public sealed class LatencySplit
{
    public required double Client { get; init; }
    public required double Server { get; init; }
    public required double Database { get; init; }

    /// <summary>Time the host's writes were blocked on the transport (HTTP/2 flow control, full socket buffers); null
    /// from a host or a results folder that did not record it.</summary>
    public double? WaitingForClient { get; init; }

    /// <summary>Time the client spent turning the answer's bytes into objects; null where not measured.</summary>
    public double? ClientDecode { get; init; }

    /// <summary>Time from the answer's first byte to its last on the client; null where not measured.</summary>
    public double? ClientReceive { get; init; }

    /// <summary>The stack's own server work: server minus database minus waiting for the client.</summary>
    public double ServerWork => Math.Max(0, Server - Database - (WaitingForClient ?? 0));

    /// <summary>What the client measured beyond the server's request: the transfer after the host's last write, the client
    /// library, and decoding that did not overlap the server.</summary>
    public double AfterServer => Math.Max(0, Client - Server);

    public static LatencySplit From(double client, double server, double database, double? waiting = null, double? decode = null, double? receive = null) => new()
    {
        Client = client,
        Server = server,
        Database = database,
        WaitingForClient = waiting,
        ClientDecode = decode,
        ClientReceive = receive,
    };
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

    /// <summary>Server CPU time per call (ms): the CPU of every sample labelled with the variant over the calls they saw
    /// (first call, warm-up and measured window, as <see cref="AllocatedBytesPerRequest"/>); null in results from before
    /// it was recorded.</summary>
    public double? CpuMsPerRequest { get; init; }
}

public sealed class ClientSummary
{
    /// <summary>CPU time of the client over the measured window, in percent of all the machine's cores.</summary>
    public required double CpuPercent { get; init; }

    /// <summary>Client CPU milliseconds per call of the measured window.</summary>
    public required double CpuMsPerRequest { get; init; }

    /// <summary>Bytes the client process allocated per call of the measured window: the client library's decoding and
    /// the workers, and also the client's own reading of the host's EventPipe events, as its CPU figure; null in
    /// results from before it was recorded.</summary>
    public double? AllocatedBytesPerRequest { get; init; }

    public required double PeakWorkingSetMb { get; init; }

    /// <summary>Per call of the measured window, the time the client library spent turning the answer's bytes into
    /// objects, measured on the client; null where the client cannot separate it, or in older results.</summary>
    public TimingSummary? DecodeMs { get; init; }

    /// <summary>Per call, the time from the answer's first byte to its last as the client saw them; null where not
    /// measured.</summary>
    public TimingSummary? ReceiveMs { get; init; }

    /// <summary>CPUs the client was allowed to use (its --cpus set, or all); null in results from before --cpus.</summary>
    public int? Cpus { get; init; }

    /// <summary>How busy those CPUs were with the client in the measured window, in percent of them; at or above
    /// <see cref="ResultsFormat.Limits.ClientBoundPercent"/> the entry is client-bound.</summary>
    public double? BusyPercent { get; init; }

    /// <summary>The scaling check of the entry's last trial (twice the callers for a moment); null when none was made.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public ScalingCheck? Scaling { get; init; }

    /// <summary>Why an entry the scaling check would judge got no check (too few calls in too short a window for the
    /// figure it compares), as a clause; the entry then keeps its throughput's rank. Null when it was checked, was not of
    /// the check's kind, or in results from before it was recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ScalingNotMeasured { get; init; }

    /// <summary>True when the client, not the stack, may have set the throughput: its CPUs were busy, or more callers
    /// added no throughput while the host was not the limit.</summary>
    public bool ClientBound => BusyPercent >= ResultsFormat.Limits.ClientBoundPercent || Scaling?.Saturated == true;

    /// <summary>Why the entry is client-bound, as a clause ("the load client kept its 1 CPU 95% busy"); null when it is not.</summary>
    [JsonIgnore]
    public string? BoundBecause => BusyPercent >= ResultsFormat.Limits.ClientBoundPercent && Cpus is { } cpus
        ? string.Create(CultureInfo.InvariantCulture, $"the load client kept its {cpus} CPU{(cpus == 1 ? "" : "s")} {BusyPercent:N0}% busy")
        : Scaling is { Saturated: true } scaling
            ? string.Create(CultureInfo.InvariantCulture,
                $"with twice the callers ({scaling.Threads}) the throughput changed by {Change(scaling.ThroughputRps / scaling.BaseThroughputRps)} " +
                $"while the host's own time per request stayed at {scaling.ServerMeanMs:0.###} ms and its CPUs {scaling.HostCpuPercent:N0}% busy, " +
                $"so the load client (or the path to the host) held it back with its CPUs only {BusyPercent:N0}% busy")
            : null;

    /// <summary>"+4%", "-12%", "+0%": rounded before the sign is chosen, so a change just below zero is not "-+0%".</summary>
    private static string Change(double ratio)
    {
        var percent = (long)Math.Round((ratio - 1) * 100, MidpointRounding.AwayFromZero);
        return percent < 0 ? $"{percent.ToString(CultureInfo.InvariantCulture)}%" : $"+{percent.ToString(CultureInfo.InvariantCulture)}%";
    }
}

/// <summary>
/// The load client's check that it was not the limit without being busy (one process stops scaling with CPUs idle): after
/// the entry's last measured window, twice its callers for a moment. When the throughput did not grow while the host's own
/// time per request stayed flat and its CPUs were not busy, the extra callers waited in the client, and the entry is
/// client-bound (<see cref="Saturated"/>).
/// </summary>
public sealed class ScalingCheck
{
    /// <summary>Callers of the check (twice the entry's).</summary>
    public required int Threads { get; init; }

    public required double ThroughputRps { get; init; }

    /// <summary>The measured window's throughput, at the entry's own callers.</summary>
    public required double BaseThroughputRps { get; init; }

    /// <summary>The host's mean time per request during the check and during the measured window.</summary>
    public required double ServerMeanMs { get; init; }

    public required double BaseServerMeanMs { get; init; }

    /// <summary>The host's CPU during the check, in percent of the CPUs it may use; null when not sampled.</summary>
    public double? HostCpuPercent { get; init; }

    /// <summary>Calls the check completed; too few for a figure leave it unsaturated (0 in results from before it was recorded).</summary>
    public long Requests { get; init; }

    public required bool Saturated { get; init; }
}

/// <summary>File names relative to the results folder; null when absent.</summary>
public sealed record EntryFiles
{
    public string? Latencies { get; init; }
    public string? Histogram { get; init; }

    /// <summary>The HdrHistogram interval log (.hlog) of the measured window.</summary>
    public string? Intervals { get; init; }

    public string? Counters { get; init; }

    /// <summary>The spawned host's own output during the run (host-&lt;stack&gt;.log); null for a --target host.</summary>
    public string? HostLog { get; init; }
}

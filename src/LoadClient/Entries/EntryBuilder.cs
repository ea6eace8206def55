using HdrHistogram;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Entries;

/// <summary>One trial's summary entry of a stack and variant (or of one kind of a mix), with its latency histogram.</summary>
/// <param name="Histogram">Null when nothing was measured (a skipped or failed entry).</param>
/// <param name="LatenciesPath">The trial's latency file (full path); null when none was written.</param>
public sealed record MeasuredEntry(SummaryEntry Entry, HistogramBase? Histogram, string? LatenciesPath)
{
    /// <summary>An entry nothing was measured for.</summary>
    public static MeasuredEntry Unmeasured(SummaryEntry entry) => new(entry, null, null);
}

/// <summary>
/// One trial's summary entry made from what its window measured (<see cref="WindowMeasurement"/>): every figure a
/// function of the measurement alone, so each is tested without a host. Measuring the window is the runner's.
/// </summary>
public static class EntryBuilder
{
    /// <summary>An entry with no measurement (the stack or variant was skipped or failed before its window), and the
    /// part every measured entry starts from.</summary>
    public static SummaryEntry Empty(EntryIdentity id, string status, string? reason) => new()
    {
        Stack = id.Key.Stack,
        Scenario = id.Scenario,
        Variant = id.Key.Variant,
        Status = status,
        StatusReason = reason,
        Threads = id.Threads,
        Requests = 0,
        Errors = 0,
        ErrorsByKind = new Dictionary<string, long>(),
        DurationSeconds = 0,
        ThroughputRps = 0,
        CallsPerUnit = id.CallsPerUnit,
        LimitsHit = [],
        Files = new EntryFiles(),
    };

    /// <summary>The entry of a variant's whole window: its latencies and every figure of the client, the connections and
    /// the host.</summary>
    public static SummaryEntry Measured(EntryIdentity id, int trial, WindowMeasurement window, EntrySettings settings)
    {
        var result = window.Result;
        var calls = CallsOnTheWire(result);
        var counted = CallsCounted(result);
        var clientCost = ClientCost(result, window.ClientPeakWorkingSetMb, settings, window.Scaling, window.ScalingNotMeasured);
        var core = Latency(id, trial, result, window.Host, window.Interrupted);
        return core with
        {
            FirstCallMs = result.FirstCallMs,
            BytesSentPerRequest = (double)window.WireBytes.Sent / counted,
            BytesReceivedPerRequest = (double)window.WireBytes.Received / counted,
            Server = Server(window.Server, calls, settings.HostCpus),
            Client = clientCost,
            Breakdown = Breakdown(window.Timings, result),
            LimitsHit = LimitsHit(result, window.Server, settings.DbPoolSize, clientCost),
            Files = core.Files with { Counters = window.CountersFile },
            WarmUp = window.WarmUp,
            Machine = result.Machine,
        };
    }

    /// <summary>
    /// One kind of a mix over the whole mix's window: its latencies, errors and throughput. Bytes, server figures and the
    /// breakdown belong to the whole mix only (the connections and the host's counters do not know the kinds apart).
    /// </summary>
    public static SummaryEntry Kind(EntryIdentity id, int trial, LatencyResult result, HostState? host, bool interrupted) =>
        Latency(id, trial, result, host, interrupted);

    /// <summary>Every call the host served in the window: the first call, the warm-up's and the measured ones.</summary>
    public static long CallsOnTheWire(LatencyResult result) => 1 + SessionCalls(result);

    /// <summary>The calls whose bytes the window counted: the warm-up's and the measured ones, on the session's client. The
    /// first call's client is one of its own (its connection's set-up is firstCallMs's), and its bytes are not counted.</summary>
    public static long CallsCounted(LatencyResult result) => Math.Max(1, SessionCalls(result));

    private static long SessionCalls(LatencyResult result) => result.WarmUpRequests + result.WarmUpErrors + result.Requests + result.Errors;

    /// <summary>How the window went: the host's exit first, then an interrupted run, then no successful call.</summary>
    public static (string Status, string? Reason) Status(string stack, HostState? host, LatencyResult result, bool interrupted) =>
        host is { Exited: true }
            ? (ResultsFormat.EntryStatus.Failed, $"the {stack} host exited during the run: {host.LastLine}")
            : interrupted
                ? (ResultsFormat.EntryStatus.Interrupted, "interrupted (Ctrl+C or a signal) before the planned requests were done")
                : result.Requests == 0
                    ? (ResultsFormat.EntryStatus.Failed, result.FirstError is null
                        ? "no request completed inside the measured window (calls still running when it closed are not counted)"
                        : $"no request succeeded; first error: {result.FirstError}")
                    : (ResultsFormat.EntryStatus.Ok, result.Errors > 0 ? $"{result.Errors:N0} errors; first: {result.FirstError}" : null);

    /// <summary>What every measured entry has: who, what, how it went, its latencies and its files.</summary>
    private static SummaryEntry Latency(EntryIdentity id, int trial, LatencyResult result, HostState? host, bool interrupted)
    {
        var (status, reason) = Status(id.Key.Stack, host, result, interrupted);
        return Empty(id, status, reason) with
        {
            Requests = result.Requests,
            Errors = result.Errors,
            ErrorsByKind = result.ErrorsByWireName(),
            DurationSeconds = result.DurationSeconds,
            ThroughputRps = result.ThroughputRps,
            LatencyMs = LatencyStats.Summary(result.LatencyMs),
            Files = new EntryFiles
            {
                Latencies = result.LatenciesFile is null ? null : id.Key.Latencies,
                Histogram = id.Key.Histogram,
                Intervals = result.IntervalLogFile is null ? null : id.Key.IntervalLog(trial),
                HostLog = host?.LogName,
            },
        };
    }

    /// <summary>The host's figures over the window's samples, per call on the wire; null unless the host reported its
    /// memory, allocations, collections and CPU.</summary>
    public static ServerSummary? Server(CounterWindowSummary? server, long calls, int hostCpus) =>
        server is { PeakWorkingSetMb: { } peak, AllocatedBytes: not null, Gen2Collections: { } gen2, MeanCpuPercent: { } cpu }
            ? new ServerSummary
            {
                PeakWorkingSetMb = peak,
                AllocatedBytesPerRequest = server.AllocatedBytesPerRequest(calls) ?? 0,
                Gen2Collections = gen2,
                CpuPercent = cpu,
                CpuMsPerRequest = server.CpuMsPerCall(calls, hostCpus),
            }
            : null;

    /// <summary>
    /// The host's timings over the measured window only (warm-up excluded) and the client's p50 and p99 split with them;
    /// null without timings (no monitor: a --target host on another machine) or when the host recorded no answered
    /// request in the window.
    /// </summary>
    public static BreakdownSummary? Breakdown(IReadOnlyList<ServerTimingReading>? timings, LatencyResult result)
    {
        if (timings is null || result.LatencyMs is not { } client
            || result.MeasureStartTimestamp is not { } from || result.MeasureEndTimestamp is not { } to)
        {
            return null;
        }
        if (ServerTimingWindow.Summarize(timings, ServerTiming.Request, from, to) is not { } server)
        {
            return null;
        }
        var database = ServerTimingWindow.Summarize(timings, ServerTiming.Query, from, to);
        var firstBatch = ServerTimingWindow.Summarize(timings, ServerTiming.FirstBatch, from, to);
        // Null from a host that does not record it (one built before it did): the split then has no waiting part.
        var writeWait = ServerTimingWindow.Summarize(timings, ServerTiming.WriteWait, from, to);
        double callsPerRequest = database is null ? 0 : (double)database.Count / server.Count;
        // A request that calls the query service several times (a GraphQL query resolving a page and its links) spends
        // several calls' time in the database: the per-call quantile scaled by the calls, an approximation said in the docs.
        double perRequest = Math.Max(1, callsPerRequest);
        return new BreakdownSummary
        {
            ServerSource = timings.First(t => t.Timing == ServerTiming.Request).Instrument,
            ServerMs = server,
            DatabaseMs = database,
            FirstBatchMs = firstBatch,
            DatabaseCallsPerRequest = callsPerRequest,
            WriteWaitMs = writeWait,
            P50 = LatencySplit.From(client.P50, server.P50, (database?.P50 ?? 0) * perRequest, waiting: writeWait?.P50,
                decode: result.DecodeMs?.P50, receive: result.ReceiveMs?.P50),
            P99 = LatencySplit.From(client.P99, server.P99, (database?.P99 ?? 0) * perRequest, waiting: writeWait?.P99,
                decode: result.DecodeMs?.P99, receive: result.ReceiveMs?.P99),
        };
    }

    /// <summary>The client's own cost, its CPU from one reading over the measured window (the recorder's): CPU per call,
    /// its share of the machine and how busy its own CPUs were; allocations per call; peak memory from the first call on.</summary>
    public static ClientSummary ClientCost(LatencyResult result, double peakWorkingSetMb, EntrySettings settings, ScalingCheck? scaling,
        string? scalingNotMeasured = null)
    {
        var calls = result.Requests + result.Errors;
        double Share(int cpus) =>
            result.ClientCpuWallTime > TimeSpan.Zero ? result.ClientCpuTime / result.ClientCpuWallTime / cpus * 100 : 0;
        return new ClientSummary
        {
            CpuPercent = Share(settings.MachineCpus),
            CpuMsPerRequest = calls > 0 ? result.ClientCpuTime.TotalMilliseconds / calls : 0,
            AllocatedBytesPerRequest = calls > 0 ? (double)result.ClientAllocatedBytes / calls : 0,
            PeakWorkingSetMb = peakWorkingSetMb,
            DecodeMs = result.DecodeMs,
            ReceiveMs = result.ReceiveMs,
            Cpus = settings.ClientCpus,
            // At most 100: a process cannot use more than its CPUs' time, whatever rounding the kernel's accounting has.
            BusyPercent = Math.Min(100, Share(settings.ClientCpus)),
            Scaling = scaling,
            ScalingNotMeasured = scaling is null ? scalingNotMeasured : null,
        };
    }

    /// <summary>Limits a run ran into: the database pool full (from the host's Npgsql counters), calls timing out, the client
    /// itself out of CPU.</summary>
    public static List<string> LimitsHit(LatencyResult result, CounterWindowSummary? server, int poolSize, ClientSummary client)
    {
        var limits = new List<string>();
        if (server?.PeakDbBusyConnections >= poolSize)
        {
            limits.Add(ResultsFormat.Limits.NpgsqlPool);
        }
        if (result.ErrorsByKind.GetValueOrDefault(ErrorKind.Timeout) > 0)
        {
            limits.Add(ResultsFormat.Limits.RequestTimeout);
        }
        if (client.ClientBound)
        {
            limits.Add(ResultsFormat.Limits.ClientBound);
        }
        return limits;
    }
}

using System.Diagnostics;
using HdrHistogram;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>One trial's summary entry of a stack and variant (or of one kind of a mix), with its latency histogram.</summary>
/// <param name="Histogram">Null when nothing was measured (a skipped or failed entry).</param>
/// <param name="LatenciesPath">The trial's latency file (full path); null when none was written.</param>
public sealed record MeasuredEntry(SummaryEntry Entry, HistogramBase? Histogram, string? LatenciesPath);

/// <summary>
/// Measures one variant of one stack in one trial: the first call, the warm-up, the measured window, and the figures
/// the host's counters and timings give for that window. Writes the trial's latencies and interval log; pooling the
/// trials into the entry summary.json shows is <see cref="EntryTrials"/>'s.
/// </summary>
public sealed class VariantMeasurement(RunSettings settings, Scenario scenario, ResultsWriter results, RunProgress progress)
{
    /// <summary>
    /// Counter samples are 500 ms apart and take the label in force at their middle. A quiet pause longer than that before
    /// and after a variant means every sample that holds its traffic carries its label, so bytes and allocations per
    /// request are not shared with the neighbours.
    /// </summary>
    private static readonly TimeSpan SampleSettle = TimeSpan.FromMilliseconds(600);

    /// <summary>The variant's entry, then (for a mix) one entry per kind of request.</summary>
    public async Task<IReadOnlyList<MeasuredEntry>> MeasureAsync(HostSession session, Variant variant, LoadPlan plan, int trial,
        CancellationToken cancellationToken)
    {
        var stack = session.Stack;
        var (client, host, monitor) = (session.Client, session.Host, session.Monitor);
        await using var recorder = new LatencyRecorder(Files(stack, variant.Name, trial));
        // Disposed however measuring ends, so a mix that fails midway leaves no sampler running and no half-written file.
        await using var kinds = variant.Mix is { } mix ? new MixRecording(mix.Kinds, mix.CallsPerUnit) : null;
        kinds?.Start(recorder, kind => Files(stack, kind, trial));
        using var abort = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        using var hostWatch = host is null ? null : WatchHost(host, abort);
        using var display = progress.Track(stack, TrialName(variant.Name, trial), plan, recorder);

        // Each trial's samples get a label of their own, so the server figures of a trial are its window's only.
        var label = CounterLabel(variant.Name, trial);
        if (monitor is not null)
        {
            monitor.SetVariant(label);
            await Task.Delay(SampleSettle, CancellationToken.None);
        }
        var clientSampler = ClientProcessSampler.Start();
        var wireBefore = client.WireBytes;
        await FirstCallAsync(client, variant, recorder, abort.Token);
        var warmUp = await LoadGenerator.RunAsync(client, variant, plan, recorder, kinds, abort.Token);
        if (monitor is not null && !abort.IsCancellationRequested)
        {
            await Task.Delay(SampleSettle, CancellationToken.None);
        }
        var wireAfter = client.WireBytes;
        monitor?.SetVariant(CounterMonitor.IdleVariant);
        var clientUsage = clientSampler.Stop();
        var result = await recorder.CompleteAsync(CancellationToken.None);

        var (status, reason) = StatusOf(stack, host, result, cancellationToken);
        var calls = 1 + result.WarmUpRequests + result.WarmUpErrors + result.Requests + result.Errors;
        var server = monitor?.Summarize(label);
        var breakdown = await BreakdownAsync(monitor, result);
        var scaling = settings.ScalingCheck && trial == settings.Trials && status == ResultsFormat.EntryStatus.Ok
            && ScalingProbe.Applies(variant, plan, result, monitor, breakdown)
            ? await ScalingProbe.RunAsync(client, variant, plan, result, breakdown!, monitor!, label, SampleSettle, abort.Token)
            : null;
        var clientCost = ClientCost(result, clientUsage, settings.Placement.ClientCpuCount, scaling);
        var core = LatencyEntry(stack, variant.Name, variant.Threads, variant.CallsPerUnit, result, status, reason, host);
        var entry = core with
        {
            FirstCallMs = result.FirstCallMs,
            BytesSentPerRequest = (double)(wireAfter.Sent - wireBefore.Sent) / calls,
            BytesReceivedPerRequest = (double)(wireAfter.Received - wireBefore.Received) / calls,
            Server = server is { PeakWorkingSetMb: { } peak, AllocatedBytes: not null, Gen2Collections: { } gen2, MeanCpuPercent: { } cpu }
                ? new ServerSummary
                {
                    PeakWorkingSetMb = peak,
                    AllocatedBytesPerRequest = server.AllocatedBytesPerRequest(calls) ?? 0,
                    Gen2Collections = gen2,
                    CpuPercent = cpu,
                    CpuMsPerRequest = server.CpuMsPerCall(calls, HostCpus(host)),
                }
                : null,
            Client = clientCost,
            Breakdown = breakdown,
            LimitsHit = LimitsHit(result, server, settings.DbPoolSize, clientCost),
            Files = core.Files with { Counters = session.CountersFile },
            WarmUp = warmUp.ToInfo(),
            Machine = result.Machine,
        };
        return [new MeasuredEntry(entry, result.Histogram, result.LatenciesFile), .. await KindEntriesAsync(stack, host, variant, kinds, cancellationToken)];
    }

    /// <summary>Trial 1 writes the entry's own latency file and interval log; a later trial writes its latencies beside it,
    /// to be appended (<see cref="EntryTrials"/>), and keeps an interval log of its own.</summary>
    private LatencyRecorderOptions Files(string stack, string variant, int trial) => new()
    {
        LatenciesCsvPath = results.PathOf(EntryTrials.TrialLatenciesFile(stack, variant, trial)),
        IntervalLogPath = results.PathOf(ResultFileNames.IntervalLog(stack, variant, trial)),
    };

    /// <summary>The counter samples' label of a variant in a trial: the variant's own name in the first.</summary>
    public static string CounterLabel(string variant, int trial) => trial <= 1 ? variant : $"{variant}#{trial}";

    private string TrialName(string variant, int trial) =>
        settings.Trials <= 1 ? variant : $"{variant}{(variant.Length == 0 ? "" : " ")}trial {trial}/{settings.Trials}";

    /// <summary>What every measured entry has: who, what, how it went, its latencies and its files.</summary>
    private SummaryEntry LatencyEntry(string stack, string variant, int threads, double callsPerUnit, LatencyResult result,
        string status, string? reason, HostProcess? host) => EmptyEntry(stack, variant, status, reason, threads, callsPerUnit) with
    {
        Requests = result.Requests,
        Errors = result.Errors,
        ErrorsByKind = result.ErrorsByWireName(),
        DurationSeconds = result.DurationSeconds,
        ThroughputRps = result.ThroughputRps,
        LatencyMs = LatencyStats.Summary(result.LatencyMs),
        Files = new EntryFiles
        {
            Latencies = result.LatenciesFile is null ? null : ResultFileNames.Latencies(stack, variant),
            Histogram = ResultFileNames.Histogram(stack, variant),
            Intervals = result.IntervalLogFile is null ? null : ResultFileNames.IntervalLog(stack, variant),
            HostLog = host?.LogPath is { } log ? Path.GetFileName(log) : null,
        },
    };

    private static (string Status, string? Reason) StatusOf(string stack, HostProcess? host, LatencyResult result,
        CancellationToken cancellationToken) =>
        host is { HasExited: true }
            ? (ResultsFormat.EntryStatus.Failed, $"the {stack} host exited during the run: {LastLine(host)}")
            : cancellationToken.IsCancellationRequested
                ? (ResultsFormat.EntryStatus.Interrupted, "interrupted (Ctrl+C or a signal) before the planned requests were done")
                : result.Requests == 0
                    ? (ResultsFormat.EntryStatus.Failed, result.FirstError is null
                        ? "no request completed inside the measured window (calls still running when it closed are not counted)"
                        : $"no request succeeded; first error: {result.FirstError}")
                    : (ResultsFormat.EntryStatus.Ok, result.Errors > 0 ? $"{result.Errors:N0} errors; first: {result.FirstError}" : null);

    /// <summary>
    /// Each kind of a mix over the whole mix's window: its latencies, errors and throughput. Bytes, server figures and the
    /// breakdown belong to the whole mix only (the connections and the host's counters do not know the kinds apart).
    /// </summary>
    private async Task<List<MeasuredEntry>> KindEntriesAsync(string stack, HostProcess? host, Variant variant, MixRecording? kinds,
        CancellationToken cancellationToken)
    {
        var entries = new List<MeasuredEntry>();
        if (kinds is not { } mix)
        {
            return entries;
        }
        for (var i = 0; i < mix.Kinds.Count; i++)
        {
            var result = await mix.Recorders[i].CompleteAsync(CancellationToken.None);
            var (status, reason) = StatusOf(stack, host, result, cancellationToken);
            var entry = LatencyEntry(stack, mix.Kinds[i], variant.Threads, mix.CallsPerUnit[i], result, status, reason, host);
            entries.Add(new MeasuredEntry(entry, result.Histogram, result.LatenciesFile));
        }
        return entries;
    }

    /// <summary>The first call of a variant, connection set-up included, measured apart from the steady state.</summary>
    private static async Task FirstCallAsync(IGraphClient client, Variant variant, LatencyRecorder recorder, CancellationToken cancellationToken)
    {
        var start = Stopwatch.GetTimestamp();
        try
        {
            await variant.Operation(client, new Random(0), cancellationToken);
            recorder.RecordFirstCall(start, Stopwatch.GetTimestamp());
        }
        catch (Exception)
        {
            // Stopping, or a failure the warm-up will meet again and count.
        }
    }

    /// <summary>
    /// The host's timings over the measured window only (warm-up excluded) and the client's p50 and p99 split with them;
    /// null without a monitor (a --target host on another machine) or when the host recorded no answered request in the window.
    /// </summary>
    private static async Task<BreakdownSummary?> BreakdownAsync(CounterMonitor? monitor, LatencyResult result)
    {
        if (monitor is null || result.LatencyMs is not { } client
            || result.MeasureStartTimestamp is not { } from || result.MeasureEndTimestamp is not { } to)
        {
            return null;
        }
        var timings = await monitor.TimingsUntilAsync(to);
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

    /// <summary>The CPUs the host's CPU share is a share of: its --cpus set when spawned and pinned, else every CPU.</summary>
    private int HostCpus(HostProcess? host) =>
        host is not null && settings.Placement.Hosts is { Count: > 0 } pinned ? pinned.Count : Environment.ProcessorCount;

    /// <summary>The client's own cost: CPU per call and how busy its CPUs were, both over the measured window only.</summary>
    private static ClientSummary ClientCost(LatencyResult result, ClientProcessUsage usage, int cpus, ScalingCheck? scaling)
    {
        var calls = result.Requests + result.Errors;
        return new ClientSummary
        {
            CpuPercent = usage.CpuPercent,
            CpuMsPerRequest = calls > 0 ? result.ClientCpuTime.TotalMilliseconds / calls : 0,
            AllocatedBytesPerRequest = calls > 0 ? (double)result.ClientAllocatedBytes / calls : 0,
            PeakWorkingSetMb = usage.PeakWorkingSetMb,
            DecodeMs = result.DecodeMs,
            ReceiveMs = result.ReceiveMs,
            Cpus = cpus,
            // At most 100: a process cannot use more than its CPUs' time, whatever rounding the kernel's accounting has.
            BusyPercent = result.ClientCpuWallTime > TimeSpan.Zero
                ? Math.Min(100, result.ClientCpuTime / result.ClientCpuWallTime / cpus * 100)
                : 0,
            Scaling = scaling,
        };
    }

    /// <summary>Limits a run ran into: the database pool full (from the host's Npgsql counters), calls timing out, the client
    /// itself out of CPU.</summary>
    private static List<string> LimitsHit(LatencyResult result, CounterWindowSummary? server, int poolSize, ClientSummary client)
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

    /// <summary>Cancels the variant as soon as its host dies: its requests then fail fast instead of timing out one by one.</summary>
    private static Timer WatchHost(HostProcess host, CancellationTokenSource abort) => new(_ =>
    {
        if (host.HasExited)
        {
            abort.Cancel();
        }
    }, null, TimeSpan.FromMilliseconds(200), TimeSpan.FromMilliseconds(200));

    /// <summary>An entry with no measurement (the stack or variant was skipped or failed before its window), and the
    /// part every measured entry starts from.</summary>
    public SummaryEntry EmptyEntry(string stack, string variant, string status, string? reason, int threads, double callsPerUnit) => new()
    {
        Stack = stack,
        Scenario = scenario.Name,
        Variant = variant,
        Status = status,
        StatusReason = reason,
        Threads = threads,
        Requests = 0,
        Errors = 0,
        ErrorsByKind = new Dictionary<string, long>(),
        DurationSeconds = 0,
        ThroughputRps = 0,
        CallsPerUnit = callsPerUnit,
        LimitsHit = [],
        Files = new EntryFiles(),
    };

    private static string LastLine(HostProcess host) =>
        host.RecentOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries).LastOrDefault() ?? "(it printed nothing)";
}

using System.Diagnostics;
using RpcCompare.Definitions;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// One stack through one scenario: start (or reach) its host, wait until it is healthy, watch its counters, run every
/// variant, and write each variant's files and summary entry as soon as it is measured.
/// </summary>
public sealed class StackRunner(
    RunSettings settings,
    Scenario scenario,
    ScenarioData data,
    ResultsWriter results,
    RunRecord record,
    string? connectionString,
    RunProgress progress)
{
    /// <summary>
    /// Counter samples are 500 ms apart and take the label in force at their middle. A quiet pause longer than that before
    /// and after a variant means every sample that holds its traffic carries its label, so bytes and allocations per
    /// request are not shared with the neighbours.
    /// </summary>
    private static readonly TimeSpan SampleSettle = TimeSpan.FromMilliseconds(600);

    /// <summary>False when the stack failed (its entries say why).</summary>
    public async Task<bool> RunAsync(string stack, CancellationToken cancellationToken)
    {
        HostProcess? host = null;
        RelayProcess? relay = null;
        IGraphClient? client = null;
        CounterMonitor? monitor = null;
        try
        {
            IReadOnlyDictionary<string, string> endpoints;
            Dictionary<string, string> configuration;
            string address;
            if (settings.Targets.TryGetValue(stack, out var target))
            {
                endpoints = RemoteEndpoints(stack, target);
                configuration = new Dictionary<string, string> { ["remote"] = "configuration not known to the client" };
                address = target;
            }
            else
            {
                progress.Line($"Starting the {StackCatalog.DisplayName(stack)} host");
                host = await HostProcess.StartAsync(stack,
                    settings.ToHostLaunch(scenario.Writes, results.PathOf(ResultFileNames.HostLog(stack))), connectionString!, cancellationToken);
                endpoints = host.Ready.Endpoints;
                configuration = host.Ready.Configuration.ToDictionary(e => e.Key, e => e.Value);
                address = string.Join(" ", endpoints.Values);
            }

            if (!settings.Network.IsLoopback)
            {
                relay = await RelayProcess.StartAsync(settings.Network, endpoints.Values, RelayCpus(), cancellationToken);
                endpoints = relay.Through(endpoints);
                address += $" through the {settings.Network.Name} relay (pid {relay.Pid}) at {string.Join(" ", endpoints.Values)}";
            }

            client = GraphClients.Create(stack, endpoints, settings.ToClientOptions());
            // Both sides of the stack, so a figure names the libraries that produced it.
            configuration["client"] = client.Description;
            record.AddHost(new HostInfo
            {
                Stack = stack, Pid = host?.Pid, Remote = host is null, Address = address, Configuration = configuration,
            });
            await results.WriteManifestAsync(record.ToManifest(), cancellationToken);
            await WaitUntilHealthyAsync(stack, client, host, string.Join(" ", endpoints.Values), cancellationToken);
            if (host is not null)
            {
                monitor = await StartMonitorAsync(stack, host.Pid, cancellationToken);
            }
            else if (LocalListener.FindPid(target!) is { } targetPid)
            {
                // A --target host on this machine is read like a spawned one: counters, bytes and the breakdown.
                record.AddNote($"{StackCatalog.DisplayName(stack)} at {target} runs on this machine (pid {targetPid}): its counters and timings are read over EventPipe.");
                monitor = await StartMonitorAsync(stack, targetPid, cancellationToken);
            }
            await scenario.PrepareAsync(client, cancellationToken);

            var ok = true;
            var variants = scenario.Variants(StackTraits.Of(stack), data, settings.Threads);
            for (var i = 0; i < variants.Count; i++)
            {
                var variant = variants[i];
                if (host is { HasExited: true })
                {
                    await RecordSkippedAsync(stack, variant, $"the {stack} host had exited", cancellationToken);
                    ok = false;
                    continue;
                }
                var entries = await MeasureAsync(stack, client, host, monitor, variant, cancellationToken);
                foreach (var entry in entries)
                {
                    await results.AddAsync(entry, CancellationToken.None);
                    progress.Line(ConsoleSummary.Describe(entry));
                }
                ok &= entries[0].Status == ResultsFormat.EntryStatus.Ok;
                if (entries[0].Status == ResultsFormat.EntryStatus.Interrupted)
                {
                    break;
                }
            }
            return ok;
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested && e is HostFailedException or UserFacingException
            or GraphCallException or TimeoutException or IOException)
        {
            var reason = e is HostFailedException ? e.Message : $"{e.GetType().Name}: {e.Message}";
            progress.Line($"{StackCatalog.DisplayName(stack)} failed: {reason}");
            await results.AddAsync(FailedEntry(stack, "", reason), CancellationToken.None);
            return false;
        }
        finally
        {
            if (monitor is not null)
            {
                await monitor.StopAsync(CancellationToken.None);
                await monitor.WriteCsvAsync(results.PathOf(ResultFileNames.Counters(stack)), CancellationToken.None);
                await monitor.DisposeAsync();
            }
            if (client is not null)
            {
                await client.DisposeAsync();
            }
            if (relay is not null)
            {
                await relay.DisposeAsync();
            }
            if (host is not null)
            {
                await host.DisposeAsync();
            }
        }
    }

    /// <summary>The relay is the network between the client and the host: when they are pinned, it runs on both their CPUs.</summary>
    private IReadOnlyList<int>? RelayCpus() => settings.Placement is { Client: { } client, Hosts: { } hosts }
        ? [.. client.Union(hosts).Order()]
        : null;

    /// <summary>The variant's entry, then (for a mix) one entry per kind of request.</summary>
    private async Task<IReadOnlyList<SummaryEntry>> MeasureAsync(string stack, IGraphClient client, HostProcess? host, CounterMonitor? monitor,
        Variant variant, CancellationToken cancellationToken)
    {
        var latenciesFile = ResultFileNames.Latencies(stack, variant.Name);
        var intervalsFile = ResultFileNames.IntervalLog(stack, variant.Name);
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions
        {
            LatenciesCsvPath = results.PathOf(latenciesFile),
            IntervalLogPath = results.PathOf(intervalsFile),
        });
        // Disposed however measuring ends, so a mix that fails midway leaves no sampler running and no half-written file.
        await using var kinds = variant.Mix;
        kinds?.Start(recorder, kind => new LatencyRecorderOptions
        {
            LatenciesCsvPath = results.PathOf(ResultFileNames.Latencies(stack, kind)),
            IntervalLogPath = results.PathOf(ResultFileNames.IntervalLog(stack, kind)),
        });
        using var abort = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        using var hostWatch = host is null ? null : WatchHost(host, abort);
        var plan = settings.ToLoadPlan(variant);
        using var display = progress.Track(stack, variant.Name, plan, recorder);

        if (monitor is not null)
        {
            monitor.SetVariant(variant.Name);
            await Task.Delay(SampleSettle, CancellationToken.None);
        }
        var clientSampler = ClientProcessSampler.Start();
        var wireBefore = client.WireBytes;
        await FirstCallAsync(client, variant, recorder, abort.Token);
        await LoadGenerator.RunAsync(client, variant, plan, recorder, abort.Token);
        if (monitor is not null && !abort.IsCancellationRequested)
        {
            await Task.Delay(SampleSettle, CancellationToken.None);
        }
        var wireAfter = client.WireBytes;
        monitor?.SetVariant(CounterMonitor.IdleVariant);
        var clientUsage = clientSampler.Stop();
        var result = await recorder.CompleteAsync(CancellationToken.None);
        var histogramFile = ResultFileNames.Histogram(stack, variant.Name);
        await result.WriteHgrmAsync(results.PathOf(histogramFile), CancellationToken.None);

        var (status, reason) = StatusOf(stack, host, result, cancellationToken);
        var calls = 1 + result.WarmUpRequests + result.WarmUpErrors + result.Requests + result.Errors;
        var server = monitor?.Summarize(variant.Name);
        var clientCost = ClientCost(result, clientUsage, settings.Placement.ClientCpuCount);
        var breakdown = await BreakdownAsync(monitor, result);
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
            Files = core.Files with { Counters = monitor is null ? null : ResultFileNames.Counters(stack) },
        };
        return [entry, .. await KindEntriesAsync(stack, host, variant, cancellationToken)];
    }

    /// <summary>What every measured entry has: who, what, how it went, its latencies and its files.</summary>
    private SummaryEntry LatencyEntry(string stack, string variant, int threads, double callsPerUnit, LatencyResult result,
        string status, string? reason, HostProcess? host) => EmptyEntry(stack, variant, status, reason, threads, callsPerUnit) with
    {
        Requests = result.Requests,
        Errors = result.Errors,
        ErrorsByKind = result.ErrorsByWireName(),
        DurationSeconds = result.DurationSeconds,
        ThroughputRps = result.ThroughputRps,
        LatencyMs = Summary(result.LatencyMs),
        Files = new EntryFiles
        {
            Latencies = result.LatenciesFile is null ? null : ResultFileNames.Latencies(stack, variant),
            Histogram = ResultFileNames.Histogram(stack, variant),
            Intervals = result.IntervalLogFile is null ? null : ResultFileNames.IntervalLog(stack, variant),
            HostLog = host is null ? null : ResultFileNames.HostLog(stack),
        },
    };

    private static LatencySummary? Summary(LatencyStats? l) => l is null
        ? null
        : new LatencySummary { P50 = l.P50, P90 = l.P90, P99 = l.P99, P999 = l.P999, Max = l.Max, Mean = l.Mean };

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
    private async Task<List<SummaryEntry>> KindEntriesAsync(string stack, HostProcess? host, Variant variant, CancellationToken cancellationToken)
    {
        var entries = new List<SummaryEntry>();
        if (variant.Mix is not { } mix)
        {
            return entries;
        }
        for (var i = 0; i < mix.Kinds.Count; i++)
        {
            var kind = mix.Kinds[i];
            var recorder = mix.Recorders[i];
            var result = await recorder.CompleteAsync(CancellationToken.None);
            var histogramFile = ResultFileNames.Histogram(stack, kind);
            await result.WriteHgrmAsync(results.PathOf(histogramFile), CancellationToken.None);
            var (status, reason) = StatusOf(stack, host, result, cancellationToken);
            entries.Add(LatencyEntry(stack, kind, variant.Threads, mix.CallsPerUnit[i], result, status, reason, host));
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
            P50 = LatencySplit.From(client.P50, server.P50, (database?.P50 ?? 0) * perRequest),
            P99 = LatencySplit.From(client.P99, server.P99, (database?.P99 ?? 0) * perRequest),
        };
    }

    /// <summary>The CPUs the host's CPU share is a share of: its --cpus set when spawned and pinned, else every CPU.</summary>
    private int HostCpus(HostProcess? host) =>
        host is not null && settings.Placement.Hosts is { Count: > 0 } pinned ? pinned.Count : Environment.ProcessorCount;

    /// <summary>The client's own cost: CPU per call and how busy its CPUs were, both over the measured window only.</summary>
    private static ClientSummary ClientCost(LatencyResult result, ClientProcessUsage usage, int cpus)
    {
        var calls = result.Requests + result.Errors;
        return new ClientSummary
        {
            CpuPercent = usage.CpuPercent,
            CpuMsPerRequest = calls > 0 ? result.ClientCpuTime.TotalMilliseconds / calls : 0,
            PeakWorkingSetMb = usage.PeakWorkingSetMb,
            Cpus = cpus,
            // At most 100: a process cannot use more than its CPUs' time, whatever rounding the kernel's accounting has.
            BusyPercent = result.ClientCpuWallTime > TimeSpan.Zero
                ? Math.Min(100, result.ClientCpuTime / result.ClientCpuWallTime / cpus * 100)
                : 0,
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

    private async Task WaitUntilHealthyAsync(string stack, IGraphClient client, HostProcess? host, string address,
        CancellationToken cancellationToken)
    {
        var deadline = Stopwatch.StartNew();
        while (true)
        {
            using var attempt = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            attempt.CancelAfter(TimeSpan.FromSeconds(5));
            try
            {
                if (await client.CheckHealthAsync(attempt.Token))
                {
                    return;
                }
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && e is not OutOfMemoryException)
            {
                // Not up yet, or not the protocol we expect: keep asking until the deadline.
            }
            if (host is { HasExited: true } || deadline.Elapsed > settings.StartTimeout)
            {
                throw new HostFailedException(stack,
                    $"The {StackCatalog.DisplayName(stack)} host at {address} did not report healthy within " +
                    $"{settings.StartTimeout.TotalSeconds:N0} s (is it running, and does it speak {StackCatalog.DisplayName(stack)}?).",
                    host?.RecentOutput ?? "");
            }
            await Task.Delay(250, cancellationToken);
        }
    }

    private async Task<CounterMonitor?> StartMonitorAsync(string stack, int pid, CancellationToken cancellationToken)
    {
        var monitor = new CounterMonitor(pid, new CounterMonitorOptions { ServerTimings = true });
        try
        {
            await monitor.StartAsync(cancellationToken);
            // Byte counters are cumulative: their first reading is the baseline the first variant's bytes are counted from.
            var waited = Stopwatch.StartNew();
            while (monitor.SampleCount < 2 && waited.Elapsed < TimeSpan.FromSeconds(3))
            {
                await Task.Delay(100, cancellationToken);
            }
            return monitor;
        }
        catch (Exception e) when (e is TimeoutException or ArgumentException or IOException
            or Microsoft.Diagnostics.NETCore.Client.DiagnosticsClientException)
        {
            record.AddNote($"No server counters for {stack}: {e.Message}");
            await monitor.DisposeAsync();
            return null;
        }
    }

    /// <summary>Cancels the variant as soon as its host dies: its requests then fail fast instead of timing out one by one.</summary>
    private static Timer WatchHost(HostProcess host, CancellationTokenSource abort)
    {
        var timer = new Timer(_ =>
        {
            if (host.HasExited)
            {
                abort.Cancel();
            }
        }, null, TimeSpan.FromMilliseconds(200), TimeSpan.FromMilliseconds(200));
        return timer;
    }

    private Task RecordSkippedAsync(string stack, Variant variant, string reason, CancellationToken cancellationToken) =>
        results.AddAsync(
            EmptyEntry(stack, variant.Name, ResultsFormat.EntryStatus.Skipped, reason, variant.Threads, variant.CallsPerUnit),
            cancellationToken);

    private SummaryEntry FailedEntry(string stack, string variant, string reason) =>
        EmptyEntry(stack, variant, ResultsFormat.EntryStatus.Failed, reason, settings.Threads ?? 0, callsPerUnit: 1);

    /// <summary>An entry with no measurement (the stack or variant was skipped or failed before its window), and the
    /// part every measured entry starts from.</summary>
    private SummaryEntry EmptyEntry(string stack, string variant, string status, string? reason, int threads, double callsPerUnit) => new()
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

    /// <summary>The endpoint names a client expects, for a server given by --target.</summary>
    public static IReadOnlyDictionary<string, string> RemoteEndpoints(string stack, string address) =>
        StackCatalog.Get(stack).EndpointNames.ToDictionary(name => name, _ => address);
}

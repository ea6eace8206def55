using System.Diagnostics;
using RpcCompare.LoadClient.Entries;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// Measures one variant of one stack in one trial, the protocol of a window: settle, sample, first call, generate,
/// settle, complete. The entries are <see cref="EntryBuilder"/>'s from what the window measured; pooling the trials into
/// the entry summary.json shows is <see cref="EntryTrials"/>'s.
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
        await using var recorder = new LatencyRecorder(Files(new EntryKey(stack, variant.Name), trial));
        // Disposed however measuring ends, so a mix that fails midway leaves no sampler running and no half-written file.
        await using var kinds = variant.Mix is { } mix ? new MixRecording(mix.Kinds, mix.CallsPerUnit) : null;
        kinds?.Start(recorder, kind => Files(new EntryKey(stack, kind), trial));
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
        await FirstCallAsync(session, variant, recorder, abort.Token);
        // Read after the first call, whose client is not the session's: the window's bytes are the session client's calls only.
        var wireBefore = client.WireBytes;
        var warmUp = await LoadGenerator.RunAsync(client, variant, plan, recorder, kinds, abort.Token);
        if (monitor is not null && !abort.IsCancellationRequested)
        {
            await Task.Delay(SampleSettle, CancellationToken.None);
        }
        var wireAfter = client.WireBytes;
        monitor?.SetVariant(CounterMonitor.IdleVariant);
        var clientUsage = clientSampler.Stop();
        var result = await recorder.CompleteAsync(CancellationToken.None);

        // The host as the window closed, before the timings are waited for.
        var hostState = StateOf(host);
        var window = new WindowMeasurement
        {
            Result = result,
            ClientPeakWorkingSetMb = clientUsage.PeakWorkingSetMb,
            WireBytes = (wireAfter.Sent - wireBefore.Sent, wireAfter.Received - wireBefore.Received),
            Host = hostState,
            Server = monitor?.Summarize(label),
            Timings = monitor is not null && result is { LatencyMs: not null, MeasureStartTimestamp: not null, MeasureEndTimestamp: { } end }
                ? await monitor.TimingsUntilAsync(end)
                : null,
            Interrupted = cancellationToken.IsCancellationRequested,
            WarmUp = warmUp.ToInfo(),
            CountersFile = session.CountersFile,
        };
        var breakdown = EntryBuilder.Breakdown(window.Timings, result);
        var status = EntryBuilder.Status(stack, window.Host, result, window.Interrupted).Status;
        if (settings.ScalingCheck && trial == settings.Trials && status == ResultsFormat.EntryStatus.Ok)
        {
            if (ScalingProbe.Applies(variant, plan, result, monitor, breakdown))
            {
                var check = await ScalingProbe.RunAsync(client, variant, plan, result, breakdown!, monitor!, label, SampleSettle, abort.Token);
                window = window with { Scaling = check, ScalingNotMeasured = check is null ? ScalingProbe.NoRequestSeen : null };
            }
            else
            {
                window = window with { ScalingNotMeasured = ScalingProbe.NotMeasuredBecause(variant, plan, result, monitor, breakdown) };
            }
        }
        var entry = EntryBuilder.Measured(Identity(stack, variant.Name, variant.Threads, variant.CallsPerUnit), trial, window, EntrySettings(host));
        List<MeasuredEntry> entries = [new(entry, result.Histogram, result.LatenciesFile)];
        for (var i = 0; i < (kinds?.Kinds.Count ?? 0); i++)
        {
            var kind = await kinds!.Recorders[i].CompleteAsync(CancellationToken.None);
            var id = Identity(stack, kinds.Kinds[i], variant.Threads, kinds.CallsPerUnit[i]);
            entries.Add(new(EntryBuilder.Kind(id, trial, kind, StateOf(host), cancellationToken.IsCancellationRequested),
                kind.Histogram, kind.LatenciesFile));
        }
        return entries;
    }

    /// <summary>Who an entry of this run's scenario is.</summary>
    public EntryIdentity Identity(string stack, string variant, int threads, double callsPerUnit) =>
        new(new EntryKey(stack, variant), scenario.Name, threads, callsPerUnit);

    /// <summary>Trial 1 writes the entry's own latency file and interval log; a later trial writes its latencies beside it,
    /// to be appended (<see cref="EntryTrials"/>), and keeps an interval log of its own.</summary>
    private LatencyRecorderOptions Files(EntryKey key, int trial) => new()
    {
        LatenciesCsvPath = results.PathOf(key.TrialLatencies(trial)),
        IntervalLogPath = results.PathOf(key.IntervalLog(trial)),
    };

    /// <summary>The counter samples' label of a variant in a trial: the variant's own name in the first.</summary>
    public static string CounterLabel(string variant, int trial) => trial <= 1 ? variant : $"{variant}#{trial}";

    private string TrialName(string variant, int trial) =>
        settings.Trials <= 1 ? variant
            : $"{variant}{(variant.Length == 0 ? "" : " ")}trial {trial}{(trial <= settings.Trials ? $"/{settings.Trials}" : " (added)")}";

    private static HostState? StateOf(HostProcess? host) => host is null ? null : new HostState(host.HasExited,
        host.RecentOutput.Split('\n', StringSplitOptions.RemoveEmptyEntries).LastOrDefault() ?? "(it printed nothing)",
        host.LogPath is { } log ? Path.GetFileName(log) : null);

    /// <summary>The CPUs the host's CPU share is a share of: its --cpus set when spawned and pinned, else every CPU.</summary>
    private EntrySettings EntrySettings(HostProcess? host) => new(settings.Placement.ClientCpuCount,
        host is not null && settings.Placement.Hosts is { Count: > 0 } pinned ? pinned.Count : Environment.ProcessorCount,
        settings.DbPoolSize, Environment.ProcessorCount);

    /// <summary>
    /// The first call of a variant, measured apart from the steady state with its connection's set-up (the TCP connect and,
    /// with TLS, the handshake; NetTcp's session preamble too): made by a client of its own, since the session's client has
    /// held its connections since its health check. Its bytes are left out of the window's, which are the kept
    /// connections' per request; creating the client is not timed, as an application creates its client once.
    /// </summary>
    private static async Task FirstCallAsync(HostSession session, Variant variant, LatencyRecorder recorder, CancellationToken cancellationToken)
    {
        await using var client = session.NewClient();
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

    /// <summary>Cancels the variant as soon as its host dies: its requests then fail fast instead of timing out one by one.</summary>
    private static Timer WatchHost(HostProcess host, CancellationTokenSource abort) => new(_ =>
    {
        if (host.HasExited)
        {
            abort.Cancel();
        }
    }, null, TimeSpan.FromMilliseconds(200), TimeSpan.FromMilliseconds(200));
}

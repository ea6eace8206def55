using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Entries;

/// <summary>How the parts pooled into one entry ran: the trials of one client one after another, or several load clients
/// at once against the same hosts.</summary>
public enum PartsRan
{
    /// <summary>Trials: separate windows, each with its own host figures.</summary>
    InTurn,

    /// <summary>Clients (merge): the same windows of the same hosts, each client one share of the load.</summary>
    AtOnce,
}

/// <summary>
/// The one set of rules by which entries combine, for a client's trials and for several clients alike: the worst status
/// wins, counts are summed, per-call figures weighted by calls, CPU shares by window, peaks by the maximum, timings by
/// their counts, and a host figure that one client read scaled by that client's share of the calls. What only trials or
/// only clients have (histograms summed, the union of windows, their overlap) is their mergers'.
/// <para>
/// A quantile has one estimator (<see cref="AcrossTrials"/>): within a trial the calls of every client are pooled (they
/// measured the same window of one system); across trials, the mean of the trials' quantiles (the trial is the unit of
/// replication, and the verdicts estimate a difference the same way). docs/reports.md says why.
/// </para>
/// </summary>
public static partial class Pooling
{
    /// <summary>The worst status decides: failed, then interrupted, then skipped only when every part was.</summary>
    public static string Worst(IEnumerable<string> statuses)
    {
        var all = statuses.ToList();
        return all.Contains(ResultsFormat.EntryStatus.Failed) ? ResultsFormat.EntryStatus.Failed
            : all.Contains(ResultsFormat.EntryStatus.Interrupted) ? ResultsFormat.EntryStatus.Interrupted
            : all.All(s => s == ResultsFormat.EntryStatus.Skipped) ? ResultsFormat.EntryStatus.Skipped
            : ResultsFormat.EntryStatus.Ok;
    }

    /// <summary>The parts' reasons, each after the name of its part ("trial 2: ...", "client-b: ..."); null when none has one.</summary>
    public static string? Reasons(IEnumerable<(string Part, string? Reason)> parts)
    {
        var reasons = parts.Where(p => p.Reason is not null).Select(p => $"{p.Part}: {p.Reason}").ToList();
        return reasons.Count == 0 ? null : string.Join("; ", reasons);
    }

    /// <summary>The errors of every part, summed by kind.</summary>
    public static Dictionary<string, long> ErrorsByKind(IEnumerable<SummaryEntry> entries)
    {
        var sums = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var (kind, count) in entries.SelectMany(e => e.ErrorsByKind))
        {
            sums[kind] = sums.GetValueOrDefault(kind) + count;
        }
        return sums;
    }

    /// <summary>Every limit any part hit, once.</summary>
    public static List<string> LimitsHit(IEnumerable<SummaryEntry> entries) =>
        [.. entries.SelectMany(e => e.LimitsHit).Distinct(StringComparer.Ordinal)];

    /// <summary>The calls a part measured, the weight of its per-call figures.</summary>
    public static double Calls(SummaryEntry entry) => entry.Requests + entry.Errors;

    /// <summary>A per-call figure over the parts, each weighted by its measured calls; null when a part lacks it.</summary>
    public static double? ByCalls(IReadOnlyList<SummaryEntry> entries, Func<SummaryEntry, double?> value) =>
        Weighted([.. entries.Select(e => (value(e), Calls(e)))]);

    /// <summary>A share of a window (CPU %) over the parts, each weighted by its window; null when a part lacks it.</summary>
    public static double? ByWindow(IReadOnlyList<SummaryEntry> entries, Func<SummaryEntry, double?> value) =>
        Weighted([.. entries.Select(e => (value(e), e.DurationSeconds))]);

    /// <summary>The weighted mean; null when any part lacks the figure (or there is none); the plain mean when nothing
    /// has weight (parts that made no call at all).</summary>
    public static double? Weighted(IReadOnlyCollection<(double? Value, double Weight)> items)
    {
        if (items.Count == 0 || items.Any(i => i.Value is null))
        {
            return null;
        }
        var weights = items.Sum(i => i.Weight);
        return weights > 0 ? items.Sum(i => i.Value!.Value * i.Weight) / weights : items.Average(i => i.Value!.Value);
    }

    /// <summary>A figure of the host over one part's calls, when that part alone read the host (--client-processes: a
    /// host's metrics go to one EventPipe session at a time): the host served every part's calls, so the figure is
    /// scaled by the reader's share of them.</summary>
    public static double HostShare(double value, double readerCalls, double allCalls) =>
        allCalls > 0 ? value * readerCalls / allCalls : value;

    /// <summary>
    /// The one estimator of a figure over trials: the mean of the trials' own (a quantile of each trial's calls, then
    /// averaged), each trial weighing the same whatever its calls, as the verdicts' estimate of a difference does.
    /// </summary>
    public static double AcrossTrials(IEnumerable<double> perTrial) => perTrial.Average();

    /// <summary>An entry's latency over its trials: each quantile and the mean by <see cref="AcrossTrials"/>, the maximum
    /// the highest (a peak); over the trials that had a successful call, null when none had.</summary>
    public static LatencySummary? Latency(IEnumerable<LatencySummary?> trials)
    {
        var measured = trials.OfType<LatencySummary>().ToList();
        if (measured.Count == 0)
        {
            return null;
        }
        double Of(Func<LatencySummary, double> value) => AcrossTrials(measured.Select(value));
        return new LatencySummary
        {
            P50 = Of(l => l.P50),
            P90 = Of(l => l.P90),
            P99 = Of(l => l.P99),
            P999 = Of(l => l.P999),
            Max = measured.Max(l => l.Max),
            Mean = Of(l => l.Mean),
        };
    }

    /// <summary>Several windows' timings as one, their counts added; null when none has one. Clients at once (one window):
    /// the mean and quantiles averaged weighted by count, the nearest to pooling their calls that the summaries allow
    /// (docs/breakdown.md says so). Trials in turn: by <see cref="AcrossTrials"/>.</summary>
    public static TimingSummary? Timing(IReadOnlyList<TimingSummary?> timings, PartsRan ran)
    {
        var parts = timings.OfType<TimingSummary>().ToList();
        if (parts.Count == 0)
        {
            return null;
        }
        var count = parts.Sum(p => p.Count);
        double Of(Func<TimingSummary, double> value) => ran == PartsRan.InTurn
            ? AcrossTrials(parts.Select(value))
            : parts.Sum(p => value(p) * p.Count) / Math.Max(1, count);
        return new TimingSummary { Count = count, Mean = Of(p => p.Mean), P50 = Of(p => p.P50), P99 = Of(p => p.P99) };
    }

    /// <summary>
    /// The load client's own figures over the parts: CPU per call and allocations weighted by calls, CPU share by window,
    /// the highest peak memory. Trials in turn: how busy by window, the last scaling check stands for the entry, a
    /// timing from the trials that have it. Clients at once: the busiest client's share (the entry stays
    /// client-bound when any one client was: that client may have held the merged throughput down), and a timing only
    /// when every client measured it (one client's must not stand for all). Null when a part did not record it.
    /// </summary>
    public static ClientSummary? Client(IReadOnlyList<SummaryEntry> entries, PartsRan ran)
    {
        if (entries.Any(e => e.Client is null))
        {
            return null;
        }
        var clients = entries.Select(e => e.Client!).ToList();
        // The trial that ran the scaling check (or said why it could not) speaks for the entry.
        var checkedLast = ran == PartsRan.InTurn ? clients.LastOrDefault(c => c.Scaling is not null || c.ScalingNotMeasured is not null) : null;
        TimingSummary? TimingOf(Func<ClientSummary, TimingSummary?> part) =>
            ran == PartsRan.AtOnce && clients.Any(c => part(c) is null) ? null : Timing([.. clients.Select(part)], ran);
        return new ClientSummary
        {
            CpuPercent = ByWindow(entries, e => e.Client!.CpuPercent)!.Value,
            CpuMsPerRequest = ByCalls(entries, e => e.Client!.CpuMsPerRequest)!.Value,
            AllocatedBytesPerRequest = ByCalls(entries, e => e.Client!.AllocatedBytesPerRequest),
            PeakWorkingSetMb = clients.Max(c => c.PeakWorkingSetMb),
            DecodeMs = TimingOf(c => c.DecodeMs),
            ReceiveMs = TimingOf(c => c.ReceiveMs),
            Cpus = ran == PartsRan.InTurn || clients.All(c => c.Cpus == clients[0].Cpus) ? clients[0].Cpus : null,
            BusyPercent = ran == PartsRan.InTurn
                ? ByWindow(entries, e => e.Client!.BusyPercent)
                : clients.Any(c => c.BusyPercent is null) ? null : clients.Max(c => c.BusyPercent),
            Scaling = checkedLast?.Scaling,
            ScalingNotMeasured = checkedLast?.ScalingNotMeasured,
        };
    }

    /// <summary>
    /// The hosts' figures over the parts. Trials in turn: the peak the highest, collections summed, CPU share by window,
    /// per-call figures by calls; null when a trial lacks them. Clients at once: the figures of the one client that read
    /// the hosts, its per-call ones scaled by its share (<see cref="HostShare"/>); with several readers, the figures
    /// only when they agree.
    /// </summary>
    public static ServerSummary? Server(IReadOnlyList<SummaryEntry> entries, PartsRan ran)
    {
        if (ran == PartsRan.AtOnce)
        {
            return ServerOfOneReader(entries);
        }
        if (entries.Any(e => e.Server is null))
        {
            return null;
        }
        return new ServerSummary
        {
            PeakWorkingSetMb = entries.Max(e => e.Server!.PeakWorkingSetMb),
            AllocatedBytesPerRequest = ByCalls(entries, e => e.Server!.AllocatedBytesPerRequest)!.Value,
            Gen2Collections = entries.Sum(e => e.Server!.Gen2Collections),
            CpuPercent = ByWindow(entries, e => e.Server!.CpuPercent)!.Value,
            CpuMsPerRequest = ByCalls(entries, e => e.Server!.CpuMsPerRequest),
        };
    }

    /// <summary>Memory, collections and CPU % are the host's whatever client asked; allocations and CPU time the reader
    /// divided by its own calls, while the host served every client's (the clients ran the same schedule, so their
    /// warm-ups were alike too).</summary>
    private static ServerSummary? ServerOfOneReader(IReadOnlyList<SummaryEntry> entries)
    {
        var readers = entries.Where(e => e.Server is not null).ToList();
        if (readers.Count != 1)
        {
            return Agreed(entries.Select(e => e.Server), Json.ServerSummary);
        }
        var reader = readers[0];
        var (mine, all) = (Calls(reader), entries.Sum(Calls));
        return new ServerSummary
        {
            PeakWorkingSetMb = reader.Server!.PeakWorkingSetMb,
            AllocatedBytesPerRequest = HostShare(reader.Server.AllocatedBytesPerRequest, mine, all),
            Gen2Collections = reader.Server.Gen2Collections,
            CpuPercent = reader.Server.CpuPercent,
            CpuMsPerRequest = reader.Server.CpuMsPerRequest is { } cpu ? HostShare(cpu, mine, all) : null,
        };
    }

    /// <summary>The breakdown of clients at once: the one client's that read the hosts' timings, or the clients' when they
    /// agree (the hosts' timings are the hosts' whatever client asked).</summary>
    public static BreakdownSummary? BreakdownOfClients(IReadOnlyList<SummaryEntry> entries) =>
        entries.Count(e => e.Breakdown is not null) == 1
            ? entries.Single(e => e.Breakdown is not null).Breakdown
            : Agreed(entries.Select(e => e.Breakdown), Json.BreakdownSummary);

    private static ResultsJsonContext Json => ResultsJsonContext.Default;

    /// <summary>A figure of the hosts every part saw alike is kept; when they differ (or one lacks it) none is right for
    /// the pooled load, so it is left out.</summary>
    private static T? Agreed<T>(IEnumerable<T?> values, JsonTypeInfo<T> typeInfo) where T : class
    {
        var all = values.ToList();
        if (all.Any(v => v is null))
        {
            return null;
        }
        var first = JsonSerializer.Serialize(all[0]!, typeInfo);
        return all.All(v => JsonSerializer.Serialize(v!, typeInfo) == first) ? all[0] : null;
    }
}

using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>
/// The entry summary.json shows for a stack and variant, made from its trials' entries: counts and durations summed,
/// throughput over the summed windows, per-request figures weighted by each trial's calls, CPU shares by its window,
/// peaks as the highest, the latency quantiles from the trials' merged histogram, and each trial's own figures kept in
/// <see cref="SummaryEntry.Trials"/>. One trial's entry comes back as it was, with its figures.
/// </summary>
public static class TrialPooling
{
    /// <param name="trials">The trials' entries in the order they ran, with their trial numbers.</param>
    /// <param name="latency">The quantiles of every trial's calls together (from the merged histogram); null when none succeeded.</param>
    public static SummaryEntry Pool(IReadOnlyList<(int Trial, SummaryEntry Entry)> trials, LatencySummary? latency)
    {
        if (trials.Count == 0)
        {
            throw new ArgumentException("An entry is pooled from one trial at least.", nameof(trials));
        }
        var figures = trials.Select(t => Figures(t.Trial, t.Entry)).ToList();
        var first = trials[0].Entry;
        if (trials.Count == 1)
        {
            return first with { LatencyMs = latency ?? first.LatencyMs, Trials = figures, WarmUp = null, Machine = null };
        }

        var entries = trials.Select(t => t.Entry).ToList();
        var requests = entries.Sum(e => e.Requests);
        var duration = entries.Sum(e => e.DurationSeconds);
        var (status, reason) = Status(trials);
        return first with
        {
            Status = status,
            StatusReason = reason,
            Requests = requests,
            Errors = entries.Sum(e => e.Errors),
            ErrorsByKind = entries.SelectMany(e => e.ErrorsByKind).GroupBy(p => p.Key, StringComparer.Ordinal)
                .ToDictionary(g => g.Key, g => g.Sum(p => p.Value), StringComparer.Ordinal),
            DurationSeconds = duration,
            ThroughputRps = duration > 0 ? requests / duration : 0,
            FirstCallMs = entries.Select(e => e.FirstCallMs).FirstOrDefault(v => v is not null),
            LatencyMs = latency,
            BytesSentPerRequest = ByCalls(entries, e => e.BytesSentPerRequest),
            BytesReceivedPerRequest = ByCalls(entries, e => e.BytesReceivedPerRequest),
            Server = Server(entries),
            Client = Client(entries),
            Breakdown = Breakdown(entries),
            LimitsHit = [.. entries.SelectMany(e => e.LimitsHit).Distinct(StringComparer.Ordinal)],
            Files = first.Files with
            {
                Latencies = entries.Select(e => e.Files.Latencies).FirstOrDefault(f => f is not null),
                Histogram = entries.Select(e => e.Files.Histogram).FirstOrDefault(f => f is not null),
                Counters = entries.Select(e => e.Files.Counters).FirstOrDefault(f => f is not null),
                HostLog = entries.Select(e => e.Files.HostLog).FirstOrDefault(f => f is not null),
            },
            Trials = figures,
            WarmUp = null,
            Machine = null,
        };
    }

    /// <summary>A trial's own figures, as summary.json keeps them per entry.</summary>
    public static TrialFigures Figures(int trial, SummaryEntry entry) => new()
    {
        Trial = trial,
        Status = entry.Status,
        Requests = entry.Requests,
        Errors = entry.Errors,
        DurationSeconds = entry.DurationSeconds,
        ThroughputRps = entry.ThroughputRps,
        P50Ms = entry.LatencyMs?.P50,
        P99Ms = entry.LatencyMs?.P99,
        BytesSentPerRequest = entry.BytesSentPerRequest,
        BytesReceivedPerRequest = entry.BytesReceivedPerRequest,
        ClientCpuMsPerRequest = entry.Client?.CpuMsPerRequest,
        ServerCpuMsPerRequest = entry.Server?.CpuMsPerRequest,
        ServerAllocatedBytesPerRequest = entry.Server?.AllocatedBytesPerRequest,
        Intervals = entry.Files.Intervals,
        WarmUp = entry.WarmUp,
        Machine = entry.Machine,
    };

    /// <summary>The worst trial decides (failed, then interrupted, then skipped only when every trial was); the reasons
    /// name their trials.</summary>
    private static (string Status, string? Reason) Status(IReadOnlyList<(int Trial, SummaryEntry Entry)> trials)
    {
        var statuses = trials.Select(t => t.Entry.Status).ToList();
        var status = statuses.Contains(ResultsFormat.EntryStatus.Failed) ? ResultsFormat.EntryStatus.Failed
            : statuses.Contains(ResultsFormat.EntryStatus.Interrupted) ? ResultsFormat.EntryStatus.Interrupted
            : statuses.All(s => s == ResultsFormat.EntryStatus.Skipped) ? ResultsFormat.EntryStatus.Skipped
            : ResultsFormat.EntryStatus.Ok;
        var reasons = trials.Where(t => t.Entry.StatusReason is not null).Select(t => $"trial {t.Trial}: {t.Entry.StatusReason}").ToList();
        return (status, reasons.Count == 0 ? null : string.Join("; ", reasons));
    }

    private static double Calls(SummaryEntry e) => e.Requests + e.Errors;

    /// <summary>A per-call figure over the trials, each weighted by its measured calls; null when a trial lacks it.</summary>
    private static double? ByCalls(List<SummaryEntry> entries, Func<SummaryEntry, double?> value) =>
        Weighted(entries, value, Calls);

    private static double? Weighted(List<SummaryEntry> entries, Func<SummaryEntry, double?> value, Func<SummaryEntry, double> weight)
    {
        double sum = 0, weights = 0;
        foreach (var entry in entries)
        {
            if (value(entry) is not { } v)
            {
                return null;
            }
            sum += v * weight(entry);
            weights += weight(entry);
        }
        // Trials that made no call at all: their plain mean.
        return weights > 0 ? sum / weights : entries.Average(e => value(e)!.Value);
    }

    private static ServerSummary? Server(List<SummaryEntry> entries)
    {
        if (entries.Any(e => e.Server is null))
        {
            return null;
        }
        return new ServerSummary
        {
            PeakWorkingSetMb = entries.Max(e => e.Server!.PeakWorkingSetMb),
            AllocatedBytesPerRequest = ByCalls(entries, e => e.Server!.AllocatedBytesPerRequest)!.Value,
            Gen2Collections = entries.Sum(e => e.Server!.Gen2Collections),
            CpuPercent = Weighted(entries, e => e.Server!.CpuPercent, e => e.DurationSeconds)!.Value,
            CpuMsPerRequest = ByCalls(entries, e => e.Server!.CpuMsPerRequest),
        };
    }

    private static ClientSummary? Client(List<SummaryEntry> entries)
    {
        if (entries.Any(e => e.Client is null))
        {
            return null;
        }
        return new ClientSummary
        {
            CpuPercent = Weighted(entries, e => e.Client!.CpuPercent, e => e.DurationSeconds)!.Value,
            CpuMsPerRequest = ByCalls(entries, e => e.Client!.CpuMsPerRequest)!.Value,
            AllocatedBytesPerRequest = ByCalls(entries, e => e.Client!.AllocatedBytesPerRequest),
            PeakWorkingSetMb = entries.Max(e => e.Client!.PeakWorkingSetMb),
            DecodeMs = PooledTiming([.. entries.Select(e => e.Client!.DecodeMs)]),
            ReceiveMs = PooledTiming([.. entries.Select(e => e.Client!.ReceiveMs)]),
            Cpus = entries[0].Client!.Cpus,
            BusyPercent = Weighted(entries, e => e.Client!.BusyPercent, e => e.DurationSeconds),
            // Checked in the last trial only: the latest check stands for the entry.
            Scaling = entries.LastOrDefault(e => e.Client!.Scaling is not null)?.Client!.Scaling,
        };
    }

    /// <summary>Several windows' timings as one: the counts added, the mean and the quantiles averaged weighted by count
    /// (quantiles of separate windows cannot be merged exactly; docs/breakdown.md says so); null when none has one.</summary>
    internal static TimingSummary? PooledTiming(IReadOnlyList<TimingSummary?> timings)
    {
        var parts = timings.OfType<TimingSummary>().ToList();
        if (parts.Count == 0)
        {
            return null;
        }
        var count = parts.Sum(p => p.Count);
        double Of(Func<TimingSummary, double> value) => parts.Sum(p => value(p) * p.Count) / Math.Max(1, count);
        return new TimingSummary { Count = count, Mean = Of(p => p.Mean), P50 = Of(p => p.P50), P99 = Of(p => p.P99) };
    }

    /// <summary>The trials' breakdowns averaged, each weighted by the requests its host timed: quantiles of separate
    /// windows cannot be merged exactly, and an average of them is what docs/breakdown.md says the pooled parts are.</summary>
    private static BreakdownSummary? Breakdown(List<SummaryEntry> entries)
    {
        var timed = entries.Where(e => e.Breakdown is not null).Select(e => e.Breakdown!).ToList();
        if (timed.Count == 0)
        {
            return null;
        }
        double Mean(Func<BreakdownSummary, double> value) =>
            timed.Sum(b => value(b) * b.ServerMs.Count) / Math.Max(1, timed.Sum(b => b.ServerMs.Count));
        // A measured part of the split over the trials that measured it (older results pooled with newer); null when none did.
        double? MeanOfMeasured(Func<BreakdownSummary, double?> value)
        {
            var measured = timed.Where(b => value(b) is not null).ToList();
            return measured.Count == 0 ? null
                : measured.Sum(b => value(b)!.Value * b.ServerMs.Count) / Math.Max(1, measured.Sum(b => b.ServerMs.Count));
        }
        TimingSummary? Timing(Func<BreakdownSummary, TimingSummary?> part) => PooledTiming([.. timed.Select(part)]);
        return new BreakdownSummary
        {
            ServerSource = timed[0].ServerSource,
            ServerMs = Timing(b => b.ServerMs)!,
            DatabaseMs = Timing(b => b.DatabaseMs),
            FirstBatchMs = Timing(b => b.FirstBatchMs),
            DatabaseCallsPerRequest = Mean(b => b.DatabaseCallsPerRequest),
            WriteWaitMs = Timing(b => b.WriteWaitMs),
            P50 = LatencySplit.From(Mean(b => b.P50.Client), Mean(b => b.P50.Server), Mean(b => b.P50.Database),
                waiting: MeanOfMeasured(b => b.P50.WaitingForClient),
                decode: MeanOfMeasured(b => b.P50.ClientDecode), receive: MeanOfMeasured(b => b.P50.ClientReceive)),
            P99 = LatencySplit.From(Mean(b => b.P99.Client), Mean(b => b.P99.Server), Mean(b => b.P99.Database),
                waiting: MeanOfMeasured(b => b.P99.WaitingForClient),
                decode: MeanOfMeasured(b => b.P99.ClientDecode), receive: MeanOfMeasured(b => b.P99.ClientReceive)),
        };
    }
}

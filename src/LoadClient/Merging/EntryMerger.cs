using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using HdrHistogram;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>A merged entry: its summary, the histogram of every call of every trial, and its trials.</summary>
/// <param name="WithoutLog">The clients' trials whose calls came from their latency file (no interval log).</param>
/// <param name="CountersPath">The counters file its summary names, in the client folder it is copied from.</param>
internal sealed record MergedEntry(SummaryEntry Summary, HistogramBase Histogram, IReadOnlyList<MergedTrial> Trials,
    IReadOnlyList<MissingLog> WithoutLog, string? CountersPath);

/// <summary>
/// One stack and variant made from every client's entry: trial by trial (<see cref="TrialMerger"/>), then pooled over the
/// trials as one client's trials are (counts and windows summed, throughput over the summed windows, quantiles from the
/// histogram of all calls), with each client's own figures kept in <see cref="SummaryEntry.Clients"/>.
/// </summary>
internal static class EntryMerger
{
    public static MergedEntry Merge(IReadOnlyList<SourceEntry> sources)
    {
        var first = sources[0].Summary;
        var withoutLog = new List<MissingLog>();
        var trials = sources.SelectMany(s => s.Trials)
            .GroupBy(t => t.Figures.Trial)
            .OrderBy(g => g.Key)
            .Select(g => TrialMerger.Merge(first.Stack, first.Variant, [.. g], withoutLog))
            .ToList();
        var histogram = ClientHistograms.Create();
        foreach (var trial in trials)
        {
            histogram.Add(trial.Histogram);
        }

        var entries = sources.Select(s => s.Summary).ToList();
        var requests = trials.Sum(t => t.Figures.Requests);
        var duration = trials.Sum(t => t.Figures.DurationSeconds);
        List<(double? Value, double Weight)> ByCalls(Func<SummaryEntry, double?> value) =>
            [.. entries.Select(e => (value(e), (double)(e.Requests + e.Errors)))];
        var reasons = sources.Where(s => s.Summary.StatusReason is not null).Select(s => $"{s.Source.Label}: {s.Summary.StatusReason}").ToList();
        var summary = first with
        {
            Status = Worst(entries.Select(e => e.Status)),
            StatusReason = reasons.Count == 0 ? null : string.Join("; ", reasons),
            // Every client's callers were the hosts' load at once.
            Threads = entries.Sum(e => e.Threads),
            Requests = requests,
            Errors = entries.Sum(e => e.Errors),
            ErrorsByKind = ErrorsByKind(entries),
            DurationSeconds = duration,
            ThroughputRps = duration > 0 ? requests / duration : 0,
            FirstCallMs = entries.Select(e => e.FirstCallMs).FirstOrDefault(v => v is not null),
            LatencyMs = requests > 0 ? LatencyStats.Summary(LatencyStats.FromTicksHistogram(histogram)) : null,
            BytesSentPerRequest = Weighted.Mean(ByCalls(e => e.BytesSentPerRequest)),
            BytesReceivedPerRequest = Weighted.Mean(ByCalls(e => e.BytesReceivedPerRequest)),
            Server = ServerOf(entries),
            Client = ClientMerge.Summary(entries),
            Breakdown = entries.Count(e => e.Breakdown is not null) == 1
                ? entries.Single(e => e.Breakdown is not null).Breakdown
                : Agreed(entries.Select(e => e.Breakdown), Json.BreakdownSummary),
            LimitsHit = [.. entries.SelectMany(e => e.LimitsHit).Distinct(StringComparer.Ordinal)],
            Files = new EntryFiles
            {
                Latencies = requests > 0 ? ResultFileNames.Latencies(first.Stack, first.Variant) : null,
                Histogram = histogram.TotalCount > 0 ? ResultFileNames.Histogram(first.Stack, first.Variant) : null,
                Intervals = trials.Count > 0 ? trials[0].Figures.Intervals : null,
                // The hosts' own samples, which a client on their machine read: the first client's, when it has them.
                Counters = first.Files.Counters,
            },
            Trials = [.. trials.Select(t => t.Figures)],
            Clients = [.. sources.Select(ClientMerge.Figures)],
        };
        var countersPath = first.Files.Counters is { } counters ? Path.Combine(sources[0].Source.Results.Folder, counters) : null;
        return new MergedEntry(summary, histogram, trials, withoutLog, countersPath);
    }

    /// <summary>The worst status decides, as it does over one client's trials: failed, then interrupted, then skipped only
    /// when every part was.</summary>
    public static string Worst(IEnumerable<string> statuses)
    {
        var all = statuses.ToList();
        return all.Contains(ResultsFormat.EntryStatus.Failed) ? ResultsFormat.EntryStatus.Failed
            : all.Contains(ResultsFormat.EntryStatus.Interrupted) ? ResultsFormat.EntryStatus.Interrupted
            : all.All(s => s == ResultsFormat.EntryStatus.Skipped) ? ResultsFormat.EntryStatus.Skipped
            : ResultsFormat.EntryStatus.Ok;
    }

    private static Dictionary<string, long> ErrorsByKind(List<SummaryEntry> entries)
    {
        var sums = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var (kind, count) in entries.SelectMany(e => e.ErrorsByKind))
        {
            sums[kind] = sums.GetValueOrDefault(kind) + count;
        }

        return sums;
    }

    private static ResultsJsonContext Json => ResultsJsonContext.Default;

    /// <summary>
    /// The hosts' figures when one client read them (--client-processes: a host's metrics go to one EventPipe session at a
    /// time, so only the first client reads them): memory, collections and CPU % are the host's whatever client asked, but
    /// the reader divided allocations and CPU time by its own calls, while the host served every client's; they are scaled
    /// by the reader's share of the measured calls (the clients ran the same schedule, so their warm-ups were alike too).
    /// </summary>
    private static ServerSummary? ServerOf(List<SummaryEntry> entries)
    {
        var readers = entries.Where(e => e.Server is not null).ToList();
        if (readers.Count != 1)
        {
            return Agreed(entries.Select(e => e.Server), Json.ServerSummary);
        }
        var reader = readers[0];
        var total = entries.Sum(e => e.Requests + e.Errors);
        var share = total > 0 ? (double)(reader.Requests + reader.Errors) / total : 1;
        return new ServerSummary
        {
            PeakWorkingSetMb = reader.Server!.PeakWorkingSetMb,
            AllocatedBytesPerRequest = reader.Server.AllocatedBytesPerRequest * share,
            Gen2Collections = reader.Server.Gen2Collections,
            CpuPercent = reader.Server.CpuPercent,
            CpuMsPerRequest = reader.Server.CpuMsPerRequest * share,
        };
    }

    /// <summary>A figure of the hosts every client saw alike is kept; when they differ (or one lacks it) none is right for
    /// the merged load, so it is left out.</summary>
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

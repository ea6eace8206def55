using HdrHistogram;
using RpcCompare.LoadClient.Entries;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>A merged entry: its summary, the histogram of every call of every trial, and its trials.</summary>
/// <param name="WithoutLog">The clients' trials whose calls came from their latency file (no interval log).</param>
/// <param name="CountersPath">The counters file its summary names, in the client folder it is copied from.</param>
internal sealed record MergedEntry(SummaryEntry Summary, HistogramBase Histogram, IReadOnlyList<MergedTrial> Trials,
    IReadOnlyList<MissingLog> WithoutLog, string? CountersPath);

/// <summary>
/// One stack and variant made from every client's entry: trial by trial (<see cref="TrialMerger"/>: every client's calls
/// of a trial pooled), then over the trials (counts and windows summed, throughput over the summed windows, quantiles the
/// mean of the trials', <see cref="Pooling.AcrossTrials"/>) and over the clients by the rules of <see cref="Pooling"/>, with each client's own figures kept in <see cref="SummaryEntry.Clients"/>.
/// </summary>
internal static class EntryMerger
{
    public static MergedEntry Merge(IReadOnlyList<SourceEntry> sources)
    {
        var first = sources[0].Summary;
        var key = new EntryKey(first.Stack, first.Variant);
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
        var summary = first with
        {
            Status = Pooling.Worst(entries.Select(e => e.Status)),
            StatusReason = Pooling.Reasons(sources.Select(s => (s.Source.Label, s.Summary.StatusReason))),
            // Every client's callers were the hosts' load at once.
            Threads = entries.Sum(e => e.Threads),
            Requests = requests,
            Errors = entries.Sum(e => e.Errors),
            ErrorsByKind = Pooling.ErrorsByKind(entries),
            DurationSeconds = duration,
            ThroughputRps = duration > 0 ? requests / duration : 0,
            FirstCallMs = entries.Select(e => e.FirstCallMs).FirstOrDefault(v => v is not null),
            LatencyMs = Pooling.Latency(trials.Select(t => t.LatencyMs)),
            BytesSentPerRequest = Pooling.ByCalls(entries, e => e.BytesSentPerRequest),
            BytesReceivedPerRequest = Pooling.ByCalls(entries, e => e.BytesReceivedPerRequest),
            Server = Pooling.Server(entries, PartsRan.AtOnce),
            Client = Pooling.Client(entries, PartsRan.AtOnce),
            Breakdown = Pooling.BreakdownOfClients(entries),
            LimitsHit = Pooling.LimitsHit(entries),
            Files = new EntryFiles
            {
                Latencies = requests > 0 ? key.Latencies : null,
                Histogram = histogram.TotalCount > 0 ? key.Histogram : null,
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
}

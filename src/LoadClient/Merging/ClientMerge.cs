using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>The load clients' own figures in a merged entry: each one's kept apart, and one summary of them all.</summary>
internal static class ClientMerge
{
    /// <summary>One client's entry as its own results had it, with the wall-clock span of its measured windows.</summary>
    public static ClientFigures Figures(SourceEntry source)
    {
        var windows = source.Trials.Select(t => t.Window).OfType<MeasuredWindow>().ToList();
        MeasuredWindow? span = windows.Count == 0 ? null : MeasuredWindow.Union(windows);
        var entry = source.Summary;
        return new ClientFigures
        {
            Source = source.Source.Label,
            Requests = entry.Requests,
            Errors = entry.Errors,
            ThroughputRps = entry.ThroughputRps,
            P50Ms = entry.LatencyMs?.P50,
            P99Ms = entry.LatencyMs?.P99,
            WindowStartUtc = span?.Start,
            WindowEndUtc = span?.End,
            BusyPercent = entry.Client?.BusyPercent,
        };
    }

    /// <summary>
    /// The clients as one: CPU per call weighted by calls (all the clients' CPU over all their calls), CPU share weighted
    /// by window, the highest peak memory, and the busiest client's busy share, so that the entry stays client-bound when
    /// any one client was: that client may have held the merged throughput down. Null when a client did not record it.
    /// Decode and receive are pooled as trials pool them (counts added, means and quantiles weighted by count), and only
    /// when every client measured them: one client's figures must not stand for all.
    /// </summary>
    public static ClientSummary? Summary(IReadOnlyList<SummaryEntry> entries)
    {
        if (entries.Any(e => e.Client is null))
        {
            return null;
        }

        var clients = entries.Select(e => e.Client!).ToList();
        return new ClientSummary
        {
            CpuPercent = Weighted.Mean([.. entries.Select(e => ((double?)e.Client!.CpuPercent, e.DurationSeconds))])!.Value,
            CpuMsPerRequest = Weighted.Mean([.. entries.Select(e => ((double?)e.Client!.CpuMsPerRequest, (double)(e.Requests + e.Errors)))])!.Value,
            AllocatedBytesPerRequest = Weighted.Mean([.. entries.Select(e => (e.Client!.AllocatedBytesPerRequest, (double)(e.Requests + e.Errors)))]),
            PeakWorkingSetMb = clients.Max(c => c.PeakWorkingSetMb),
            Cpus = clients.All(c => c.Cpus == clients[0].Cpus) ? clients[0].Cpus : null,
            BusyPercent = clients.Any(c => c.BusyPercent is null) ? null : clients.Max(c => c.BusyPercent),
            DecodeMs = clients.Any(c => c.DecodeMs is null) ? null : TrialPooling.PooledTiming([.. clients.Select(c => c.DecodeMs)]),
            ReceiveMs = clients.Any(c => c.ReceiveMs is null) ? null : TrialPooling.PooledTiming([.. clients.Select(c => c.ReceiveMs)]),
        };
    }
}

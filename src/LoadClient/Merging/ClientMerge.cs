using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>The load clients' own figures in a merged entry, each one's kept apart (their summary is <see cref="Entries.Pooling"/>'s).</summary>
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
}

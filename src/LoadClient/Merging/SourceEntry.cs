using HdrHistogram;
using RpcCompare.LoadClient.Entries;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>What merge needs of a client's interval log, read once one interval at a time: the sum of its intervals and
/// its window on the wall clock. The intervals themselves are read again, in time order, when the merged log is written.</summary>
internal sealed record TrialLog(string Path, HistogramBase Sum, MeasuredWindow Window)
{
    /// <summary>Null for a log without intervals.</summary>
    public static TrialLog? Read(string path)
    {
        HistogramBase? sum = null;
        long start = long.MaxValue, end = long.MinValue;
        foreach (var interval in IntervalLogReader.Read(path))
        {
            sum ??= IntervalLogReader.EmptyLike(interval);
            IntervalLogReader.AddInto(sum, interval, path);
            start = Math.Min(start, interval.StartTimeStamp);
            end = Math.Max(end, interval.EndTimeStamp);
        }

        return sum is null ? null : new TrialLog(path, sum, MeasuredWindow.OfUnixMilliseconds(start, end));
    }
}

/// <summary>One trial of an entry as one load client measured it.</summary>
/// <param name="LatenciesMs">The trial's calls from the client's latency file.</param>
/// <param name="Log">The trial's interval log; null when the client wrote none for it, or one without intervals.</param>
internal sealed record SourceTrial(MergeSource Source, TrialFigures Figures, IReadOnlyList<double> LatenciesMs, TrialLog? Log)
{
    public MeasuredWindow? Window => Log?.Window;
}

/// <summary>One load client's entry of a stack and variant, each trial with its calls and interval log.</summary>
internal sealed record SourceEntry(MergeSource Source, SummaryEntry Summary, IReadOnlyList<SourceTrial> Trials)
{
    public static SourceEntry Read(MergeSource source, string stack, string variant)
    {
        var entry = source.Entry(stack, variant);
        var summary = entry.Summary;
        // An entry from before trials is its own one trial, and names its one interval log.
        var figures = summary.Trials is { Count: > 0 } trials ? trials : [Pooling.Figures(1, summary)];
        var parts = new List<SourceTrial>(figures.Count);
        for (var i = 0; i < figures.Count; i++)
        {
            var log = figures[i].Intervals is { } name ? TrialLog.Read(Path.Combine(source.Results.Folder, name)) : null;
            parts.Add(new SourceTrial(source, figures[i], entry.TrialLatenciesMs[i], log));
        }

        return new SourceEntry(source, summary, parts);
    }
}

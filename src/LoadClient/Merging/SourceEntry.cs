using HdrHistogram;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>One trial of an entry as one load client measured it.</summary>
/// <param name="LatenciesMs">The trial's calls from the client's latency file.</param>
/// <param name="Intervals">The trial's interval histograms; empty when the client wrote no interval log for it.</param>
internal sealed record SourceTrial(MergeSource Source, TrialFigures Figures, IReadOnlyList<double> LatenciesMs,
    IReadOnlyList<HistogramBase> Intervals)
{
    public MeasuredWindow? Window { get; } = MeasuredWindow.Of(Intervals);
}

/// <summary>One load client's entry of a stack and variant, each trial with its calls and interval histograms.</summary>
internal sealed record SourceEntry(MergeSource Source, SummaryEntry Summary, IReadOnlyList<SourceTrial> Trials)
{
    public static SourceEntry Read(MergeSource source, string stack, string variant)
    {
        var entry = source.Entry(stack, variant);
        var summary = entry.Summary;
        // An entry from before trials is its own one trial, and names its one interval log.
        var figures = summary.Trials is { Count: > 0 } trials ? trials : [TrialPooling.Figures(1, summary)];
        var parts = new List<SourceTrial>(figures.Count);
        for (var i = 0; i < figures.Count; i++)
        {
            var intervals = figures[i].Intervals is { } log ? IntervalLogReader.Read(Path.Combine(source.Results.Folder, log)) : [];
            parts.Add(new SourceTrial(source, figures[i], entry.TrialLatenciesMs[i], intervals));
        }

        return new SourceEntry(source, summary, parts);
    }
}

using HdrHistogram;
using RpcCompare.LoadClient.Entries;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>One trial of a merged entry: its figures, and what its files are written from.</summary>
/// <param name="Histogram">Every client's calls of the trial.</param>
/// <param name="LatencyMs">The quantiles of every client's calls of the trial; null when none succeeded.</param>
/// <param name="IntervalLogs">The clients' interval logs of the trial, in the clients' order, which the merged log is
/// written from in time order.</param>
/// <param name="LatenciesMs">Each client's calls of the trial, in the clients' order.</param>
internal sealed record MergedTrial(TrialFigures Figures, HistogramBase Histogram, LatencySummary? LatencyMs,
    IReadOnlyList<string> IntervalLogs, IReadOnlyList<IReadOnlyList<double>> LatenciesMs, WindowOverlap Overlap);

/// <summary>A client's trial that had calls but no interval log.</summary>
internal readonly record struct MissingLog(string Source, string Trial);

/// <summary>
/// The clients' parts of one trial of one entry made into one: the histogram is the sum of their interval histograms, so
/// the quantiles are those of every call, never a mean of the clients' quantiles; the throughput is every client's
/// requests over the union of their windows, the time in which the hosts were under any of the load.
/// </summary>
internal static class TrialMerger
{
    /// <param name="withoutLog">Gets the clients whose calls of the trial came from their latency file instead of an
    /// interval log.</param>
    public static MergedTrial Merge(string stack, string variant, IReadOnlyList<SourceTrial> parts, List<MissingLog> withoutLog)
    {
        var number = parts[0].Figures.Trial;
        var what = $"{(variant.Length == 0 ? stack : $"{stack} {variant}")} trial {number}";
        var histogram = ClientHistograms.Create();
        foreach (var part in parts)
        {
            if (part.Log is { } log)
            {
                if (log.Sum.HighestTrackableValue != histogram.HighestTrackableValue)
                {
                    // Stopwatch ticks are 1 ns on Linux and 100 ns on Windows: such logs cannot be added up as they are.
                    throw new UserFacingException(
                        $"{part.Source.Label} logged {what} in other units (its histograms track up to {log.Sum.HighestTrackableValue} " +
                        $"ticks, this machine's {histogram.HighestTrackableValue}); merge needs clients whose clocks tick alike.");
                }

                histogram.Add(log.Sum);
            }
            else if (part.LatenciesMs.Count > 0)
            {
                ClientHistograms.RecordMilliseconds(histogram, part.LatenciesMs);
                withoutLog.Add(new MissingLog(part.Source.Label, what));
            }
        }

        var windows = parts.Where(p => p.Window is not null).Select(p => (p.Source.Label, Window: p.Window!.Value)).ToList();
        MergeCheck.Overlapping(what, windows);
        MeasuredWindow? union = windows.Count == 0 ? null : MeasuredWindow.Union([.. windows.Select(w => w.Window)]);
        // A client without an interval log has no window on the clock; the union lasts at least as long as its trial did.
        var duration = parts.Where(p => p.Window is null).Select(p => p.Figures.DurationSeconds).Append(union?.Seconds ?? 0).Max();
        var requests = parts.Sum(p => p.Figures.Requests);
        var latency = requests > 0 ? LatencyStats.FromTicksHistogram(histogram) : null;
        var logs = parts.Where(p => p.Log is not null).Select(p => p.Log!.Path).ToList();
        static double Calls(TrialFigures f) => f.Requests + f.Errors;
        double? ByCalls(Func<TrialFigures, double?> value) => Pooling.Weighted([.. parts.Select(p => (value(p.Figures), Calls(p.Figures)))]);

        // A host figure one client read (--client-processes) is the host's over that client's calls: scaled by its share.
        double? HostFigure(Func<TrialFigures, double?> value)
        {
            var readers = parts.Where(p => value(p.Figures) is not null).ToList();
            var calls = parts.Sum(p => Calls(p.Figures));
            return readers.Count == 1 && calls > 0
                ? Pooling.HostShare(value(readers[0].Figures)!.Value, Calls(readers[0].Figures), calls)
                : ByCalls(value);
        }

        var figures = new TrialFigures
        {
            Trial = number,
            Status = Pooling.Worst(parts.Select(p => p.Figures.Status)),
            Requests = requests,
            Errors = parts.Sum(p => p.Figures.Errors),
            DurationSeconds = duration,
            ThroughputRps = duration > 0 ? requests / duration : 0,
            P50Ms = latency?.P50,
            P99Ms = latency?.P99,
            BytesSentPerRequest = ByCalls(f => f.BytesSentPerRequest),
            BytesReceivedPerRequest = ByCalls(f => f.BytesReceivedPerRequest),
            ClientCpuMsPerRequest = ByCalls(f => f.ClientCpuMsPerRequest),
            ServerCpuMsPerRequest = HostFigure(f => f.ServerCpuMsPerRequest),
            ServerAllocatedBytesPerRequest = HostFigure(f => f.ServerAllocatedBytesPerRequest),
            Intervals = logs.Count > 0 ? ResultFileNames.IntervalLog(stack, variant, number) : null,
        };
        var overlap = new WindowOverlap
        {
            Stack = stack,
            Variant = variant,
            Trial = number,
            Fraction = windows.Count >= 2 ? MeasuredWindow.Overlap([.. windows.Select(w => w.Window)]) : null,
            StartUtc = union?.Start,
            EndUtc = union?.End,
        };
        return new MergedTrial(figures, histogram, LatencyStats.Summary(latency), logs, [.. parts.Select(p => p.LatenciesMs)], overlap);
    }
}

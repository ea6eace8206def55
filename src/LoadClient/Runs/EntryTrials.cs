using HdrHistogram;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// One stack and variant's trials as they come in: after each, its calls are appended to the entry's latency file (trial 1
/// first, so the file is the trials one after another), the histograms merged, and the pooled entry made anew, so that
/// what summary.json says after any trial is whole.
/// </summary>
public sealed class EntryTrials(string stack, string variant)
{
    private readonly List<(int Trial, SummaryEntry Entry)> _trials = [];
    private HistogramBase? _merged;

    public string Stack { get; } = stack;
    public string Variant { get; } = variant;

    /// <summary>Whether the trial has been added already.</summary>
    public bool Has(int trial) => _trials.Any(t => t.Trial == trial);

    /// <summary>Where a trial's recorder writes its latencies: trial 1 the entry's own file, a later one a file beside it
    /// that <see cref="AddAsync"/> appends and removes.</summary>
    public static string TrialLatenciesFile(string stack, string variant, int trial) =>
        trial <= 1 ? ResultFileNames.Latencies(stack, variant) : $"{ResultFileNames.Latencies(stack, variant)}.trial{trial}";

    /// <summary>Adds a trial's measurement and returns the entry pooled over every trial so far.</summary>
    public async Task<SummaryEntry> AddAsync(int trial, MeasuredEntry measured, ResultsWriter results, CancellationToken cancellationToken)
    {
        var entry = measured.Entry;
        if (measured.LatenciesPath is { } trialFile)
        {
            await AppendLatenciesAsync(trialFile, results.PathOf(ResultFileNames.Latencies(Stack, Variant)), cancellationToken);
        }
        entry = entry with
        {
            Files = entry.Files with
            {
                Intervals = entry.Files.Intervals is null ? null : ResultFileNames.IntervalLog(Stack, Variant, trial),
            },
        };
        if (measured.Histogram is { } histogram)
        {
            if (_merged is null)
            {
                _merged = histogram.Copy();
            }
            else
            {
                _merged.Add(histogram);
            }
        }
        _trials.Add((trial, entry));

        var requests = _trials.Sum(t => t.Entry.Requests);
        var latency = requests > 0 && _merged is not null ? LatencyStats.Summary(LatencyStats.FromTicksHistogram(_merged)) : null;
        if (_merged is not null)
        {
            await AtomicFile.WriteAllTextAsync(results.PathOf(ResultFileNames.Histogram(Stack, Variant)),
                LatencyResult.Hgrm(_merged), CancellationToken.None);
        }
        return TrialPooling.Pool(_trials, latency);
    }

    /// <summary>Appends a later trial's latency lines (its header left out) to the entry's file, or makes the trial's file
    /// the entry's when no trial before it wrote one, then removes the trial's own.</summary>
    private static async Task AppendLatenciesAsync(string trialFile, string entryFile, CancellationToken cancellationToken)
    {
        if (Path.GetFullPath(trialFile) == Path.GetFullPath(entryFile))
        {
            return;
        }
        if (!File.Exists(entryFile))
        {
            File.Move(trialFile, entryFile);
            return;
        }
        await using (var source = File.OpenRead(trialFile))
        await using (var target = new FileStream(entryFile, FileMode.Append, FileAccess.Write))
        {
            SkipHeader(source);
            await source.CopyToAsync(target, cancellationToken);
            await target.FlushAsync(cancellationToken);
        }
        File.Delete(trialFile);
    }

    private static void SkipHeader(Stream source)
    {
        int b;
        while ((b = source.ReadByte()) >= 0 && b != '\n')
        {
        }
    }
}

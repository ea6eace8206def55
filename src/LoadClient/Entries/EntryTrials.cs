using HdrHistogram;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Entries;

/// <summary>
/// One stack and variant's trials as they come in: after each, its calls are appended to the entry's latency file (trial 1
/// first, so the file is the trials one after another), the histograms merged, and the pooled entry made anew, so that
/// what summary.json says after any trial is whole.
/// </summary>
/// <param name="folder">The results folder the entry's files are in.</param>
public sealed class EntryTrials(EntryKey key, string folder)
{
    private readonly List<(int Trial, SummaryEntry Entry)> _trials = [];
    private HistogramBase? _merged;

    public EntryKey Key { get; } = key;

    /// <summary>Whether the trial has been added already.</summary>
    public bool Has(int trial) => _trials.Any(t => t.Trial == trial);

    /// <summary>Adds a trial's measurement and returns the entry pooled over every trial so far.</summary>
    public async Task<SummaryEntry> AddAsync(int trial, MeasuredEntry measured, CancellationToken cancellationToken)
    {
        var entry = measured.Entry;
        if (measured.LatenciesPath is { } trialFile)
        {
            await AppendLatenciesAsync(trialFile, Path.Combine(folder, Key.Latencies), cancellationToken);
        }
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

        if (_merged is not null)
        {
            await AtomicFile.WriteAllTextAsync(Path.Combine(folder, Key.Histogram), LatencyResult.Hgrm(_merged), CancellationToken.None);
        }
        return Pooling.Trials(_trials);
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

namespace RpcCompare.Reports.Results;

/// <summary>A results folder read and checked: the manifest, the summary and every file the entries name.</summary>
public sealed class RunResults
{
    internal RunResults(
        string folder,
        RunManifest manifest,
        RunSummary? summary,
        IReadOnlyList<EntryResults> entries,
        IReadOnlyDictionary<string, IReadOnlyList<CounterSample>> countersByStack)
    {
        Folder = folder;
        Manifest = manifest;
        Summary = summary;
        Entries = entries;
        CountersByStack = countersByStack;
    }

    public string Folder { get; }
    public RunManifest Manifest { get; }

    /// <summary>Null when the run stopped before summary.json was written (manifest status is not "complete").</summary>
    public RunSummary? Summary { get; }

    /// <summary>The entries in summary order.</summary>
    public IReadOnlyList<EntryResults> Entries { get; }

    /// <summary>The 500 ms server samples of each stack that has a counters file, all variants together.</summary>
    public IReadOnlyDictionary<string, IReadOnlyList<CounterSample>> CountersByStack { get; }

    public bool IsComplete => Manifest.Status == ResultsFormat.RunStatus.Complete;

    /// <summary>A short name for the run: the folder's own name.</summary>
    public string Name => Path.GetFileName(Path.TrimEndingDirectorySeparator(Folder));
}

/// <summary>One stack/variant of a run with its raw latencies.</summary>
public sealed class EntryResults
{
    internal EntryResults(SummaryEntry summary, double[] latenciesMs, IReadOnlyList<LatencyOverTime>? overTime = null,
        IReadOnlyList<double[]>? trialLatenciesMs = null)
    {
        Summary = summary;
        LatenciesMs = latenciesMs;
        OverTime = overTime ?? [];
        TrialLatenciesMs = trialLatenciesMs ?? [latenciesMs];
    }

    public SummaryEntry Summary { get; }
    public string Stack => Summary.Stack;
    public string Variant => Summary.Variant;

    /// <summary>"grpc" or "grpc stream".</summary>
    public string Label => Summary.Variant.Length == 0 ? Summary.Stack : $"{Summary.Stack} {Summary.Variant}";

    /// <summary>Successful latencies of the measured window in recorded order; empty when there were none.</summary>
    public IReadOnlyList<double> LatenciesMs { get; }

    public bool HasLatencies => LatenciesMs.Count > 0;

    /// <summary>The same latencies per trial, in the order of <see cref="SummaryEntry.Trials"/> (one part for a run of one
    /// trial or of format 1); a trial without successful requests has an empty part.</summary>
    public IReadOnlyList<IReadOnlyList<double>> TrialLatenciesMs { get; }

    /// <summary>p50 and p99 per second of the measured window, from the interval log; empty when there is none.</summary>
    public IReadOnlyList<LatencyOverTime> OverTime { get; }
}

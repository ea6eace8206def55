namespace RpcCompare.Reports.Results;

/// <summary>Reads a results folder and refuses it, naming the file and the fault, when anything the reports need is wrong.</summary>
public static class ResultsLoader
{
    public static Task<RunResults> LoadAsync(string folder, CancellationToken cancellationToken) =>
        LoadAsync(folder, withCounters: true, cancellationToken);

    /// <summary>The run without its hosts' counters: what a verdict needs while the run still goes (a host's counters file
    /// is written when its session ends).</summary>
    public static Task<RunResults> LoadLatenciesAsync(string folder, CancellationToken cancellationToken) =>
        LoadAsync(folder, withCounters: false, cancellationToken);

    private static async Task<RunResults> LoadAsync(string folder, bool withCounters, CancellationToken cancellationToken)
    {
        folder = Path.GetFullPath(folder);
        if (!Directory.Exists(folder))
        {
            throw new ResultsFormatException(folder, "the results folder does not exist.");
        }

        var manifest = await ResultsJson.ReadManifestAsync(Path.Combine(folder, ResultFileNames.Manifest), cancellationToken);
        var summaryPath = Path.Combine(folder, ResultFileNames.Summary);
        if (!File.Exists(summaryPath) && manifest.Status != ResultsFormat.RunStatus.Complete)
        {
            // An interrupted run may stop before its first summary; it is still reported, with nothing per stack.
            return new RunResults(folder, manifest, null, [], new Dictionary<string, IReadOnlyList<CounterSample>>());
        }

        var summary = await ResultsJson.ReadSummaryAsync(summaryPath, cancellationToken);
        if (summary.Scenario != manifest.Scenario)
        {
            throw new ResultsFormatException(
                summaryPath,
                $"the summary is for scenario '{summary.Scenario}' but manifest.json says '{manifest.Scenario}'.");
        }

        var entries = new List<EntryResults>(summary.Entries.Count);
        foreach (var entry in summary.Entries)
        {
            var latencies = await ReadLatenciesAsync(folder, summaryPath, entry, cancellationToken);
            entries.Add(new EntryResults(entry, latencies, ReadIntervals(folder, entry), SplitByTrial(summaryPath, entry, latencies)));
        }

        var counters = new SortedDictionary<string, IReadOnlyList<CounterSample>>(StringComparer.Ordinal);
        var countersByFile = new Dictionary<string, IReadOnlyList<CounterSample>>(StringComparer.Ordinal);
        foreach (var entry in withCounters ? summary.Entries : [])
        {
            if (entry.Files.Counters is not { } name)
            {
                continue;
            }

            if (!countersByFile.TryGetValue(name, out var samples))
            {
                var path = Path.Combine(folder, name);
                if (!File.Exists(path))
                {
                    throw new ResultsFormatException(path, $"the counters file named by summary.json for {entry.Stack} is missing.");
                }

                samples = await CountersCsv.ReadAsync(path, cancellationToken);
                countersByFile.Add(name, samples);
            }

            counters.TryAdd(entry.Stack, samples);
        }

        return new RunResults(folder, manifest, summary, entries, counters);
    }

    /// <summary>The entry's calls per trial: its latency file holds trial 1's calls, then trial 2's, as many lines as each
    /// trial's requests. A format-1 entry (no trials) is one trial.</summary>
    private static List<double[]> SplitByTrial(string summaryPath, SummaryEntry entry, double[] latencies)
    {
        if (entry.Trials is not { Count: > 0 } trials)
        {
            return [latencies];
        }

        var counted = trials.Sum(t => t.Requests);
        if (counted != entry.Requests || trials.Any(t => t.Requests < 0))
        {
            throw new ResultsFormatException(
                summaryPath,
                $"{ResultsValidation.Label(entry)} has {entry.Requests} successful requests but its trials add up to {counted}.");
        }

        var parts = new List<double[]>(trials.Count);
        var offset = 0;
        foreach (var trial in trials)
        {
            parts.Add(latencies[offset..(offset + (int)trial.Requests)]);
            offset += (int)trial.Requests;
        }

        return parts;
    }

    private static IReadOnlyList<LatencyOverTime> ReadIntervals(string folder, SummaryEntry entry)
    {
        if (entry.Files.Intervals is not { } name)
        {
            return [];
        }

        var path = Path.Combine(folder, name);
        if (!File.Exists(path))
        {
            throw new ResultsFormatException(path, $"the interval log of {ResultsValidation.Label(entry)} named by summary.json is missing.");
        }

        return IntervalLogFile.ReadPerSecond(path);
    }

    private static async Task<double[]> ReadLatenciesAsync(string folder, string summaryPath, SummaryEntry entry, CancellationToken cancellationToken)
    {
        var label = ResultsValidation.Label(entry);
        if (entry.Files.Latencies is not { } name)
        {
            if (entry.Requests > 0)
            {
                throw new ResultsFormatException(
                    summaryPath,
                    $"{label} has {entry.Requests} successful requests but names no latency file (files.latencies is null).");
            }

            return [];
        }

        var path = Path.Combine(folder, name);
        if (!File.Exists(path))
        {
            throw new ResultsFormatException(path, $"the latency file of {label} named by summary.json is missing.");
        }

        var latencies = await LatencyCsv.ReadAsync(path, cancellationToken);
        if (latencies.Length != entry.Requests)
        {
            throw new ResultsFormatException(
                path,
                $"the file holds {latencies.Length} latencies but summary.json says {label} had {entry.Requests} successful requests.");
        }

        return latencies;
    }
}

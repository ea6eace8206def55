using HdrHistogram;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Crank;

/// <summary>
/// The load client as a crank job: when crank's agent started this process, the end of a run prints its statistics
/// block to standard output, where the agent reads it (docs/measurements.md of dotnet/crank, "Console"). Only there: the
/// agent's statistics endpoint (POST $CRANK_JOB_LOCAL_URL/statistics) is not in crank's documentation, and sending both
/// would have the agent count every measurement twice. Outside crank nothing changes.
/// </summary>
public static class CrankJob
{
    /// <summary>What crank's agent sets in the environment of every job it starts (its Startup.cs, for processes and
    /// containers alike); any one of them means crank is listening.</summary>
    public static IReadOnlyList<string> AgentVariables { get; } = ["CRANK_AGENT_URL", "CRANK_JOB_ID", "CRANK_JOB_URL", "CRANK_JOB_LOCAL_URL"];

    public static bool IsRunByCrank(Func<string, string?> environment) =>
        AgentVariables.Any(name => !string.IsNullOrEmpty(environment(name)));

    /// <summary>At the very end of a run: the statistics of its results folders (one per scenario) for crank, when crank
    /// runs this process. Never fails the run: an unreadable file costs that entry's histogram, with a warning.</summary>
    public static Task ReportAsync(IReadOnlyList<string> folders) =>
        ReportAsync(folders, Environment.GetEnvironmentVariable, Console.Out, Console.Error, DateTime.UtcNow);

    public static async Task ReportAsync(IReadOnlyList<string> folders, Func<string, string?> environment, TextWriter output,
        TextWriter warnings, DateTime timestampUtc)
    {
        if (!IsRunByCrank(environment))
        {
            return;
        }
        var entries = new List<CrankEntry>();
        foreach (var folder in folders)
        {
            var summaryPath = Path.Combine(folder, ResultFileNames.Summary);
            if (!File.Exists(summaryPath))
            {
                continue;
            }
            RunSummary summary;
            try
            {
                summary = await ResultsJson.ReadSummaryAsync(summaryPath, CancellationToken.None);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or ReportInputException)
            {
                await warnings.WriteLineAsync($"Warning: crank gets no statistics from {summaryPath}: {e.Message}");
                continue;
            }
            entries.AddRange(summary.Entries.Select(entry => new CrankEntry(entry, PooledHistogram(folder, entry, warnings))));
        }
        await output.WriteAsync(CrankStatistics.Block(entries, folders.Count > 1, LatencyUnits.TicksPerMillisecond, timestampUtc));
        await output.FlushAsync();
    }

    /// <summary>
    /// The entry's histogram over all its trials, summed from their interval logs (.hlog, the recorder's own histograms
    /// of the measured window): the in-memory pooled histogram is gone when the run ends, and the logs hold the same counts
    /// in the same units. Null when the entry measured nothing or a trial's log is missing or unreadable.
    /// </summary>
    private static HistogramBase? PooledHistogram(string folder, SummaryEntry entry, TextWriter warnings)
    {
        var logs = entry.Trials is { Count: > 1 } trials
            ? trials.Where(t => t.Requests > 0).Select(t => t.Intervals).ToList()
            : entry.Requests > 0 ? [entry.Files.Intervals] : [];
        if (logs.Count == 0 || logs.Any(log => log is null))
        {
            return null;
        }
        HistogramBase? pooled = null;
        foreach (var log in logs)
        {
            var path = Path.Combine(folder, log!);
            try
            {
                foreach (var interval in IntervalLogReader.Read(path))
                {
                    pooled ??= IntervalLogReader.EmptyLike(interval);
                    IntervalLogReader.AddInto(pooled, interval, path);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or ReportInputException or ArgumentException)
            {
                warnings.WriteLine($"Warning: crank gets no histogram of {entry.Stack} {entry.Variant} ({e.Message}).");
                return null;
            }
        }
        return pooled;
    }
}

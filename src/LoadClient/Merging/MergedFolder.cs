using System.Globalization;
using System.Text;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>Writes a merged run as the load client writes one: each entry's latency file (trial by trial), its .hgrm, each
/// trial's interval log, then summary.json and manifest.json.</summary>
internal static class MergedFolder
{
    public static async Task<List<string>> WriteAsync(string folder, RunManifest manifest, IReadOnlyList<MergedEntry> entries,
        CancellationToken cancellationToken)
    {
        Directory.CreateDirectory(folder);
        var written = new List<string>();
        foreach (var entry in entries)
        {
            var files = entry.Summary.Files;
            if (files.Latencies is { } latencies)
            {
                await WriteLatenciesAsync(Path.Combine(folder, latencies), entry.Trials, cancellationToken);
                written.Add(latencies);
            }

            if (files.Histogram is { } hgrm)
            {
                await AtomicFile.WriteAllTextAsync(Path.Combine(folder, hgrm), LatencyResult.Hgrm(entry.Histogram), cancellationToken);
                written.Add(hgrm);
            }

            foreach (var trial in entry.Trials)
            {
                if (trial.Figures.Intervals is { } log)
                {
                    WriteIntervals(Path.Combine(folder, log), trial.IntervalLogs);
                    written.Add(log);
                }
            }

            if (entry.CountersPath is { } counters && files.Counters is { } name && !written.Contains(name))
            {
                await CopyAsync(counters, Path.Combine(folder, name), cancellationToken);
                written.Add(name);
            }
        }

        // The manifest last: a folder that a failed merge leaves behind has none, so nothing reads it as results.
        await ResultsJson.WriteSummaryAsync(folder, new RunSummary
        {
            FormatVersion = ResultsFormat.Version,
            Scenario = manifest.Scenario,
            Entries = [.. entries.Select(e => e.Summary)],
        }, cancellationToken);
        await ResultsJson.WriteManifestAsync(folder, manifest, cancellationToken);
        return [.. written, ResultFileNames.Summary, ResultFileNames.Manifest];
    }

    /// <summary>Trial 1's calls first, each client's one after another, so the trials' request counts split the file as
    /// the loader expects; the lines as the client writes them (milliseconds, three decimals).</summary>
    private static Task WriteLatenciesAsync(string path, IReadOnlyList<MergedTrial> trials, CancellationToken cancellationToken) =>
        AtomicFile.WriteAsync(path, async (stream, ct) =>
        {
            var text = new StringBuilder(LatencyCsv.Header).Append('\n');
            foreach (var latency in trials.SelectMany(t => t.LatenciesMs).SelectMany(calls => calls))
            {
                var microseconds = (long)Math.Round(latency * 1000);
                text.Append(CultureInfo.InvariantCulture, $"{microseconds / 1000}.{microseconds % 1000:D3}\n");
            }

            await stream.WriteAsync(Encoding.UTF8.GetBytes(text.ToString()), ct);
        }, cancellationToken);

    /// <summary>The clients' logs merged in time order, one interval of each log in memory at a time: by start, and at
    /// the same start in the clients' order (each log is in time order, <see cref="IntervalLogReader"/> checks it).</summary>
    private static void WriteIntervals(string path, IReadOnlyList<string> logs)
    {
        using var log = new IntervalLog(path);
        var readers = logs.Select(l => IntervalLogReader.Read(l).GetEnumerator()).ToList();
        try
        {
            var next = new PriorityQueue<int, (long Start, int Client)>();
            for (var i = 0; i < readers.Count; i++)
            {
                Advance(next, readers, i);
            }

            while (next.TryDequeue(out var client, out _))
            {
                var interval = readers[client].Current;
                log.Append(interval, DateTimeOffset.FromUnixTimeMilliseconds(interval.StartTimeStamp),
                    DateTimeOffset.FromUnixTimeMilliseconds(interval.EndTimeStamp));
                Advance(next, readers, client);
            }
        }
        catch
        {
            // A log refused half-way leaves no temporary file in the merged folder.
            log.Abandon();
            throw;
        }
        finally
        {
            readers.ForEach(r => r.Dispose());
        }

        if (log.Complete() is null)
        {
            throw new IOException($"The interval log {path} could not be written: {log.Error}");
        }
    }

    private static void Advance(PriorityQueue<int, (long Start, int Client)> next, List<IEnumerator<HdrHistogram.HistogramBase>> readers, int client)
    {
        if (readers[client].MoveNext())
        {
            next.Enqueue(client, (readers[client].Current.StartTimeStamp, client));
        }
    }

    /// <summary>A client's file copied as the readers read it: checked, and no larger than such a file may be.</summary>
    private static async Task CopyAsync(string source, string target, CancellationToken cancellationToken)
    {
        await using var from = ResultsFolderFile.OpenRead(source, ResultsFolderFile.CountersLimit);
        await using var to = new FileStream(target, FileMode.CreateNew, FileAccess.Write);
        await from.CopyToAsync(to, cancellationToken);
    }
}

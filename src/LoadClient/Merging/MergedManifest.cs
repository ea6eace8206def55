using System.Globalization;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>
/// The manifest of a merged run: the first client's (the clients agree on everything <see cref="MergeCheck"/> compares),
/// spanning every client's time, complete only when every client completed, with the sources and the windows' overlap.
/// </summary>
internal static class MergedManifest
{
    public static RunManifest Create(IReadOnlyList<MergeSource> sources, IReadOnlyList<MergedEntry> entries)
    {
        var manifests = sources.Select(s => s.Manifest).ToList();
        var first = manifests[0];
        var unfinished = sources.Where(s => s.Manifest.Status != ResultsFormat.RunStatus.Complete).ToList();
        var overlaps = entries.SelectMany(e => e.Trials).Select(t => t.Overlap).ToList();
        var merge = new MergeInfo
        {
            Sources = [.. sources.Select(s => new MergeSourceInfo { Folder = s.Label, RunId = s.Manifest.RunId, StartedUtc = s.Manifest.StartedUtc, Machine = s.Manifest.Machine })],
            Overlaps = overlaps,
            WorstOverlap = overlaps.Min(o => o.Fraction),
        };
        return new RunManifest
        {
            FormatVersion = ResultsFormat.Version,
            RunId = Guid.NewGuid().ToString("D"),
            Tool = first.Tool,
            StartedUtc = manifests.Min(m => m.StartedUtc),
            FinishedUtc = manifests.Any(m => m.FinishedUtc is null) ? null : manifests.Max(m => m.FinishedUtc),
            Status = unfinished.Count == 0 ? ResultsFormat.RunStatus.Complete : unfinished[0].Manifest.Status,
            StatusReason = unfinished.Count == 0
                ? null
                : string.Join("; ", unfinished.Select(s => $"{s.Label}: {s.Manifest.StatusReason ?? s.Manifest.Status}")),
            Scenario = first.Scenario,
            LoadModel = first.LoadModel,
            // Every client offered its rate to the same hosts.
            TargetRateRps = first.TargetRateRps is null ? null : manifests.Sum(m => m.TargetRateRps),
            Machine = first.Machine,
            Dataset = first.Dataset,
            Options = first.Options,
            CpuPlacement = first.CpuPlacement,
            Network = first.Network,
            Security = first.Security,
            Trials = first.Trials,
            StackOrder = first.StackOrder,
            Hosts = first.Hosts,
            Notes =
            [
                .. first.Notes,
                .. WithoutLogNotes(entries),
                $"merged from {sources.Count} load clients: {string.Join(", ", sources.Select(s => s.Label))}",
                merge.WorstOverlap is null
                    ? $"the clients' measured {Overlap(merge)}"
                    : $"the clients' measured {Overlap(merge)} (each entry's trial: the time every client measured over the time any did)",
            ],
            Merge = merge,
        };
    }

    /// <summary>One note per client that lacked interval logs, naming its trials.</summary>
    private static IEnumerable<string> WithoutLogNotes(IReadOnlyList<MergedEntry> entries) =>
        entries.SelectMany(e => e.WithoutLog).GroupBy(m => m.Source).Select(g =>
            $"{g.Key} wrote no interval log for {string.Join(", ", g.Select(m => m.Trial))}: the calls of its latency file were " +
            "recorded into the merged histograms instead (as measured, without any coordinated-omission correction), they are " +
            "missing from the merged latency over time, and its window is taken to last its trial's duration.");

    /// <summary>"windows overlapped 97–100%", rounded down so that it never claims more overlap than there was.</summary>
    public static string Overlap(MergeInfo merge)
    {
        var fractions = merge.Overlaps.Where(o => o.Fraction is not null).Select(o => o.Fraction!.Value).ToList();
        if (fractions.Count == 0)
        {
            return "windows could not be compared: no trial has interval logs from two clients";
        }

        string Percent(double fraction) => Math.Floor(fraction * 100).ToString("0", CultureInfo.InvariantCulture);
        var (low, high) = (Percent(fractions.Min()), Percent(fractions.Max()));
        return $"windows overlapped {(low == high ? low : $"{low}–{high}")}%";
    }
}

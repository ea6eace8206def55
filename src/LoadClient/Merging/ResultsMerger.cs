using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>What a merge wrote.</summary>
/// <param name="Files">The files written, relative to <paramref name="Folder"/>.</param>
/// <param name="Overlap">How well the clients' windows overlapped, e.g. "windows overlapped 97–100%".</param>
public sealed record MergeOutcome(string Folder, int Clients, IReadOnlyList<string> Files, string Overlap);

/// <summary>
/// <c>merge</c>: one results folder from several load clients that measured the same remote hosts (--target) with the
/// same plan at the same time, which report and compare then read like any run. The merged figures are those of every
/// call together (the clients' interval histograms added up), never a mean or maximum of the clients' quantiles.
/// </summary>
public static class ResultsMerger
{
    public static async Task<MergeOutcome> MergeAsync(IReadOnlyList<string> folders, string output, CancellationToken cancellationToken)
    {
        MergeCheck.Inputs(folders);
        var target = MergeCheck.Output(output);
        try
        {
            var sources = await LoadAsync(folders, cancellationToken);
            MergeCheck.Comparable(sources);
            var entries = sources[0].Results.Entries
                .Select(e => EntryMerger.Merge([.. sources.Select(s => SourceEntry.Read(s, e.Stack, e.Variant))]))
                .ToList();
            var manifest = MergedManifest.Create(sources, entries);
            var files = await MergedFolder.WriteAsync(target, manifest, entries, cancellationToken);
            return new MergeOutcome(target, sources.Count, files, MergedManifest.Overlap(manifest.Merge!));
        }
        catch (ReportInputException e)
        {
            throw new UserFacingException(e.Message, e);
        }
    }

    private static async Task<List<MergeSource>> LoadAsync(IReadOnlyList<string> folders, CancellationToken cancellationToken)
    {
        var names = folders.Select(f => Path.GetFileName(Path.TrimEndingDirectorySeparator(Path.GetFullPath(f)))).ToList();
        var sources = new List<MergeSource>(folders.Count);
        for (var i = 0; i < folders.Count; i++)
        {
            var label = names.Count(n => n == names[i]) == 1 ? names[i] : folders[i];
            sources.Add(new MergeSource(label, await ResultsLoader.LoadAsync(folders[i], cancellationToken)));
        }

        return sources;
    }
}

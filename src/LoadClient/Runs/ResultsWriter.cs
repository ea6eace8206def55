using RpcCompare.LoadClient.Entries;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// The results folder of one run, written as the run goes: the manifest first (status running), summary.json after every
/// variant, so Ctrl+C or a crash leaves valid files for everything finished. Every file goes in whole or not at all.
/// </summary>
public sealed class ResultsWriter
{
    private readonly List<SummaryEntry> _entries = [];
    private readonly List<EntryPlace> _places = [];
    private readonly string _scenario;
    private RunManifest _manifest;

    private ResultsWriter(string folder, RunManifest manifest)
    {
        Folder = folder;
        _manifest = manifest;
        _scenario = manifest.Scenario;
    }

    public string Folder { get; }

    public IReadOnlyList<SummaryEntry> Entries => _entries;

    public RunManifest Manifest => _manifest;

    /// <summary>
    /// Creates the folder and writes the first manifest; refuses a folder that already holds results (nothing is
    /// overwritten) and one that cannot be written, before any measuring starts.
    /// </summary>
    public static async Task<ResultsWriter> CreateAsync(string folder, RunManifest manifest, CancellationToken cancellationToken)
    {
        folder = await EnsureUsableAsync(folder, cancellationToken);
        var writer = new ResultsWriter(folder, manifest);
        await ResultsJson.WriteManifestAsync(folder, manifest, cancellationToken);
        await writer.WriteSummaryAsync(cancellationToken);
        return writer;
    }

    /// <summary>
    /// Creates the folder and proves it can be written, refusing one that already holds results: called before the run
    /// starts anything, so a bad --out costs nothing.
    /// </summary>
    public static async Task<string> EnsureUsableAsync(string folder, CancellationToken cancellationToken)
    {
        folder = Path.GetFullPath(folder);
        if (File.Exists(folder))
        {
            throw new UserFacingException($"--out {folder} is a file, not a folder.");
        }
        if (File.Exists(Path.Combine(folder, ResultFileNames.Manifest)))
        {
            throw new UserFacingException($"{folder} already holds the results of a run; choose another --out (nothing was overwritten).");
        }
        try
        {
            Directory.CreateDirectory(folder);
            var probe = Path.Combine(folder, $".write-test-{Environment.ProcessId}");
            await File.WriteAllBytesAsync(probe, new byte[64 * 1024], cancellationToken);
            File.Delete(probe);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UserFacingException($"The results folder {folder} cannot be written: {e.Message}", e);
        }
        return folder;
    }

    public string PathOf(string fileName) => Path.Combine(Folder, fileName);

    /// <summary>Puts the entry of its stack and variant in place of the one written before (an entry pooled over one trial
    /// more), or adds it at its <paramref name="place"/> among the others, then writes summary.json.</summary>
    public async Task SetAsync(SummaryEntry entry, EntryPlace place, CancellationToken cancellationToken)
    {
        var index = _entries.FindIndex(e => e.Stack == entry.Stack && e.Variant == entry.Variant);
        if (index >= 0)
        {
            _entries[index] = entry;
        }
        else
        {
            var at = _places.FindIndex(p => p > place);
            at = at < 0 ? _entries.Count : at;
            _entries.Insert(at, entry);
            _places.Insert(at, place);
        }
        await WriteSummaryAsync(cancellationToken);
    }

    public Task WriteManifestAsync(RunManifest manifest, CancellationToken cancellationToken)
    {
        _manifest = manifest;
        return ResultsJson.WriteManifestAsync(Folder, manifest, cancellationToken);
    }

    private Task WriteSummaryAsync(CancellationToken cancellationToken) =>
        ResultsJson.WriteSummaryAsync(Folder, new RunSummary
        {
            FormatVersion = ResultsFormat.Version,
            Scenario = _scenario,
            Entries = [.. _entries],
        }, cancellationToken);
}

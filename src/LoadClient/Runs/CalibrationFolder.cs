using System.Text.Json;
using System.Text.Json.Serialization;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>What a calibration folder says it was made with, so that a continued calibration adds runs of the same kind.</summary>
public sealed record CalibrationPlanFile(string Scenario, string Stack, IReadOnlyList<string> RunOptions, bool RelayedSame);

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, WriteIndented = true)]
[JsonSerializable(typeof(CalibrationPlanFile))]
internal sealed partial class CalibrationPlanJsonContext : JsonSerializerContext;

/// <summary>One run folder of a calibration (aa-01, effect-03, ...).</summary>
public sealed record CalibrationRunFolder(CalibrationKind Kind, int Number, string Path)
{
    public string LogPath => Path + ".log";

    public static string NameOf(CalibrationKind kind, int number) => $"{Prefix(kind)}{number:00}";

    public static string Prefix(CalibrationKind kind) => kind == CalibrationKind.Same ? "aa-" : "effect-";
}

/// <summary>
/// A calibration's folder: its plan (calibration-plan.json) and its runs. A calibration of 20 A/A and 20 effect runs takes
/// hours on this machine kind, more than one sitting, so `calibrate --continue` keeps the complete runs a folder holds and
/// makes only the missing ones; an interrupted or failed run is made again.
/// </summary>
public static class CalibrationFolder
{
    public const string PlanFileName = "calibration-plan.json";

    /// <summary>The runs in <paramref name="folder"/> by kind and number (aa-01 before effect-01); none when it is absent.</summary>
    public static IReadOnlyList<CalibrationRunFolder> Runs(string folder) =>
        !Directory.Exists(folder) ? []
            : [.. new[] { CalibrationKind.Same, CalibrationKind.Effect }
                .SelectMany(kind => Directory.EnumerateDirectories(folder, CalibrationRunFolder.Prefix(kind) + "*")
                    .Select(path => (Kind: kind, Path: path, Name: System.IO.Path.GetFileName(path)[CalibrationRunFolder.Prefix(kind).Length..])))
                .Select(r => int.TryParse(r.Name, out var n) && n > 0 ? new CalibrationRunFolder(r.Kind, n, r.Path) : null)
                .OfType<CalibrationRunFolder>()
                .OrderBy(r => r.Kind).ThenBy(r => r.Number)];

    /// <summary>
    /// Readies <paramref name="folder"/> for <paramref name="plan"/>: a new calibration needs it empty or new and writes its
    /// plan there; a continued one (<see cref="CalibrationPlan.Continue"/>) needs the same plan as the folder's and gets the
    /// folder's complete runs back, having removed the others to make again.
    /// </summary>
    /// <returns>The runs kept, read and not yet judged.</returns>
    public static async Task<IReadOnlyList<(CalibrationRunFolder Run, RunResults Results)>> PrepareAsync(string folder, CalibrationPlan plan,
        CancellationToken cancellationToken)
    {
        var planFile = new CalibrationPlanFile(plan.Scenario, plan.Stack, plan.RunOptions, plan.RelayedSame);
        var planPath = Path.Combine(folder, PlanFileName);
        var empty = !Directory.Exists(folder) || !Directory.EnumerateFileSystemEntries(folder).Any();
        if (empty || !plan.Continue)
        {
            if (!empty)
            {
                throw new UserFacingException($"--out {folder} is not empty; a calibration writes its runs into a folder of its own " +
                    "(--continue adds to the calibration there).");
            }
            Directory.CreateDirectory(folder);
            await File.WriteAllTextAsync(planPath, JsonSerializer.Serialize(planFile, CalibrationPlanJsonContext.Default.CalibrationPlanFile),
                cancellationToken);
            return [];
        }
        CheckSamePlan(planPath, await ReadPlanAsync(planPath, cancellationToken), planFile);
        var kept = new List<(CalibrationRunFolder, RunResults)>();
        foreach (var run in Runs(folder))
        {
            if (await CompleteRunAsync(run, cancellationToken) is { } results)
            {
                kept.Add((run, results));
                continue;
            }
            Directory.Delete(run.Path, recursive: true);
            File.Delete(run.LogPath);
        }
        return kept;
    }

    private static async Task<CalibrationPlanFile> ReadPlanAsync(string planPath, CancellationToken cancellationToken)
    {
        if (!File.Exists(planPath))
        {
            throw new UserFacingException($"--continue: {Path.GetDirectoryName(planPath)} holds no {PlanFileName}, so it is no calibration " +
                "this version can add to (an older calibrate did not write one); start a new folder, or `recount` it.");
        }
        try
        {
            return JsonSerializer.Deserialize(await File.ReadAllTextAsync(planPath, cancellationToken), CalibrationPlanJsonContext.Default.CalibrationPlanFile)
                ?? throw new JsonException("it is null");
        }
        catch (JsonException e)
        {
            throw new UserFacingException($"--continue: {planPath} could not be read ({e.Message}).");
        }
    }

    /// <summary>Refuses a continued calibration whose plan differs from the folder's, naming the first difference.</summary>
    public static void CheckSamePlan(string planPath, CalibrationPlanFile folder, CalibrationPlanFile asked)
    {
        var difference =
            folder.Scenario != asked.Scenario ? $"--scenario {folder.Scenario}, not {asked.Scenario}"
            : folder.Stack != asked.Stack ? $"--stack {folder.Stack}, not {asked.Stack}"
            : folder.RelayedSame != asked.RelayedSame ? (folder.RelayedSame ? "--aa-relays, which this one leaves out" : "no --aa-relays, which this one gives")
            : !folder.RunOptions.SequenceEqual(asked.RunOptions) ? $"the run options '{string.Join(' ', folder.RunOptions)}', not '{string.Join(' ', asked.RunOptions)}'"
            : null;
        if (difference is not null)
        {
            throw new UserFacingException($"--continue: the calibration in {Path.GetDirectoryName(planPath)} was made with {difference} " +
                $"({PlanFileName}); its runs would not be comparable. Give the same options, or start a new folder.");
        }
    }

    /// <summary>
    /// The run's results when it completed; null when it never finished: no manifest (stopped before writing one), or a
    /// manifest that says running, interrupted or failed. Anything else it cannot read is refused by name rather than
    /// removed: a run in a newer format, or a damaged one, is measurement that a person should look at, not lose.
    /// </summary>
    private static async Task<RunResults?> CompleteRunAsync(CalibrationRunFolder run, CancellationToken cancellationToken)
    {
        var manifestPath = Path.Combine(run.Path, ResultFileNames.Manifest);
        if (!File.Exists(manifestPath))
        {
            return null;
        }
        try
        {
            var manifest = await ResultsJson.ReadManifestAsync(manifestPath, cancellationToken);
            return manifest.Status == ResultsFormat.RunStatus.Complete ? await ResultsLoader.LoadAsync(run.Path, cancellationToken) : null;
        }
        catch (ReportInputException e)
        {
            throw new UserFacingException($"--continue: the run {run.Path} cannot be read, so it is neither kept nor made again ({e.Message}). " +
                "Move it out of the folder, or mend it, and continue again.");
        }
    }

    /// <summary>The delay the kept effect runs were slowed by (their manifests'); null when none was kept.</summary>
    public static TimeSpan? KeptDelay(IEnumerable<(CalibrationRunFolder Run, RunResults Results)> kept) =>
        kept.Where(k => k.Run.Kind == CalibrationKind.Effect)
            .Select(k => k.Results.Manifest.Options.GetValueOrDefault(CalibrationDelay.OptionKey))
            .OfType<string>()
            .Select(CalibrationDelay.DelayOf)
            .FirstOrDefault(d => d is not null);
}

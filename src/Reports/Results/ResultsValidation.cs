namespace RpcCompare.Reports.Results;

/// <summary>Checks what the JSON schema alone cannot: known enumerations, sane counts, plain file names.</summary>
internal static class ResultsValidation
{
    /// <summary>More calls than any run makes (a million a second for eleven days): such a count is damage, and refusing
    /// it keeps every sum of counts the readers make (over the trials, entries and clients a summary.json of at most
    /// <see cref="ResultsFolderFile.JsonLimit"/> bytes can hold) from overflowing.</summary>
    public const long MostCalls = 1_000_000_000_000;

    public static void Validate(string path, RunManifest manifest)
    {
        OneOf(path, "status", manifest.Status, ResultsFormat.RunStatus.All);
        OneOf(path, "loadModel", manifest.LoadModel, ResultsFormat.LoadModel.All);
        if (manifest.Security is { } security)
        {
            OneOf(path, "security.mode", security.Mode, ResultsFormat.SecurityMode.All);
        }
        if (manifest.Network is { } network)
        {
            OneOf(path, "network.mechanism", network.Mechanism, ResultsFormat.NetworkMechanism.All);
            NotBlank(path, "network.profile", network.Profile);
        }
        NotBlank(path, "scenario", manifest.Scenario);
        NotBlank(path, "dataset.fingerprint", manifest.Dataset.Fingerprint);
        for (var i = 0; i < manifest.StackOrder.Count; i++)
        {
            NotBlank(path, $"stackOrder[{i}]", manifest.StackOrder[i]);
        }

        for (var i = 0; i < manifest.Notes.Count; i++)
        {
            if (manifest.Notes[i] is null)
            {
                throw new ResultsFormatException(path, $"notes[{i}] is null.");
            }
        }

        for (var i = 0; i < manifest.Hosts.Count; i++)
        {
            if (manifest.Hosts[i] is null)
            {
                throw new ResultsFormatException(path, $"hosts[{i}] is null.");
            }

            NotBlank(path, $"hosts[{i}].stack", manifest.Hosts[i].Stack);
        }
    }

    public static void Validate(string path, RunSummary summary)
    {
        NotBlank(path, "scenario", summary.Scenario);
        var seen = new HashSet<(string, string)>();
        for (var i = 0; i < summary.Entries.Count; i++)
        {
            var entry = summary.Entries[i] ?? throw new ResultsFormatException(path, $"entries[{i}] is null.");
            var where = $"entries[{i}]";
            NotBlank(path, $"{where}.stack", entry.Stack);
            if (ResultFileNames.Sanitize(entry.Stack) != entry.Stack)
            {
                throw new ResultsFormatException(path, $"{where}.stack '{entry.Stack}' is not a lower-case name of [a-z0-9.=-].");
            }

            where = $"entries[{i}] ({Label(entry)})";
            OneOf(path, $"{where}.status", entry.Status, ResultsFormat.EntryStatus.All);
            if (entry.Scenario != summary.Scenario)
            {
                throw new ResultsFormatException(path, $"{where}.scenario is '{entry.Scenario}' but the summary is for '{summary.Scenario}'.");
            }

            if (!seen.Add((entry.Stack, entry.Variant)))
            {
                throw new ResultsFormatException(path, $"{where} appears twice.");
            }

            Count(path, $"{where}.requests", entry.Requests);
            Count(path, $"{where}.errors", entry.Errors);
            NotNegative(path, $"{where}.threads", entry.Threads);
            foreach (var (kind, count) in entry.ErrorsByKind)
            {
                OneOf(path, $"{where}.errorsByKind key", kind, ResultsFormat.ErrorKinds.All);
                Count(path, $"{where}.errorsByKind.{kind}", count);
            }

            for (var j = 0; j < entry.LimitsHit.Count; j++)
            {
                NotBlank(path, $"{where}.limitsHit[{j}]", entry.LimitsHit[j]);
            }

            PlainFileName(path, $"{where}.files.latencies", entry.Files.Latencies);
            PlainFileName(path, $"{where}.files.histogram", entry.Files.Histogram);
            PlainFileName(path, $"{where}.files.intervals", entry.Files.Intervals);
            PlainFileName(path, $"{where}.files.hostLog", entry.Files.HostLog);
            PlainFileName(path, $"{where}.files.counters", entry.Files.Counters);
            Validate(path, where, entry.Trials);
        }
    }

    private static void Validate(string path, string where, IReadOnlyList<TrialFigures>? trials)
    {
        for (var j = 0; j < (trials?.Count ?? 0); j++)
        {
            var trial = trials![j] ?? throw new ResultsFormatException(path, $"{where}.trials[{j}] is null.");
            var what = $"{where}.trials[{j}]";
            OneOf(path, $"{what}.status", trial.Status, ResultsFormat.EntryStatus.All);
            Count(path, $"{what}.requests", trial.Requests);
            Count(path, $"{what}.errors", trial.Errors);
            PlainFileName(path, $"{what}.intervals", trial.Intervals);
        }
    }

    public static string Label(SummaryEntry entry) =>
        entry.Variant.Length == 0 ? entry.Stack : $"{entry.Stack} {entry.Variant}";

    private static void OneOf(string path, string what, string value, IReadOnlyList<string> allowed)
    {
        if (!allowed.Contains(value, StringComparer.Ordinal))
        {
            throw new ResultsFormatException(path, $"{what} is '{value}', expected one of: {string.Join(", ", allowed)}.");
        }
    }

    private static void NotBlank(string path, string what, string? value)
    {
        if (string.IsNullOrWhiteSpace(value))
        {
            throw new ResultsFormatException(path, $"{what} is empty.");
        }
    }

    private static void NotNegative(string path, string what, long value)
    {
        if (value < 0)
        {
            throw new ResultsFormatException(path, $"{what} is {value}, which is negative.");
        }
    }

    private static void Count(string path, string what, long value)
    {
        NotNegative(path, what, value);
        if (value > MostCalls)
        {
            throw new ResultsFormatException(path, $"{what} is {value}, more than a run can make (at most {MostCalls}).");
        }
    }

    private static void PlainFileName(string path, string what, string? name)
    {
        // Names come from a file we did not write; keep them inside the results folder.
        if (name is not null &&
            (name.Length == 0 || name is "." or ".." || name.IndexOfAny(['/', '\\', '\0']) >= 0 || Path.IsPathRooted(name)))
        {
            throw new ResultsFormatException(path, $"{what} is '{name}', which is not a plain file name inside the results folder.");
        }
    }
}

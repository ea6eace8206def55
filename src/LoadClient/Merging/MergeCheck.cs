using System.Globalization;
using System.Text.Json;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>
/// What merge refuses, each with one sentence naming the difference and the folders: merged figures are only those of
/// one run when every client ran the same plan against the same remote hosts at the same time.
/// </summary>
internal static class MergeCheck
{
    private const string SamePlan = "merge needs load clients that ran the same plan against the same hosts";

    /// <summary>What each client must agree on, as text to compare and to show.</summary>
    private static readonly (string What, Func<MergeSource, string> Value)[] Facets =
    [
        ("scenario", s => s.Manifest.Scenario),
        ("dataset fingerprint", s => s.Manifest.Dataset.Fingerprint),
        ("tool version", s => s.Manifest.Tool.Version),
        ("git commit", s => s.Manifest.Tool.GitCommit ?? "none"),
        ("stacks", s => string.Join(", ", s.Manifest.StackOrder.Order(StringComparer.Ordinal))),
        ("entries", s => string.Join(", ", s.Results.Entries.Select(e => e.Label).Order(StringComparer.Ordinal))),
        ("host addresses", s => Hosts(s, h => Target(h.Address))),
        ("host implementations", s => Hosts(s, h => h.Configuration.GetValueOrDefault("implementation") ?? "not reported")),
        ("trial count", s => (s.Manifest.Trials?.Count ?? 1).ToString(CultureInfo.InvariantCulture)),
        ("trial orders", s => s.Manifest.Trials is { } trials
            ? string.Join("; ", trials.Orders.Select((order, i) => $"{i + 1}: {string.Join(", ", order)}"))
            : "none"),
        ("load model", s => s.Manifest.LoadModel),
        ("rate", s => s.Manifest.TargetRateRps is { } rate ? string.Create(CultureInfo.InvariantCulture, $"{rate} requests/s") : "none"),
        ("network profile", s => s.Manifest.Network?.Profile ?? "loopback"),
        ("security", s => SecurityInfo.Of(s.Manifest).Words),
    ];

    public static void Inputs(IReadOnlyList<string> folders)
    {
        if (folders.Count < 2)
        {
            throw new UserFacingException(
                $"Merge needs the results folders of two load clients or more; {(folders.Count == 0 ? "none was" : "one was")} given.");
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var folder in folders)
        {
            if (!seen.Add(Path.TrimEndingDirectorySeparator(Path.GetFullPath(folder))))
            {
                throw new UserFacingException($"{folder} is given twice; merge needs each load client's results folder once.");
            }
        }
    }

    /// <summary>The output folder, refused when it is a file or already holds anything (nothing is overwritten).</summary>
    public static string Output(string output)
    {
        var folder = Path.GetFullPath(output);
        if (File.Exists(folder))
        {
            throw new UserFacingException($"--out {folder} is a file, not a folder.");
        }

        if (Directory.Exists(folder) && Directory.EnumerateFileSystemEntries(folder).Any())
        {
            throw new UserFacingException($"--out {folder} is not empty; merge writes into a new or empty folder (nothing was overwritten).");
        }

        return folder;
    }

    public static void Comparable(IReadOnlyList<MergeSource> sources)
    {
        foreach (var source in sources)
        {
            if (source.Results.Summary is null)
            {
                throw new UserFacingException($"{source.Label} has no summary.json (its run stopped before measuring anything), so it has nothing to merge.");
            }

            if (source.Manifest.Hosts.FirstOrDefault(h => !h.Remote) is { } spawned)
            {
                throw new UserFacingException(
                    $"{source.Label} measured a {spawned.Stack} host it started itself; merge needs load clients that measured the same hosts with --target.");
            }
        }

        var summaries = sources.Select(s => JsonSerializer.SerializeToUtf8Bytes(s.Results.Summary!, ResultsJsonContext.Default.RunSummary)).ToList();
        for (var i = 0; i < sources.Count; i++)
        {
            for (var j = i + 1; j < sources.Count; j++)
            {
                NotTheSameRun((sources[i], summaries[i]), (sources[j], summaries[j]));
            }
        }

        var first = sources[0];
        foreach (var other in sources.Skip(1))
        {
            foreach (var (what, value) in Facets)
            {
                var (mine, theirs) = (value(first), value(other));
                if (mine != theirs)
                {
                    throw new UserFacingException($"{first.Label} and {other.Label} differ in {what} ({mine} against {theirs}); {SamePlan}.");
                }
            }

            if (OptionDifferences(first.Manifest.Options, other.Manifest.Options) is { Count: > 0 } differences)
            {
                throw new UserFacingException($"{first.Label} and {other.Label} differ in {string.Join(", ", differences)}; {SamePlan}.");
            }
        }
    }

    /// <summary>
    /// The options that may differ between clients of one run: what tells one client from another (its folder, its CPUs,
    /// whether it reads the hosts' counters, whether it writes a report) and where its machine finds PostgreSQL, which a
    /// client of --target hosts never opens. Every other option is the plan, compared as recorded, so a new option is
    /// compared without anyone listing it. <see cref="Runs.ClientProcessRun"/> gives its clients options that differ in
    /// these alone.
    /// </summary>
    public static IReadOnlySet<string> ClientIdentityOptions { get; } = new HashSet<string>(StringComparer.Ordinal)
    {
        "out", "cpus", "no-target-counters", "no-report", "connection", "pg-data",
    };

    /// <summary>Each option of the plan that the two manifests record differently, as "--name (mine against theirs)".</summary>
    public static List<string> OptionDifferences(IReadOnlyDictionary<string, string> mine, IReadOnlyDictionary<string, string> theirs) =>
    [
        .. mine.Keys.Union(theirs.Keys).Where(name => !ClientIdentityOptions.Contains(name)).Order(StringComparer.Ordinal)
            .Select(name => (Name: name, Mine: mine.GetValueOrDefault(name), Theirs: theirs.GetValueOrDefault(name)))
            .Where(o => o.Mine != o.Theirs)
            .Select(o => $"--{o.Name} ({Shown(o.Mine)} against {Shown(o.Theirs)})"),
    ];

    private static string Shown(string? value) => value switch
    {
        null => "not recorded",
        "" => "not given",
        _ => value,
    };

    /// <summary>
    /// Refuses one run given twice under two names (a copy, a link): its calls would be counted twice. Runs carry an id of
    /// their own; folders from before it are told apart by their summary.json, which no two clients write alike.
    /// </summary>
    /// <param name="a">A client and its summary as JSON.</param>
    /// <param name="b">Another client and its summary as JSON.</param>
    private static void NotTheSameRun((MergeSource Source, byte[] Summary) a, (MergeSource Source, byte[] Summary) b)
    {
        if (a.Source.Manifest.RunId is { } id && id == b.Source.Manifest.RunId)
        {
            throw new UserFacingException(
                $"{a.Source.Label} and {b.Source.Label} are the same run (run id {id}): a copy or a link of one folder; merge needs each load client's results once.");
        }

        if (a.Summary.AsSpan().SequenceEqual(b.Summary))
        {
            throw new UserFacingException(
                $"{a.Source.Label} and {b.Source.Label} hold the same summary.json: a copy or a link of one folder; merge needs each load client's results once.");
        }
    }

    /// <summary>Refuses a trial whose clients' windows have no moment in common: their calls did not load the hosts
    /// together, so adding them up would describe a load that never happened.</summary>
    public static void Overlapping(string what, IReadOnlyList<(string Source, MeasuredWindow Window)> windows)
    {
        if (windows.Count < 2)
        {
            return;
        }

        var latest = windows.MaxBy(w => w.Window.Start);
        var earliest = windows.MinBy(w => w.Window.End);
        if (latest.Window.Start < earliest.Window.End)
        {
            return;
        }

        throw new UserFacingException(
            $"The measured windows of {what} do not overlap: {earliest.Source} measured {Clock(earliest.Window)} and " +
            $"{latest.Source} {Clock(latest.Window)} (UTC); merge needs load clients that measured the same hosts at the same time.");
    }

    private static string Hosts(MergeSource source, Func<HostInfo, string> value) =>
        string.Join(", ", source.Manifest.Hosts.OrderBy(h => h.Stack, StringComparer.Ordinal).Select(h => $"{h.Stack}={value(h)}"));

    /// <summary>The --target address alone: behind an emulated network the manifest adds the client's own relay (its pid
    /// and port), which differs from client to client while the host is the same.</summary>
    private static string Target(string address)
    {
        var relay = address.IndexOf(" through the ", StringComparison.Ordinal);
        return relay < 0 ? address : address[..relay];
    }

    private static string Clock(MeasuredWindow window) =>
        string.Create(CultureInfo.InvariantCulture, $"{window.Start:yyyy-MM-dd HH:mm:ss.fff}–{window.End:HH:mm:ss.fff}");
}

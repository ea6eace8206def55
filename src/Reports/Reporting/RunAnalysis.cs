using RpcCompare.Definitions;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>Entries shown together in one distribution chart: one variant, plus variants only one stack has.</summary>
internal sealed record VariantGroup(string Variant, IReadOnlyList<EntryStats> Entries);

/// <summary>One stack/variant against its baseline: a shift function, or why there is none.</summary>
internal sealed record Comparison(EntryStats Entry, EntryStats Baseline, QuantileShift? Shift, string? Problem, IReadOnlyList<string> Sentences);

/// <summary>The statistics of one run: entries in stack order, chart groups, baseline and comparisons.</summary>
internal sealed class RunAnalysis
{
    private readonly Dictionary<(string, string), int> _variantIndex = [];
    private readonly Dictionary<(EntryStats, string), QuantileReplicates> _replicates = [];
    private readonly BootstrapSettings _settings;

    private RunAnalysis(RunResults run, IReadOnlyList<EntryStats> entries, BootstrapSettings settings)
    {
        Run = run;
        Entries = entries;
        _settings = settings;
        foreach (var stack in entries.GroupBy(e => e.Stack))
        {
            var index = 0;
            foreach (var entry in stack)
            {
                _variantIndex[(entry.Stack, entry.Variant)] = index++;
            }
        }

        Groups = BuildGroups(entries);
    }

    public RunResults Run { get; }

    /// <summary>How this run's bands are bootstrapped.</summary>
    public BootstrapSettings Settings => _settings;
    public IReadOnlyList<EntryStats> Entries { get; }
    public IReadOnlyList<VariantGroup> Groups { get; }
    public string? Baseline { get; private set; }
    public IReadOnlyList<Comparison> Comparisons { get; private set; } = [];
    public IReadOnlyList<string> ComparisonNotes { get; private set; } = [];

    public IEnumerable<EntryStats> WithData => Entries.Where(e => e.Sample is not null);

    public static RunAnalysis Create(RunResults run, BootstrapSettings settings)
    {
        var order = run.Manifest.StackOrder.Select((s, i) => (s, i)).GroupBy(x => x.s).ToDictionary(g => g.Key, g => g.First().i);
        var entries = run.Entries
            .Select((e, i) => (Entry: e, Index: i))
            .OrderBy(x => order.TryGetValue(x.Entry.Stack, out var position) ? position : int.MaxValue)
            .ThenBy(x => x.Index)
            .Select(x => new EntryStats(x.Entry))
            .ToList();
        return new RunAnalysis(run, entries, settings);
    }

    public string? Dash(EntryStats entry) => StackStyle.Dash(_variantIndex.GetValueOrDefault((entry.Stack, entry.Variant)));

    /// <summary>Picks the baseline and computes every stack's shift function against it.</summary>
    public void CompareWithBaseline(string? requested, CancellationToken cancellationToken)
    {
        var stacks = Entries.Select(e => e.Stack).Distinct().ToList();
        if (requested is not null && !stacks.Contains(requested))
        {
            throw new ReportInputException(
                $"The baseline stack '{requested}' is not in this run; its stacks are: {(stacks.Count == 0 ? "none" : string.Join(", ", stacks))}.",
                Run.Folder);
        }

        var withData = WithData.Select(e => e.Stack).Distinct().ToList();
        Baseline = requested ?? (withData.Contains(StackCatalog.Wcf) ? StackCatalog.Wcf : withData.FirstOrDefault());
        if (Baseline is null)
        {
            ComparisonNotes = ["No stack has successful requests, so nothing can be compared."];
            return;
        }

        QuantileReplicates Replicates(EntryStats e) => ReplicatesOf(e, cancellationToken);

        var comparisons = new List<Comparison>();
        var notes = new List<string>();
        foreach (var entry in Entries.Where(e => e.Stack != Baseline))
        {
            var baseline = Entries.FirstOrDefault(e => e.Stack == Baseline && e.Variant == entry.Variant)
                ?? Entries.FirstOrDefault(e => e.Stack == Baseline && e.Variant.Length == 0);
            if (baseline is null)
            {
                notes.Add($"{entry.DisplayName} has no {StackCatalog.DisplayName(Baseline)} measurement to compare with (neither variant '{entry.Variant}' nor the plain call).");
                continue;
            }

            comparisons.Add(Compare(entry, baseline, Replicates, _settings.ConfidenceLevel));
        }

        Comparisons = comparisons;
        ComparisonNotes = notes;
    }

    /// <summary>The shift function of <paramref name="a"/> minus <paramref name="b"/> with this run's bootstrap settings; null
    /// when either has too few successful requests.</summary>
    public QuantileShift? Shift(EntryStats a, EntryStats b, CancellationToken cancellationToken) =>
        a.Sample is { } x && b.Sample is { } y && QuantileShiftAnalysis.CanCompare(x.Count, y.Count)
            ? QuantileShiftAnalysis.Compare(ReplicatesOf(a, cancellationToken), ReplicatesOf(b, cancellationToken), _settings.ConfidenceLevel)
            : null;

    /// <summary>The entry's bootstrap replicates, computed once per stream. The run's own comparisons and verdicts use the
    /// plain stream, so a run's verdict reads the same in its report and in a comparison; a comparison of two runs uses
    /// "A:" and "B:" streams, so the same stack in both runs is not resampled with the same indices.</summary>
    public QuantileReplicates ReplicatesOf(EntryStats e, CancellationToken cancellationToken, string stream = "")
    {
        if (!_replicates.TryGetValue((e, stream), out var replicates))
        {
            var seed = SeededRandom.DeriveSeed(_settings.Seed, $"{stream}{e.Stack}/{e.Variant}");
            replicates = QuantileBootstrap.Run(e.Sample!, QuantileGrid.Delta, _settings.Resamples, seed, cancellationToken);
            _replicates.Add((e, stream), replicates);
        }

        return replicates;
    }

    /// <summary>Shift function of <paramref name="entry"/> minus <paramref name="baseline"/>, or the reason there is none.</summary>
    public static Comparison Compare(
        EntryStats entry, EntryStats baseline, Func<EntryStats, QuantileReplicates> replicates, double confidenceLevel,
        string? nameA = null, string? nameB = null)
    {
        nameA ??= entry.DisplayName;
        nameB ??= baseline.DisplayName;
        string? problem = null;
        if (entry.Sample is null || baseline.Sample is null)
        {
            var missing = entry.Sample is null ? nameA : nameB;
            problem = $"{missing} had no successful requests, so {nameA} cannot be compared with {nameB}.";
        }
        else if (!QuantileShiftAnalysis.CanCompare(entry.Sample.Count, baseline.Sample.Count))
        {
            problem = $"Too few successful requests to compare {nameA} (n = {entry.Sample.Count}) with {nameB} (n = {baseline.Sample.Count}); " +
                      $"each needs at least {QuantileShiftAnalysis.MinimumSampleSize}.";
        }

        if (problem is not null)
        {
            return new Comparison(entry, baseline, null, problem, [problem]);
        }

        var shift = QuantileShiftAnalysis.Compare(replicates(entry), replicates(baseline), confidenceLevel);
        var sentences = ShiftSentences.Describe(shift, nameA, nameB)
            .Append(TypicalShift.Sentence(entry.Sample!, baseline.Sample!, nameA, nameB))
            .Concat(Breakdowns.DifferenceSentence(entry, baseline, nameA, nameB) is { } where ? [where] : [])
            .ToList();
        return new Comparison(entry, baseline, shift, null, sentences);
    }

    private static List<VariantGroup> BuildGroups(IReadOnlyList<EntryStats> entries)
    {
        var byVariant = entries.GroupBy(e => e.Variant).Select(g => (Variant: g.Key, Entries: g.ToList())).ToList();
        var plain = byVariant.FindIndex(g => g.Variant.Length == 0);
        var groups = new List<(string Variant, List<EntryStats> Entries)>();
        foreach (var group in byVariant)
        {
            // A variant only one stack has (gRPC "stream") is drawn next to the plain call it is an alternative to.
            if (plain >= 0 && group.Variant.Length > 0 && group.Entries.Select(e => e.Stack).Distinct().Count() == 1)
            {
                byVariant[plain].Entries.AddRange(group.Entries);
                continue;
            }

            groups.Add(group);
        }

        var position = entries.Select((e, i) => (e, i)).ToDictionary(x => x.e, x => x.i);
        return [.. groups.Select(g => new VariantGroup(g.Variant, [.. g.Entries.OrderBy(e => position[e])]))];
    }
}

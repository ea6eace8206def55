using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>Entries shown together in one distribution chart: one variant, plus variants only one stack has.</summary>
internal sealed record VariantGroup(string Variant, IReadOnlyList<EntryStats> Entries);

/// <summary>One stack/variant against its baseline: a shift function, or why there is none.</summary>
internal sealed record Comparison(EntryStats Entry, EntryStats Baseline, QuantileShift? Shift, string? Problem, IReadOnlyList<string> Sentences);

/// <summary>One side of a shift: the entry, the analysis whose settings and replicate caches it uses, its replicate
/// stream ("", "A:" or "B:") and its name in sentences.</summary>
internal sealed record ShiftSide(RunAnalysis Run, EntryStats Entry, string Stream, string Name);

/// <summary>The statistics of one run: entries in stack order, chart groups, baseline and comparisons.</summary>
internal sealed class RunAnalysis
{
    private readonly Dictionary<(string, string), int> _variantIndex = [];
    private readonly Dictionary<(EntryStats, string), QuantileReplicates> _replicates = [];
    private readonly Dictionary<(EntryStats, int, string), QuantileReplicates> _trialReplicates = [];
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

    /// <summary>True for a `--trials auto` run, whose headline comparisons were read twice (<see cref="HeadlineDecisions.Looks"/>).</summary>
    public bool LooksTwice => Run.Manifest.Trials is { Auto: true };

    /// <summary>The level of the Student-t interval over the per-trial differences: the run's, or for a run that looked twice
    /// the level that keeps both looks together at the run's (<see cref="HeadlineDecisions.Looks"/>).</summary>
    public double TrialLevel => LooksTwice ? 1 - (1 - _settings.ConfidenceLevel) / HeadlineDecisions.Looks : _settings.ConfidenceLevel;

    /// <summary>Whether some entry was measured in two trials or more.</summary>
    public bool HasTrials => Entries.Any(e => e.TrialNumbers.Count > 1);

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

            comparisons.Add(Compare(entry, baseline, (a, b) => ShiftOf(a, b, cancellationToken)));
        }

        Comparisons = comparisons;
        ComparisonNotes = notes;
    }

    /// <summary>The shift function of <paramref name="a"/> minus <paramref name="b"/> with this run's bootstrap settings, paired
    /// by trial; null when either has too few successful requests.</summary>
    public QuantileShift? Shift(EntryStats a, EntryStats b, CancellationToken cancellationToken) =>
        a.Sample is { } x && b.Sample is { } y && QuantileShiftAnalysis.CanCompare(x.Count, y.Count)
            ? ShiftOf(a, b, cancellationToken)
            : null;

    private QuantileShift ShiftOf(EntryStats a, EntryStats b, CancellationToken cancellationToken) =>
        ShiftBetween(new ShiftSide(this, a, "", a.DisplayName), new ShiftSide(this, b, "", b.DisplayName), paired: true, cancellationToken);

    /// <summary>
    /// The one place that picks the bootstrap. When neither entry has two trials with data, the pooled bootstrap of each
    /// entry's calls, as before trials; otherwise the two-level bootstrap over trials (<see cref="HierarchicalShift"/>),
    /// paired by trial within a run, unpaired between runs. When no trial has enough calls for its own bootstrap, the
    /// pooled calls are all there is, and the shift says what was left out.
    /// </summary>
    internal static QuantileShift ShiftBetween(ShiftSide a, ShiftSide b, bool paired, CancellationToken cancellationToken)
    {
        var settings = a.Run._settings;
        QuantileShift Pooled() => QuantileShiftAnalysis.Compare(
            a.Run.ReplicatesOf(a.Entry, cancellationToken, a.Stream), b.Run.ReplicatesOf(b.Entry, cancellationToken, b.Stream), settings.ConfidenceLevel);

        if (a.Entry.TrialsWithData < 2 && b.Entry.TrialsWithData < 2)
        {
            return Pooled();
        }

        var plan = TrialPlan.Of(a.Entry.Trials, b.Entry.Trials, paired, a.Name, b.Name);
        if (!plan.CanCompare)
        {
            return Pooled().With(TrialBasis.OneRun with { Paired = paired, LeftOut = plan.LeftOut });
        }

        var outer = settings with
        {
            Seed = SeededRandom.DeriveSeed(settings.Seed, $"trials {a.Stream}{a.Entry.Stack}/{a.Entry.Variant} vs {b.Stream}{b.Entry.Stack}/{b.Entry.Variant}"),
        };
        return HierarchicalShift.Compare(
            plan, outer, t => a.Run.TrialReplicatesOf(a.Entry, t, a.Stream, cancellationToken), t => b.Run.TrialReplicatesOf(b.Entry, t, b.Stream, cancellationToken),
            cancellationToken);
    }

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

    /// <summary>One trial's bootstrap replicates, computed once per stream like <see cref="ReplicatesOf"/>: every
    /// comparison the entry takes part in draws from the same ones.</summary>
    private QuantileReplicates TrialReplicatesOf(EntryStats e, TrialSample trial, string stream, CancellationToken cancellationToken)
    {
        if (!_trialReplicates.TryGetValue((e, trial.Trial, stream), out var replicates))
        {
            var seed = SeededRandom.DeriveSeed(_settings.Seed, $"{stream}{e.Stack}/{e.Variant}#trial {trial.Trial}");
            replicates = QuantileBootstrap.Run(trial.Sample!, QuantileGrid.Delta, _settings.Resamples, seed, cancellationToken);
            _trialReplicates.Add((e, trial.Trial, stream), replicates);
        }

        return replicates;
    }

    /// <summary>Shift function of <paramref name="entry"/> minus <paramref name="baseline"/>, or the reason there is none.</summary>
    public static Comparison Compare(
        EntryStats entry, EntryStats baseline, Func<EntryStats, EntryStats, QuantileShift> shiftOf, string? nameA = null, string? nameB = null)
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

        var shift = shiftOf(entry, baseline);
        var sentences = ShiftSentences.Describe(shift, nameA, nameB)
            .Append(TypicalShift.Sentence(entry.Sample!, baseline.Sample!, nameA, nameB))
            .Concat(Breakdowns.DifferenceSentence(entry, baseline, nameA, nameB) is { } where ? [where] : [])
            .Concat(TrialsSection.BandSentence(shift) is { } trials ? [trials] : [])
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

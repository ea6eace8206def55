using System.Globalization;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>One line of a verdict: what was ranked, the answer (the winner, "equivalent" or "inconclusive"), and by how much.</summary>
internal sealed record VerdictLine(string Question, string Answer, string Size)
{
    /// <summary>False for a line that compared nothing: a figure fewer than two stacks have, or a throughput every stack but
    /// one was client-bound for.</summary>
    public bool Compared { get; init; } = true;
}

/// <summary>Two stacks of a variant compared at the median and at p99.</summary>
internal sealed record PairAnswers(EntryStats A, EntryStats B, LatencyAnswer Median, LatencyAnswer P99);

/// <summary>The verdict of one variant: the headline lines and, with three stacks or more, every pair.</summary>
internal sealed record VariantVerdict(string Variant, IReadOnlyList<VerdictLine> Lines)
{
    public IReadOnlyList<PairAnswers> Pairs { get; init; } = [];
}

/// <summary>
/// The answer first: for each variant that two or more stacks ran, who is fastest at the median and at p99, who sends the
/// fewest bytes, spends the least server CPU and allocates the least per request, and who has the highest throughput
/// among the entries the client could drive.
/// <para>
/// Latency, the fastest against the runner-up at the median and p99 (and, with three stacks or more, every pair): one of
/// four answers, <see cref="LatencyAnswers"/> has the rules. A winner, "equivalent" within the margin (±5% of the
/// runner-up's figure by default), or "inconclusive" (the interval neither excludes zero nor fits the margin, or too few
/// calls for a band); every line says its interval, the margin and the trials.
/// </para>
/// <para>
/// Bytes, server CPU, allocation and throughput: with two trials or more, paired by trial number, a winner must be
/// better in at least two thirds of the trials, and the percentile-bootstrap interval of its mean advantage per trial
/// (resampling the trials) and the Student-t interval (at the latency verdict's per-look level) must both exclude zero; failing that, "equivalent" when the figures are within the margin of each
/// other and the two one-sided tests over the per-trial differences agree (<see cref="Equivalence"/>), else
/// "inconclusive". With one trial, figures within the margin are "equivalent (one trial)".
/// </para>
/// </summary>
internal static class Verdict
{
    /// <summary>The headline latency questions: the fastest against the runner-up at these quantiles.</summary>
    private static readonly (double Probability, string Label)[] Headline = [(0.5, "median"), (0.99, "p99")];

    public static IReadOnlyList<VariantVerdict> Of(RunAnalysis analysis, CancellationToken cancellationToken)
    {
        var verdicts = new List<VariantVerdict>();
        foreach (var variant in analysis.Entries.Select(e => e.Variant).Distinct())
        {
            if (Compared(analysis, variant) is not { } entries)
            {
                continue;
            }

            var scenario = analysis.Run.Manifest.Scenario;
            var network = analysis.Run.Manifest.Network is { IsEmulated: true } n ? $" on the {n.Profile} network" : "";
            var lines = Headline.Select(h => Latency(analysis, entries, h.Probability, h.Label, scenario, network, cancellationToken)).ToList();
            if (entries.Select(e => e.Stack).Distinct().Count() > 2)
            {
                // With three stacks or more the runner-up is not the whole story: how far behind the last one is.
                lines.Add(Slowest(entries, analysis.Settings.EquivalenceMargin));
            }
            verdicts.Add(new VariantVerdict(variant, [.. lines, .. Costs(analysis, entries)]) { Pairs = Pairs(analysis, entries, cancellationToken) });
        }

        return verdicts;
    }

    /// <summary>The cost questions of a variant's verdict (bytes, server CPU, allocation, throughput) over these entries.</summary>
    internal static IReadOnlyList<VerdictLine> Costs(RunAnalysis analysis, List<EntryStats> entries) =>
    [
        Least(analysis, entries, "fewest bytes per request", e => e.Summary.BytesSentPerRequest + e.Summary.BytesReceivedPerRequest,
            t => t.BytesSentPerRequest + t.BytesReceivedPerRequest, Bytes),
        Least(analysis, entries, "least server CPU per request", e => e.Summary.Server?.CpuMsPerRequest, t => t.ServerCpuMsPerRequest, DurationText.Format),
        Least(analysis, entries, "least server allocation per request", e => e.Summary.Server?.AllocatedBytesPerRequest,
            t => t.ServerAllocatedBytesPerRequest, Bytes),
        Throughput(analysis, entries),
    ];

    /// <summary>The verdicts as one table per variant (Markdown).</summary>
    public static string ToMarkdown(IReadOnlyList<VariantVerdict> verdicts, string scenario)
    {
        var text = new System.Text.StringBuilder();
        foreach (var verdict in verdicts)
        {
            var table = Table(verdict);
            text.Append(CultureInfo.InvariantCulture, $"**{MarkdownText.Escape(Title(scenario, verdict.Variant))}**\n\n").Append(table.ToMarkdown()).Append('\n');
            if (PairTable(verdict) is { } pairs)
            {
                text.Append("Every pair of stacks:\n\n").Append(pairs.ToMarkdown()).Append('\n');
            }
        }

        return text.ToString();
    }

    public static HtmlTable Table(VariantVerdict verdict)
    {
        var table = new HtmlTable(new Cell("", true), new Cell("Answer", true), new Cell("By how much", true));
        foreach (var line in verdict.Lines)
        {
            table.Row([new(line.Question, true), new(line.Answer, true), new(line.Size, true)]);
        }

        return table;
    }

    /// <summary>Every pair's answer at the median and p99, or null with fewer than three stacks.</summary>
    public static HtmlTable? PairTable(VariantVerdict verdict)
    {
        if (verdict.Pairs.Count == 0)
        {
            return null;
        }

        var table = new HtmlTable(new Cell("Pair", true), new Cell("Median", true), new Cell("p99", true));
        foreach (var pair in verdict.Pairs)
        {
            table.Row([new($"{pair.A.DisplayName} vs {pair.B.DisplayName}", true), new(pair.Median.Cell, true), new(pair.P99.Cell, true)]);
        }

        return table;
    }

    /// <summary>Two runs' verdicts side by side (compare): one row per variant and question.</summary>
    public static HtmlTable SideBySide(IReadOnlyList<VariantVerdict> a, IReadOnlyList<VariantVerdict> b)
    {
        var table = new HtmlTable(new Cell("Variant", true), new Cell("", true), new Cell("A (before)", true), new Cell("B (after)", true));
        foreach (var variant in a.Select(v => v.Variant).Union(b.Select(v => v.Variant)))
        {
            var left = a.FirstOrDefault(v => v.Variant == variant);
            var right = b.FirstOrDefault(v => v.Variant == variant);
            // A run of three stacks or more asks one question more (the slowest) than a run of two.
            var questions = (left?.Lines ?? []).Concat(right?.Lines ?? []).Select(l => l.Question).Distinct();
            foreach (var question in questions)
            {
                table.Row(
                [
                    new(variant.Length == 0 ? Formats.Dash : variant, true),
                    new(question, true),
                    new(Answer(left, question), true),
                    new(Answer(right, question), true),
                ]);
            }
        }

        return table;
    }

    private static string Answer(VariantVerdict? verdict, string question) =>
        verdict?.Lines.FirstOrDefault(l => l.Question == question) is { } line
            ? line.Size.Length == 0 ? line.Answer : $"{line.Answer}: {line.Size}"
            : "not measured";

    public static string Title(string scenario, string variant) =>
        variant.Length == 0 ? $"Verdict: {scenario}" : $"Verdict: {scenario} ({variant})";

    /// <summary>Lines for a console: "median: gRPC, 0.9 s sooner than REST (95% CI 0.6–1.2 s)".</summary>
    public static IEnumerable<string> ToConsole(IReadOnlyList<VariantVerdict> verdicts, string scenario) =>
        verdicts.SelectMany(v => v.Lines.Select(l => $"{Title(scenario, v.Variant)}: {l.Question}: {l.Answer}{(l.Size.Length > 0 ? $", {l.Size}" : "")}").Prepend(""));

    /// <summary>The entries a variant's verdict compares: measured cleanly, with calls; null when fewer than two stacks have them.</summary>
    private static List<EntryStats>? Compared(RunAnalysis analysis, string variant)
    {
        var entries = analysis.Entries.Where(e => e.Variant == variant && e.Sample is not null
            && e.Summary.Status == ResultsFormat.EntryStatus.Ok).ToList();
        return entries.Select(e => e.Stack).Distinct().Count() < 2 ? null : entries;
    }

    /// <summary>The headline latency questions of every variant (the fastest against the runner-up at the median and p99)
    /// and their answers: what `--trials auto` adds trials for.</summary>
    public static IEnumerable<(string Variant, string Question, LatencyAnswer Answer)> Headlines(RunAnalysis analysis,
        CancellationToken cancellationToken)
    {
        foreach (var variant in analysis.Entries.Select(e => e.Variant).Distinct())
        {
            if (Compared(analysis, variant) is not { } entries)
            {
                continue;
            }
            foreach (var (probability, label) in Headline)
            {
                yield return (variant, $"fastest at the {label}", Fastest(analysis, entries, probability, label, "", cancellationToken));
            }
        }
    }

    private static LatencyAnswer Fastest(RunAnalysis analysis, List<EntryStats> entries, double probability, string label, string network,
        CancellationToken cancellationToken)
    {
        var ranked = entries.OrderBy(e => e.Percentile(probability)).ToList();
        return LatencyAnswers.Of(analysis, ranked[0], ranked[1], probability, label, network, cancellationToken);
    }

    private static VerdictLine Latency(RunAnalysis analysis, List<EntryStats> entries, double probability, string label, string scenario,
        string network, CancellationToken cancellationToken)
    {
        var answer = Fastest(analysis, entries, probability, label, network, cancellationToken);
        var question = $"fastest at the {label}";
        return answer.Kind switch
        {
            AnswerKind.Faster => new VerdictLine(question, answer.Faster.DisplayName, $"answers the {label} {scenario} request {answer.Detail}"),
            AnswerKind.Equivalent => new VerdictLine(question, "equivalent", answer.Detail),
            _ => new VerdictLine(question, "inconclusive", answer.Detail),
        };
    }

    /// <summary>Every pair of stacks at the median and p99, so that a gap between the second and the third is not lost
    /// (three stacks or more; with two the headline lines are the pair).</summary>
    private static List<PairAnswers> Pairs(RunAnalysis analysis, List<EntryStats> entries, CancellationToken cancellationToken)
    {
        if (entries.Count < 3)
        {
            return [];
        }

        var ranked = entries.OrderBy(e => e.Percentile(0.5)).ToList();
        var pairs = new List<PairAnswers>();
        for (var i = 0; i < ranked.Count; i++)
        {
            for (var j = i + 1; j < ranked.Count; j++)
            {
                pairs.Add(new PairAnswers(ranked[i], ranked[j],
                    LatencyAnswers.Of(analysis, ranked[i], ranked[j], 0.5, "median", "", cancellationToken),
                    LatencyAnswers.Of(analysis, ranked[i], ranked[j], 0.99, "p99", "", cancellationToken)));
            }
        }

        return pairs;
    }

    /// <summary>The slowest at the median against the fastest, as a plain ratio of their medians (no band: a description).</summary>
    private static VerdictLine Slowest(List<EntryStats> entries, double margin)
    {
        var ranked = entries.Select(e => (Entry: e, Median: e.Percentile(0.5))).OrderBy(x => x.Median).ToList();
        var (fastest, slowest) = (ranked[0], ranked[^1]);
        var factor = fastest.Median > 0 ? slowest.Median / fastest.Median : double.PositiveInfinity;
        var size = $"{DurationText.Format(slowest.Median)} at the median against {DurationText.Format(fastest.Median)} for {fastest.Entry.DisplayName}" +
                   (double.IsFinite(factor) ? $" ({factor.ToString("0.0", CultureInfo.InvariantCulture)}\u00d7 the time)" : "");
        return factor < 1 + margin
            ? new VerdictLine("slowest at the median", "about the same", size)
            : new VerdictLine("slowest at the median", slowest.Entry.DisplayName, size);
    }

    private static VerdictLine Least(RunAnalysis analysis, List<EntryStats> entries, string question, Func<EntryStats, double?> value,
        Func<TrialFigures, double?> trialValue, Func<double, string> format)
    {
        var known = entries.Select(e => (Entry: e, Value: value(e))).Where(x => x.Value is { } v && double.IsFinite(v))
            .OrderBy(x => x.Value).ToList();
        if (known.Count < 2)
        {
            return new VerdictLine(question, "not measured", "fewer than two stacks have the figure") { Compared = false };
        }

        var (best, next) = (known[0], known[1]);
        var margin = analysis.Settings.EquivalenceMargin;
        var factor = best.Value > 0 ? next.Value!.Value / best.Value.Value : double.PositiveInfinity;
        var both = $"{best.Entry.DisplayName} {format(best.Value!.Value)}, {next.Entry.DisplayName} {format(next.Value!.Value)}";
        var trials = TrialAdvantage.Of(analysis, question, best.Entry, next.Entry, t => -trialValue(t));
        if (trials is null)
        {
            // One figure each: nothing to test, only to describe.
            return factor < 1 + margin
                ? new VerdictLine(question, "equivalent", $"{both}, within {MarginText(margin)} (one trial)")
                : new VerdictLine(question, best.Entry.DisplayName, $"{format(best.Value.Value)} against {format(next.Value.Value)} for " +
                    $"{next.Entry.DisplayName} ({Ratio(factor)}one trial)");
        }

        var evidence = $"less in {trials.Better} of {trials.Trials} trials, {trials.Interval(format)} of the saving";
        if (trials.IsClear)
        {
            return new VerdictLine(question, best.Entry.DisplayName,
                $"{format(best.Value.Value)} against {format(next.Value.Value)} for {next.Entry.DisplayName} ({Ratio(factor)}{evidence})");
        }

        return Undecided(question, trials, margin * next.Value.Value, margin, both, $"{best.Entry.DisplayName} {evidence}");
    }

    /// <summary>A winner not shown: equivalent when the two one-sided tests put the per-trial differences inside the
    /// margin, else inconclusive.</summary>
    private static VerdictLine Undecided(string question, TrialAdvantage trials, double margin, double fraction, string figures, string evidence) =>
        trials.EquivalentWithin(margin).Holds
            ? new VerdictLine(question, "equivalent", $"{figures}: equivalent within {MarginText(fraction)} over {trials.Trials} trials ({evidence})")
            : new VerdictLine(question, "inconclusive",
                $"{figures}, {evidence}: {NotAhead(trials)}, nor shown equivalent within {MarginText(fraction)} over {trials.Trials} trials");

    /// <summary>Why a figure ahead on average is not a winner: the first of <see cref="TrialAdvantage.IsClear"/>'s tests that failed.</summary>
    private static string NotAhead(TrialAdvantage trials) =>
        trials.Better * 3 < trials.Trials * 2 ? "not ahead in enough trials"
        : trials.Lower <= 0 ? "not ahead beyond its interval (it includes zero)"
        : $"not ahead beyond the trials' spread (the {BootstrapSettings.Percent(trials.Student.IntervalLevel)} t-interval of the difference includes zero)";

    private static string MarginText(double fraction) => $"\u00b1{LatencyAnswers.Percent(fraction)}";

    private static string Ratio(double factor) =>
        double.IsFinite(factor) ? $"{factor.ToString("0.0", CultureInfo.InvariantCulture)}\u00d7 less; " : "";

    /// <summary>Client-bound entries are not ranked: their throughput is the client's, not the stack's.</summary>
    private static VerdictLine Throughput(RunAnalysis analysis, List<EntryStats> entries)
    {
        var question = "highest throughput";
        var bound = entries.Where(e => e.Summary.Client?.ClientBound == true).Select(e => e.DisplayName).ToList();
        var ranked = entries.Where(e => e.Summary.Client?.ClientBound != true).OrderByDescending(e => e.Summary.ThroughputRps).ToList();
        var note = bound.Count == 0 ? "" : $"; not ranked, client-bound: {string.Join(", ", bound)}";
        if (ranked.Count < 2)
        {
            return new VerdictLine(question, "inconclusive", $"fewer than two stacks were measured without the client being the limit{note}")
            {
                Compared = false,
            };
        }

        var (best, next) = (ranked[0].Summary.ThroughputRps, ranked[1].Summary.ThroughputRps);
        var margin = analysis.Settings.EquivalenceMargin;
        var figures = $"{Formats.OneDecimal(best)} req/s against {Formats.OneDecimal(next)} for {ranked[1].DisplayName}";
        if (TrialAdvantage.Of(analysis, question, ranked[0], ranked[1], t => t.ThroughputRps) is not { } trials)
        {
            return best < next * (1 + margin)
                ? new VerdictLine(question, "equivalent", $"{ranked[0].DisplayName} {figures}, within {MarginText(margin)} (one trial){note}")
                : new VerdictLine(question, ranked[0].DisplayName, $"{figures} (one trial){note}");
        }

        var evidence = $"higher in {trials.Better} of {trials.Trials} trials, {trials.Interval(v => Formats.OneDecimal(v) + " req/s")} of the gain";
        if (trials.IsClear)
        {
            return new VerdictLine(question, ranked[0].DisplayName, $"{figures} ({evidence}){note}");
        }

        var undecided = Undecided(question, trials, margin * next, margin, $"{ranked[0].DisplayName} {figures}", $"{ranked[0].DisplayName} {evidence}");
        return undecided with { Size = undecided.Size + note };
    }

    private static string Bytes(double value) => value >= 1_000_000
        ? (value / 1_000_000).ToString("0.0", CultureInfo.InvariantCulture) + " MB"
        : value >= 10_000 ? (value / 1000).ToString("0", CultureInfo.InvariantCulture) + " kB"
        : value.ToString("#,0", CultureInfo.InvariantCulture) + " B";
}

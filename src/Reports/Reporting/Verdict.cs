using System.Globalization;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>One line of a verdict: what was ranked, the winner (or "no difference"), and by how much.</summary>
internal sealed record VerdictLine(string Question, string Answer, string Size);

/// <summary>The verdict of one variant: the stacks compared and the lines.</summary>
internal sealed record VariantVerdict(string Variant, IReadOnlyList<VerdictLine> Lines);

/// <summary>
/// The answer first: for each variant that two or more stacks ran, who is fastest at the median and at p99, who sends the
/// fewest bytes, spends the least server CPU and allocates the least per request, and who has the highest throughput
/// among the entries the client could drive.
/// <para>
/// Latency: a winner is named only when the band (95% by default) of the winner against the runner-up excludes zero at
/// that quantile. With two trials or more the band is the two-level bootstrap paired by trial
/// (<see cref="HierarchicalShift"/>), and the winner must also stand out from the spread between trials: the mean of
/// the per-trial differences (each trial's quantile of the one minus the other's) must be larger in size than their
/// standard deviation. Otherwise the answer is "no difference", saying which of the two rules held it back. Every line
/// says how many trials the faster one was faster in; a line resting on one trial says that its interval covers only
/// the noise within that run.
/// </para>
/// <para>
/// Bytes, server CPU, allocation and throughput: figures within 5% of each other are "about the same". With two trials
/// or more, paired by trial number, a winner must also be better in at least two thirds of the trials, and the
/// percentile-bootstrap interval of its mean advantage per trial (resampling the trials) must exclude zero; otherwise
/// "no difference".
/// </para>
/// </summary>
internal static class Verdict
{
    /// <summary>Figures within 5% of each other are "about the same": one run of a 2-core machine says no more.</summary>
    private const double Closeness = 1.05;

    public static IReadOnlyList<VariantVerdict> Of(RunAnalysis analysis, CancellationToken cancellationToken)
    {
        var verdicts = new List<VariantVerdict>();
        foreach (var variant in analysis.Entries.Select(e => e.Variant).Distinct())
        {
            var entries = analysis.Entries.Where(e => e.Variant == variant && e.Sample is not null
                && e.Summary.Status == ResultsFormat.EntryStatus.Ok).ToList();
            if (entries.Select(e => e.Stack).Distinct().Count() < 2)
            {
                continue;
            }

            var scenario = analysis.Run.Manifest.Scenario;
            var network = analysis.Run.Manifest.Network is { IsEmulated: true } n ? $" on the {n.Profile} network" : "";
            var lines = new List<VerdictLine>
            {
                Latency(analysis, entries, 0.5, "median", scenario, network, cancellationToken),
                Latency(analysis, entries, 0.99, "p99", scenario, network, cancellationToken),
            };
            if (entries.Select(e => e.Stack).Distinct().Count() > 2)
            {
                // With three stacks or more the runner-up is not the whole story: how far behind the last one is.
                lines.Add(Slowest(entries));
            }
            verdicts.Add(new VariantVerdict(variant,
            [
                .. lines,
                Least(analysis, entries, "fewest bytes per request", e => e.Summary.BytesSentPerRequest + e.Summary.BytesReceivedPerRequest,
                    t => t.BytesSentPerRequest + t.BytesReceivedPerRequest, Bytes),
                Least(analysis, entries, "least server CPU per request", e => e.Summary.Server?.CpuMsPerRequest, t => t.ServerCpuMsPerRequest, DurationText.Format),
                Least(analysis, entries, "least server allocation per request", e => e.Summary.Server?.AllocatedBytesPerRequest,
                    t => t.ServerAllocatedBytesPerRequest, Bytes),
                Throughput(analysis, entries),
            ]));
        }

        return verdicts;
    }

    /// <summary>The verdicts as one table per variant (Markdown).</summary>
    public static string ToMarkdown(IReadOnlyList<VariantVerdict> verdicts, string scenario)
    {
        var text = new System.Text.StringBuilder();
        foreach (var verdict in verdicts)
        {
            var table = Table(verdict);
            text.Append(CultureInfo.InvariantCulture, $"**{MarkdownText.Escape(Title(scenario, verdict.Variant))}**\n\n").Append(table.ToMarkdown()).Append('\n');
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

    private static VerdictLine Latency(RunAnalysis analysis, List<EntryStats> entries, double probability, string label, string scenario,
        string network, CancellationToken cancellationToken)
    {
        var ranked = entries.OrderBy(e => e.Percentile(probability)).ToList();
        var (best, next) = (ranked[0], ranked[1]);
        var question = $"fastest at the {label}";
        var shift = analysis.Shift(best, next, cancellationToken);
        if (shift is not null && IndexOf(shift.Probabilities, probability) is >= 0 and var at && shift.Delta[at] > 0)
        {
            // Across trials the mean of the trials' quantiles can order the two the other way round from their pooled calls.
            (best, next) = (next, best);
            shift = analysis.Shift(best, next, cancellationToken);
        }

        var level = BootstrapSettings.Percent(analysis.Settings.ConfidenceLevel);
        var index = shift is null ? -1 : IndexOf(shift.Probabilities, probability);
        if (shift is { Trials.AcrossTrials: true } && index < 0)
        {
            // HierarchicalShift keeps a quantile when the trials' calls together pass the tail rule and each trial has a call beyond it.
            var smallest = best.Trials.Concat(next.Trials).Where(t => t.Count >= QuantileShiftAnalysis.MinimumSampleSize).Min(t => t.Count);
            return new VerdictLine(question, "not decided",
                $"too few requests per trial for a {level} band at the {label} of {best.DisplayName} against {next.DisplayName} (the smallest trial has " +
                $"{Formats.Whole(smallest)}; a band needs {QuantileShiftAnalysis.MinimumTailObservations} beyond the {label} in all trials together " +
                "and one in each)");
        }

        if (shift is null || index < 0)
        {
            return new VerdictLine(question, "not decided",
                $"too few requests for a {level} band at the {label} of {best.DisplayName} against {next.DisplayName} (n = {best.Sample!.Count:N0} and {next.Sample!.Count:N0})");
        }

        var trials = shift.Trials.Differences.Count >= 2 ? TrialSpread.Of([.. shift.Trials.Differences.Select(d => d.Delta[index])]) : null;
        string Basis(string faster) => trials is null
            ? $"; {OneRunCaveat(best, next)}"
            : $", over {trials.Trials} trials; {faster}faster in {trials.Negative} of {trials.Trials} trials";
        if (shift.Sign(index) == 0)
        {
            return new VerdictLine(question, "no difference",
                $"{best.DisplayName} and {next.DisplayName} are within the noise (the {level} band includes zero{Basis(best.DisplayName + " ")})");
        }

        if (trials is not null && Math.Abs(trials.Mean) <= trials.StandardDeviation)
        {
            var (figures, scale) = DurationText.FormatAll(Math.Max(Math.Abs(trials.Mean), trials.StandardDeviation),
                Math.Abs(trials.Mean), trials.StandardDeviation, -shift.Upper[index], -shift.Lower[index]);
            return new VerdictLine(question, "no difference",
                $"{best.DisplayName} and {next.DisplayName} differ by {figures[0]} {scale} at the {label}, less than the spread between trials " +
                $"({figures[1]} {scale}; {level} CI {figures[2]}\u2013{figures[3]} {scale}{Basis(best.DisplayName + " ")})");
        }

        var (numbers, unit) = DurationText.FormatAll(-shift.Delta[index], -shift.Delta[index], -shift.Upper[index], -shift.Lower[index]);
        return new VerdictLine(question, best.DisplayName,
            $"answers the {label} {scenario} request {numbers[0]} {unit} sooner than {next.DisplayName}{network} " +
            $"({level} CI {numbers[1]}\u2013{numbers[2]} {unit}{Basis("")})");
    }

    /// <summary>Why a band resting on one trial says less than it seems to: it has never seen a second run.</summary>
    private static string OneRunCaveat(EntryStats a, EntryStats b) =>
        a.TrialNumbers.Count > 1 || b.TrialNumbers.Count > 1
            ? $"fewer than two trials had {QuantileShiftAnalysis.MinimumSampleSize} requests or more in both: the interval covers only the noise within a run, not between runs"
            : "one trial: the interval covers only the noise within this run, not between runs";

    /// <summary>The slowest at the median against the fastest, as a plain ratio of their medians (no band: a description).</summary>
    private static VerdictLine Slowest(List<EntryStats> entries)
    {
        var ranked = entries.Select(e => (Entry: e, Median: e.Percentile(0.5))).OrderBy(x => x.Median).ToList();
        var (fastest, slowest) = (ranked[0], ranked[^1]);
        var factor = fastest.Median > 0 ? slowest.Median / fastest.Median : double.PositiveInfinity;
        var size = $"{DurationText.Format(slowest.Median)} at the median against {DurationText.Format(fastest.Median)} for {fastest.Entry.DisplayName}" +
                   (double.IsFinite(factor) ? $" ({factor.ToString("0.0", CultureInfo.InvariantCulture)}\u00d7 the time)" : "");
        return factor < Closeness
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
            return new VerdictLine(question, "not measured", "fewer than two stacks have the figure");
        }

        var (best, next) = (known[0], known[1]);
        var factor = best.Value > 0 ? next.Value!.Value / best.Value.Value : double.PositiveInfinity;
        var both = $"{best.Entry.DisplayName} {format(best.Value!.Value)}, {next.Entry.DisplayName} {format(next.Value!.Value)}";
        if (factor < Closeness)
        {
            return new VerdictLine(question, "about the same", both);
        }

        var trials = TrialAdvantage.Of(analysis, question, best.Entry, next.Entry, t => -trialValue(t));

        var ratio = double.IsFinite(factor) ? $"{factor.ToString("0.0", CultureInfo.InvariantCulture)}\u00d7 less" : null;
        var evidence = trials is null ? null : $"less in {trials.Better} of {trials.Trials} trials, {trials.Interval(format)} of the saving";
        var details = string.Join("; ", new[] { ratio, evidence }.OfType<string>());
        var size = $"{format(best.Value.Value)} against {format(next.Value.Value)} for {next.Entry.DisplayName}" + (details.Length > 0 ? $" ({details})" : "");
        return trials is null || trials.IsClear
            ? new VerdictLine(question, best.Entry.DisplayName, size)
            : new VerdictLine(question, "no difference", $"{both}, but {best.Entry.DisplayName} was {evidence}");
    }

    /// <summary>Client-bound entries are not ranked: their throughput is the client's, not the stack's.</summary>
    private static VerdictLine Throughput(RunAnalysis analysis, List<EntryStats> entries)
    {
        var question = "highest throughput";
        var bound = entries.Where(e => e.Summary.Client?.ClientBound == true).Select(e => e.DisplayName).ToList();
        var ranked = entries.Where(e => e.Summary.Client?.ClientBound != true).OrderByDescending(e => e.Summary.ThroughputRps).ToList();
        var note = bound.Count == 0 ? "" : $"; not ranked, client-bound: {string.Join(", ", bound)}";
        if (ranked.Count < 2)
        {
            return new VerdictLine(question, "not decided", $"fewer than two stacks were measured without the client being the limit{note}");
        }

        var (best, next) = (ranked[0].Summary.ThroughputRps, ranked[1].Summary.ThroughputRps);
        var figures = $"{Formats.OneDecimal(best)} req/s against {Formats.OneDecimal(next)} for {ranked[1].DisplayName}";
        if (best < next * Closeness)
        {
            return new VerdictLine(question, "about the same", $"{ranked[0].DisplayName} {figures}{note}");
        }

        if (TrialAdvantage.Of(analysis, question, ranked[0], ranked[1], t => t.ThroughputRps) is not { } trials)
        {
            return new VerdictLine(question, ranked[0].DisplayName, $"{figures}{note}");
        }

        var evidence = $"higher in {trials.Better} of {trials.Trials} trials, {trials.Interval(v => Formats.OneDecimal(v) + " req/s")} of the gain";
        return trials.IsClear
            ? new VerdictLine(question, ranked[0].DisplayName, $"{figures} ({evidence}){note}")
            : new VerdictLine(question, "no difference", $"{ranked[0].DisplayName} {figures}, but {ranked[0].DisplayName} was {evidence}{note}");
    }

    private static string Bytes(double value) => value >= 1_000_000
        ? (value / 1_000_000).ToString("0.0", CultureInfo.InvariantCulture) + " MB"
        : value >= 10_000 ? (value / 1000).ToString("0", CultureInfo.InvariantCulture) + " kB"
        : value.ToString("#,0", CultureInfo.InvariantCulture) + " B";

    private static int IndexOf(IReadOnlyList<double> probabilities, double probability)
    {
        for (var i = 0; i < probabilities.Count; i++)
        {
            if (Math.Abs(probabilities[i] - probability) < 1e-9)
            {
                return i;
            }
        }

        return -1;
    }
}

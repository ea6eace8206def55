using System.Globalization;
using System.Text;
using RpcCompare.Reports.Reporting;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>The two kinds of calibration run: a stack against its replica, and the same with the replica slowed.</summary>
public enum CalibrationKind
{
    /// <summary>A/A: the verdict should never name a winner.</summary>
    Same,

    /// <summary>The replica slowed by the injected delay: the verdict should find the stack faster.</summary>
    Effect,
}

/// <summary>One calibration run as the table counts it: its verdicts for the pair, its wall time, and the medians of the
/// stack and its replica in the first variant (the stack's is what the default effect size is a fraction of);
/// <see cref="Failure"/> when it left no verdict.</summary>
public sealed record CalibrationRunResult(CalibrationKind Kind, int Number, string Folder, TimeSpan Elapsed,
    IReadOnlyList<PairVerdict> Verdicts, double? BaseMedianMs, double? ReplicaMedianMs = null, string? Failure = null)
{
    /// <summary>Its cost answers for the pair (bytes, server CPU, allocation, throughput), counted for the A/A runs only.</summary>
    public IReadOnlyList<PairCostVerdict> Costs { get; init; } = [];
}

/// <summary>One row of the cost table: the A/A runs' answers for one variant to one cost question.</summary>
public sealed record CalibrationCostRow(string Variant, string Question, int StackBetter, int ReplicaBetter, int Equivalent, int Inconclusive)
{
    public int Comparisons => StackBetter + ReplicaBetter + Equivalent + Inconclusive;

    /// <summary>The comparisons that named a winner either way, of all.</summary>
    public double? FalseVerdictRate => Comparisons > 0 ? (double)(StackBetter + ReplicaBetter) / Comparisons : null;
}

/// <summary>One row of the table: the answers of every run of a kind for one variant at one quantile.</summary>
public sealed record CalibrationRow(CalibrationKind Kind, string Variant, double Probability, int StackFaster, int ReplicaFaster,
    int Equivalent, int Inconclusive)
{
    public int Comparisons => StackFaster + ReplicaFaster + Equivalent + Inconclusive;

    /// <summary>A/A runs that named a winner either way, of all: the verdict's false-verdict rate.</summary>
    public double? FalseVerdictRate => Kind == CalibrationKind.Same && Comparisons > 0 ? (double)(StackFaster + ReplicaFaster) / Comparisons : null;

    /// <summary>Runs with the slowed replica in which the verdict found the stack faster (the right sign), of all: its power.</summary>
    public double? Power => Kind == CalibrationKind.Effect && Comparisons > 0 ? (double)StackFaster / Comparisons : null;
}

/// <summary>What a calibration measured: the scenario, the pair and the injected delay with where its size came from.</summary>
public sealed record CalibrationSetup(string Scenario, string Stack, string Replica, TimeSpan Delay, string DelayOrigin)
{
    /// <summary>Whether the A/A runs went through relays (with no delay) like the effect runs, or direct.</summary>
    public bool RelayedSame { get; init; }
}

/// <summary>
/// The calibration's table: per kind of run, variant and quantile, how the verdict answered for the stack against its
/// replica; the false-verdict rate of the A/A runs, the power of the runs with the injected delay, and the median run time.
/// The issue's targets are read at the median: at most 5% false verdicts over at least 20 A/A comparisons, and the
/// effect found with the right sign in at least 80% of runs.
/// </summary>
public static class CalibrationTable
{
    public const int MinimumComparisons = 20;
    public const double MaxFalseVerdictRate = 0.05;
    public const double MinPower = 0.80;

    public static IReadOnlyList<CalibrationRow> Rows(IEnumerable<CalibrationRunResult> runs) =>
    [
        .. runs.Where(r => r.Failure is null)
            .SelectMany(r => r.Verdicts.Select(v => (r.Kind, Verdict: v)))
            .GroupBy(x => (x.Kind, x.Verdict.Variant, x.Verdict.Probability))
            .OrderBy(g => g.Key.Kind)
            .Select(g => new CalibrationRow(g.Key.Kind, g.Key.Variant, g.Key.Probability,
                g.Count(x => x.Verdict.Outcome == PairOutcome.FirstFaster),
                g.Count(x => x.Verdict.Outcome == PairOutcome.SecondFaster),
                g.Count(x => x.Verdict.Outcome == PairOutcome.Equivalent),
                g.Count(x => x.Verdict.Outcome == PairOutcome.Inconclusive))),
    ];

    /// <summary>
    /// The A/A runs' cost answers per variant and question. Only A/A runs: the effect runs' delay sits in the relay, outside
    /// the host, so it should move none of the host's costs per request, but it lowers the replica's throughput (each caller
    /// waits longer), which would make their rows a mixture.
    /// </summary>
    public static IReadOnlyList<CalibrationCostRow> CostRows(IEnumerable<CalibrationRunResult> runs) =>
    [
        .. runs.Where(r => r.Failure is null && r.Kind == CalibrationKind.Same)
            .SelectMany(r => r.Costs)
            .GroupBy(v => (v.Variant, v.Question))
            .Select(g => new CalibrationCostRow(g.Key.Variant, g.Key.Question,
                g.Count(v => v.Outcome == PairOutcome.FirstFaster),
                g.Count(v => v.Outcome == PairOutcome.SecondFaster),
                g.Count(v => v.Outcome == PairOutcome.Equivalent),
                g.Count(v => v.Outcome == PairOutcome.Inconclusive))),
    ];

    /// <summary>The median of the runs' wall times of a kind (failed runs included: they cost the time too); null without runs.</summary>
    public static TimeSpan? MedianRunTime(IEnumerable<CalibrationRunResult> runs, CalibrationKind kind) =>
        Median(runs.Where(r => r.Kind == kind).Select(r => r.Elapsed.TotalSeconds)) is { } seconds ? TimeSpan.FromSeconds(seconds) : null;

    /// <summary>The median of the runs' medians of the stack (first variant); null when no run has one.</summary>
    public static double? MedianBaseMs(IEnumerable<CalibrationRunResult> runs, CalibrationKind kind) =>
        Median(runs.Where(r => r.Kind == kind && r.Failure is null && r.BaseMedianMs is not null).Select(r => r.BaseMedianMs!.Value));

    /// <summary>The median over the runs of the replica's median less the stack's (first variant): the effect the runs
    /// saw, which with an injected delay is the delay and whatever the relay's sleeping adds to it.</summary>
    public static double? MedianDifferenceMs(IEnumerable<CalibrationRunResult> runs, CalibrationKind kind) =>
        Median(runs.Where(r => r.Kind == kind && r.Failure is null && r.BaseMedianMs is not null && r.ReplicaMedianMs is not null)
            .Select(r => r.ReplicaMedianMs!.Value - r.BaseMedianMs!.Value));

    public static double? Median(IEnumerable<double> values)
    {
        var sorted = values.Order().ToList();
        return sorted.Count == 0 ? null
            : sorted.Count % 2 == 1 ? sorted[sorted.Count / 2]
            : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
    }

    public static string ToMarkdown(CalibrationSetup setup, IReadOnlyList<CalibrationRunResult> runs)
    {
        var (stack, replica) = (StackCatalog.DisplayName(setup.Stack), StackCatalog.DisplayName(setup.Replica));
        var rows = Rows(runs);
        var text = new StringBuilder();
        var effectRuns = runs.Count(r => r.Kind == CalibrationKind.Effect);
        text.Append(Invariant($"Calibration of the verdict: {setup.Scenario}, {stack} against {replica}; "))
            .Append(Invariant($"{runs.Count(r => r.Kind == CalibrationKind.Same)} A/A runs and "))
            // Ping's calibration asks for A/A runs only, and a calibration is read between its sittings: "0 runs slowed by
            // 0 ms" would read as an effect of nothing measured.
            .Append((effectRuns, setup.Delay > TimeSpan.Zero) switch
            {
                (> 0, true) => Invariant($"{effectRuns} runs with {replica} slowed by {CalibrationDelay.Milliseconds(setup.Delay)} ms per call ({setup.DelayOrigin}). "),
                (> 0, false) => Invariant($"{effectRuns} effect runs, their delay unknown ({setup.DelayOrigin}). "),
                (_, true) => Invariant($"no effect run yet (the delay: {CalibrationDelay.Milliseconds(setup.Delay)} ms per call, {setup.DelayOrigin}). "),
                _ => Invariant($"no effect run ({setup.DelayOrigin}). "),
            })
            .Append(setup.RelayedSame
                ? effectRuns > 0 ? "Both kinds of run reached each host through a relay of its own.\n\n"
                    : "The A/A runs reached each host through a relay of its own, as the effect runs do.\n\n"
                : effectRuns > 0 ? "The A/A runs reached each host directly, as a measurement does; the effect runs through a relay of its own.\n\n"
                : "The A/A runs reached each host directly, as a measurement does.\n\n");
        text.Append(Invariant($"| runs | variant | quantile | comparisons | {stack} faster | {replica} faster | equivalent | inconclusive | false-verdict rate | power |\n"))
            .Append("|---|---|---|---|---|---|---|---|---|---|\n");
        foreach (var row in rows)
        {
            text.Append(Invariant($"| {Kind(row.Kind)} | {(row.Variant.Length == 0 ? "—" : row.Variant)} | {Quantile(row.Probability)} | {row.Comparisons} | "))
                .Append(Invariant($"{row.StackFaster} | {row.ReplicaFaster} | {row.Equivalent} | {row.Inconclusive} | {Percent(row.FalseVerdictRate)} | {Percent(row.Power)} |\n"));
        }
        text.Append('\n');
        foreach (var kind in new[] { CalibrationKind.Same, CalibrationKind.Effect }.Where(k => runs.Any(r => r.Kind == k)))
        {
            var failed = runs.Where(r => r.Kind == kind && r.Failure is not null).ToList();
            text.Append(Invariant($"- {Kind(kind)} runs: median run time {Seconds(MedianRunTime(runs, kind))}; in the first variant, {stack}'s median "))
                .Append(Invariant($"{Milliseconds(MedianBaseMs(runs, kind))}, {replica} − {stack} {Signed(MedianDifferenceMs(runs, kind))} (medians of the runs); "))
                .Append(Invariant($"failed runs: {(failed.Count == 0 ? "none" : string.Join("; ", failed.Select(f => $"{f.Folder} ({f.Failure})")))}.\n"));
        }
        text.Append(Targets(rows));
        text.Append(CostTable(CostRows(runs), stack, replica));
        return text.ToString();
    }

    /// <summary>The A/A runs' cost answers: the issue's target is about latency, so these are read against the same 5% as a
    /// guide, not judged.</summary>
    private static string CostTable(IReadOnlyList<CalibrationCostRow> rows, string stack, string replica)
    {
        if (rows.Count == 0)
        {
            return "";
        }
        var text = new StringBuilder();
        text.Append("\nThe cost figures in the A/A runs (the report's verdict lines for bytes, server CPU, allocation and throughput, with its rules):\n\n")
            .Append(Invariant($"| variant | question | comparisons | {stack} better | {replica} better | equivalent | inconclusive | winner named |\n"))
            .Append("|---|---|---|---|---|---|---|---|\n");
        foreach (var row in rows)
        {
            text.Append(Invariant($"| {(row.Variant.Length == 0 ? "—" : row.Variant)} | {row.Question} | {row.Comparisons} | {row.StackBetter} | "))
                .Append(Invariant($"{row.ReplicaBetter} | {row.Equivalent} | {row.Inconclusive} | {Percent(row.FalseVerdictRate)} |\n"));
        }
        var (named, all) = (rows.Sum(r => r.StackBetter + r.ReplicaBetter), rows.Sum(r => r.Comparisons));
        text.Append(Invariant($"\n- Over every cost question, {named} of {all} A/A comparisons named a winner ({Percent((double)named / all)}).\n"));
        return text.ToString();
    }

    /// <summary>The issue's targets at the median, each with whether this calibration met it.</summary>
    private static string Targets(IReadOnlyList<CalibrationRow> rows)
    {
        var same = Sum(rows.Where(r => r.Kind == CalibrationKind.Same && r.Probability == 0.5));
        var effect = Sum(rows.Where(r => r.Kind == CalibrationKind.Effect && r.Probability == 0.5));
        var text = new StringBuilder();
        if (same.Comparisons > 0)
        {
            var wrong = same.StackFaster + same.ReplicaFaster;
            var met = (double)wrong / same.Comparisons <= MaxFalseVerdictRate;
            text.Append(Invariant($"- At the median, {wrong} of {same.Comparisons} A/A comparisons named a winner ({Percent((double)wrong / same.Comparisons)}); "))
                .Append(Invariant($"the target is at most {Percent(MaxFalseVerdictRate)} of at least {MinimumComparisons}: {Judged(met, same.Comparisons)}.\n"));
        }
        if (effect.Comparisons > 0)
        {
            var power = (double)effect.StackFaster / effect.Comparisons;
            text.Append(Invariant($"- At the median, the injected delay was found with the right sign in {effect.StackFaster} of {effect.Comparisons} comparisons "))
                .Append(Invariant($"({Percent(power)}), with the wrong sign in {effect.ReplicaFaster}; the target is at least {Percent(MinPower)}: {Judged(power >= MinPower, effect.Comparisons)}.\n"));
        }
        return text.ToString();
    }

    /// <summary>A rate over fewer comparisons than the targets need is not judged yet: one false verdict in four is 25%
    /// but could still end at 5% of twenty, and a calibration made over several sittings is read before it is complete.</summary>
    private static string Judged(bool met, int comparisons) =>
        comparisons < MinimumComparisons ? Invariant($"not judged yet ({comparisons} of the {MinimumComparisons} comparisons it needs)")
        : met ? "met" : "not met";

    private static CalibrationRow Sum(IEnumerable<CalibrationRow> rows) => rows.Aggregate(
        new CalibrationRow(CalibrationKind.Same, "", 0.5, 0, 0, 0, 0),
        (total, row) => total with
        {
            StackFaster = total.StackFaster + row.StackFaster,
            ReplicaFaster = total.ReplicaFaster + row.ReplicaFaster,
            Equivalent = total.Equivalent + row.Equivalent,
            Inconclusive = total.Inconclusive + row.Inconclusive,
        });

    private static string Kind(CalibrationKind kind) => kind == CalibrationKind.Same ? "A/A" : "effect";

    private static string Quantile(double probability) => probability == 0.5 ? "median" : Invariant($"p{probability * 100:0.#}");

    private static string Percent(double? fraction) => fraction is { } f ? Invariant($"{f * 100:0.#}%") : "—";

    private static string Seconds(TimeSpan? time) => time is { } t ? Invariant($"{t.TotalSeconds:0} s") : "—";

    private static string Milliseconds(double? ms) => ms is { } m ? Invariant($"{m:0.###} ms") : "—";

    private static string Signed(double? ms) => ms is { } m ? Invariant($"{m:+0.###;−0.###;0} ms") : "—";

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}

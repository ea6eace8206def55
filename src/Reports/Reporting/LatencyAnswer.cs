using System.Globalization;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>The three answers a comparison of two measured stacks can end in ("not decided" for want of calls is the
/// fourth, <see cref="Inconclusive"/> with its reason).</summary>
internal enum AnswerKind
{
    Faster,
    Equivalent,
    Inconclusive,
}

/// <summary>
/// How two entries compare at one quantile: <see cref="Faster"/> is the one ahead (or the first of the pair when
/// neither is), <see cref="Detail"/> the sentence with its interval and trials, <see cref="Cell"/> the few words a
/// table cell holds.
/// </summary>
/// <see cref="MoreTrials"/>: for an inconclusive answer over trials, about how many trials at the spread seen would decide
/// it; null when it is decided, when more trials would not (too few calls per trial, a spread 100 trials would not
/// overcome) or when there is no spread to judge from (one trial).
internal sealed record LatencyAnswer(AnswerKind Kind, EntryStats Faster, EntryStats Other, string Detail, string Cell)
{
    public int? MoreTrials { get; init; }

    /// <summary>Inconclusive because the trials hold too few calls at that quantile, not because of their spread.</summary>
    public bool TooFewCalls { get; init; }
}

/// <summary>
/// One latency comparison, ending in one of four answers:
/// <list type="bullet">
/// <item><b>faster/slower</b>: with two trials or more, the quantile's own two-level bootstrap interval (95% by default,
/// paired by trial; <see cref="QuantileShift.LowerAt"/>, not the simultaneous band of the ECDF delta) and the Student-t
/// interval of the mean per-trial difference (the interval the equivalence test uses; 97.5% when the run looks twice)
/// both exclude zero; with one trial, the band does;</item>
/// <item><b>equivalent</b> within ±margin of the baseline's quantile (<see cref="BootstrapSettings.EquivalenceMargin"/>):
/// two one-sided tests over the paired per-trial differences (<see cref="Equivalence"/>); with one trial, the band lies
/// inside the margin, and the sentence says a band of one run covers only its own noise;</item>
/// <item><b>inconclusive</b>: neither, with how many trials would decide it at the spread seen; or too few calls for a
/// band at that quantile.</item>
/// </list>
/// The baseline of the margin is the slower-looking entry of the pair (the runner-up in the verdict's headline lines).
/// </summary>
internal static class LatencyAnswers
{
    /// <param name="where">Said after the slower one's name in a decided difference, e.g. " on the wan network".</param>
    public static LatencyAnswer Of(RunAnalysis analysis, EntryStats a, EntryStats b, double probability, string label, string where,
        CancellationToken cancellationToken)
    {
        var (best, next) = a.Percentile(probability) <= b.Percentile(probability) ? (a, b) : (b, a);
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
            return Undecided(best, next,
                $"too few requests per trial for a {level} band at the {label} of {best.DisplayName} against {next.DisplayName} (the smallest trial has " +
                $"{Formats.Whole(smallest)}; a band needs {QuantileShiftAnalysis.MinimumTailObservations} beyond the {label} in all trials together " +
                "and one in each)");
        }

        if (shift is null || index < 0)
        {
            return Undecided(best, next,
                $"too few requests for a {level} band at the {label} of {best.DisplayName} against {next.DisplayName} (n = {best.Sample!.Count:N0} and {next.Sample!.Count:N0})");
        }

        var differences = shift.Trials.Differences.Count >= 2 ? shift.Trials.Differences.Select(d => d.Delta[index]).ToList() : null;
        var trials = differences is null ? null : TrialSpread.Of(differences);
        var baseline = Math.Abs(next.Percentile(probability));
        var margin = analysis.Settings.EquivalenceMargin * baseline;
        var marginText = $"\u00b1{Percent(analysis.Settings.EquivalenceMargin)}";
        string Basis(string faster) => trials is null
            ? $"; {OneRunCaveat(best, next)}"
            : $", over {trials.Trials} trials; {faster}faster in {trials.Negative} of {trials.Trials} trials";

        // Over trials, the Student-t interval of the per-trial differences must exclude zero too: a percentile bootstrap
        // of five trials is too narrow, and the rule it replaces (the mean difference larger than the trials' standard
        // deviation) let a t of 2.24 through at five trials (p = 0.09) while no number of trials could decide a
        // difference smaller than the spread (docs/reports.md, "Calibration").
        var perTrial = differences is null ? null : Equivalence.Test(differences, Math.Max(margin, double.Epsilon), analysis.TrialLevel);
        // Over trials, the quantile's own interval, not the band: the band covers the whole grid at once (about 99.5-99.9%
        // at each of a hundred quantiles), which cost a median verdict power and protected no claim it makes, while the
        // t-interval holds the false-verdict rate (docs/reports.md, "A verdict about one quantile uses that quantile's own
        // interval"). A single trial has no t-interval, so the band stays its guard: one run's interval covers only that
        // run's noise, and at 95% alone its verdicts would be wrong far more often.
        var (lowAt, highAt) = perTrial is null ? (shift.Lower[index], shift.Upper[index]) : (shift.LowerAt[index], shift.UpperAt[index]);
        var sign = perTrial is null ? shift.Sign(index) : shift.SignAt(index);
        var trialsDisagree = sign != 0 && perTrial is not null && perTrial.Lower <= 0 && perTrial.Upper >= 0;
        var held = sign == 0 ? (perTrial is null ? "the band includes zero" : $"the {level} interval at the {label} includes zero")
            : trialsDisagree ? $"the {perTrial!.Trials} trials' differences do not exclude zero"
            : null;
        if (held is null)
        {
            var (numbers, unit) = DurationText.FormatAll(-shift.Delta[index], -shift.Delta[index], -highAt, -lowAt);
            var relative = baseline > 0 ? $" ({Percent(-shift.Delta[index] / baseline)})" : "";
            return new LatencyAnswer(AnswerKind.Faster, best, next,
                $"{numbers[0]} {unit}{relative} sooner than {next.DisplayName}{where} ({level} CI {numbers[1]}\u2013{numbers[2]} {unit}{Basis("")})",
                $"{best.DisplayName} faster by {numbers[0]} {unit}{relative}");
        }

        var (lower, upper) = perTrial is null ? (lowAt, highAt) : (perTrial.Lower, perTrial.Upper);
        var (bounds, boundsUnit) = DurationText.FormatAll(Math.Max(Math.Max(Math.Abs(lower), Math.Abs(upper)), margin), lower, upper, margin);
        var intervalLevel = perTrial is null ? level : BootstrapSettings.Percent(analysis.TrialLevel);
        var interval = $"{intervalLevel} CI of the difference {Signed(bounds[0])}\u2013{Signed(bounds[1])} {boundsUnit}";
        if (margin > 0 && lower > -margin && upper < margin)
        {
            return new LatencyAnswer(AnswerKind.Equivalent, best, next,
                $"{best.DisplayName} and {next.DisplayName} are equivalent within {marginText} ({bounds[2]} {boundsUnit}) at the {label}: the " +
                $"{interval} lies inside it{Basis(best.DisplayName + " ")}",
                $"equivalent within {marginText}");
        }

        var more = differences is null ? null
            : Equivalence.TrialsToDecide(differences, Math.Max(margin, double.Epsilon), analysis.TrialLevel);
        var advice = differences is null ? "; more trials would tell"
            : more is { } n ? $"; about {n} trials at this spread would decide it"
            : "; even 100 trials at this spread would not decide it";
        return new LatencyAnswer(AnswerKind.Inconclusive, best, next,
            $"{best.DisplayName} and {next.DisplayName} cannot be told apart at the {label} and are not shown equivalent within {marginText}: " +
            $"{held}, and the {interval} reaches beyond \u00b1{bounds[2]} {boundsUnit}{Basis(best.DisplayName + " ")}{advice}",
            more is { } m ? $"inconclusive (~{m} trials)" : "inconclusive") { MoreTrials = more };
    }

    private static LatencyAnswer Undecided(EntryStats best, EntryStats next, string reason) =>
        new(AnswerKind.Inconclusive, best, next, reason, "inconclusive (too few requests)") { TooFewCalls = true };

    /// <summary>Why a band resting on one trial says less than it seems to: it has never seen a second run.</summary>
    private static string OneRunCaveat(EntryStats a, EntryStats b) =>
        a.TrialNumbers.Count > 1 || b.TrialNumbers.Count > 1
            ? $"fewer than two trials had {QuantileShiftAnalysis.MinimumSampleSize} requests or more in both: the interval covers only the noise within a run, not between runs"
            : "one trial: the interval covers only the noise within this run, not between runs";

    private static string Signed(string number) => number.StartsWith('-') ? "\u2212" + number[1..] : number;

    public static string Percent(double fraction) =>
        (fraction * 100).ToString(Math.Abs(fraction) < 0.1 ? "0.#" : "0", CultureInfo.InvariantCulture) + "%";

    public static int IndexOf(IReadOnlyList<double> probabilities, double probability)
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

using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports;

/// <summary>A headline comparison still inconclusive: the variant ("" for the plain call), the question ("fastest at the
/// median"), the verdict's cell ("inconclusive (~9 trials)") and about how many trials in all would decide it (null when
/// more trials would not).</summary>
public sealed record OpenComparison(string Variant, string Question, string Answer, int? TrialsToDecide)
{
    /// <summary>Undecided for want of calls in each trial at that quantile: more trials of the same size cannot decide it.</summary>
    public bool TooFewCalls { get; init; }

    public override string ToString() => $"{(Variant.Length == 0 ? "" : Variant + ": ")}{Question}: {Answer}";
}

/// <summary>
/// What `--trials auto` asks after each trial: which of the verdict's headline latency comparisons (the fastest against
/// the runner-up at the median and p99, per variant) are still inconclusive. It reads the results folder as written so
/// far, with the verdict's own rules and margin, so the run stops on exactly what the report will say.
/// </summary>
public static class HeadlineDecisions
{
    /// <summary>
    /// How often a `--trials auto` run reads these comparisons to decide whether to go on: after its planned trials, and
    /// once more when no further trial fits the budget. Each look's per-trial interval is then at 1 − (1 − level) / 2, so
    /// the two looks together call a stack faster that is not at most 5% of the time (Bonferroni): looking after every
    /// trial at 95% would call one 13-18% of the time over ten to twenty trials (docs/reports.md, "Calibration").
    /// </summary>
    public const int Looks = 2;

    /// <exception cref="ReportInputException">The folder or one of its files is missing or damaged.</exception>
    public static async Task<IReadOnlyList<OpenComparison>> OpenAsync(string folder, double? margin, CancellationToken cancellationToken)
    {
        var run = await ResultsLoader.LoadLatenciesAsync(folder, cancellationToken);
        var analysis = RunAnalysis.Create(run, new BootstrapSettings().WithMargin(margin, run.Manifest.Options));
        return [.. Verdict.Headlines(analysis, cancellationToken)
            .Where(h => h.Answer.Kind == AnswerKind.Inconclusive)
            .Select(h => new OpenComparison(h.Variant, h.Question, h.Answer.Cell, h.Answer.MoreTrials) { TooFewCalls = h.Answer.TooFewCalls })];
    }
}

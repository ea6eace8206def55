using System.Globalization;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>Page parts used by both the run report and the comparison.</summary>
internal static class Sections
{
    /// <summary>The banner of a run that did not complete, or null when it did.</summary>
    public static (string Kind, string Text)? StatusBanner(RunResults run, string? who = null)
    {
        var m = run.Manifest;
        var subject = who is null ? "This run" : $"Run {who} ({run.Name})";
        var reason = m.StatusReason is { Length: > 0 } r ? $" Reason: {r}." : "";
        var missing = run.Summary is null ? " It stopped before writing summary.json, so there are no per-stack results." : " Only what completed before it stopped is shown.";
        return m.Status switch
        {
            ResultsFormat.RunStatus.Complete => null,
            ResultsFormat.RunStatus.Interrupted => ("interrupted", $"{subject} was interrupted and is incomplete.{reason}{missing}"),
            ResultsFormat.RunStatus.Failed => ("failed", $"{subject} failed.{reason}{missing}"),
            _ => ("running", $"{subject} never finished: its manifest still says \"running\" (the load client may have died).{reason}{missing}"),
        };
    }

    /// <summary>What a run measured, in a heading: the scenario, the network when one was emulated, and the security
    /// ("worst-case on wan, TLS (ECDSA P-256)"); <paramref name="security"/> replaces the run's own security words.</summary>
    public static string Subject(RunManifest m, string? security = null) =>
        (m.Network is { IsEmulated: true } network ? $"{m.Scenario} on {network.Profile}" : m.Scenario) +
        $", {security ?? Security(m)}" + Connections(m) + ConnectionMode(m) + Calibration(m);

    /// <summary>"no TLS" or "TLS (ECDSA P-256)": security changes every figure, so every title and verdict line names it.</summary>
    public static string Security(RunManifest m) => SecurityInfo.Of(m).Words;

    /// <summary>", calibration: grpc#2 slowed by 0.2ms per call" for a run with an injected effect (the load client's
    /// --calibration-delay, recorded among its options), so no title, verdict or comparison of such a run reads as a measurement.</summary>
    public static string Calibration(RunManifest m)
    {
        if (!m.Options.TryGetValue("calibration-delay", out var text) || text.Length == 0)
        {
            return "";
        }
        var parts = text.Split('=', 2);
        return parts.Length == 2 ? $", calibration: {parts[0]} slowed by {parts[1]} per call" : $", calibration: {text}";
    }

    /// <summary>", gRPC over 8 connections" (", gRPC and gRPC code-first over 8 connections") when --connections gave the
    /// gRPC clients more than one; the clients' connections change their figures, so a verdict names them.</summary>
    public static string Connections(RunManifest m)
    {
        if (!m.Options.TryGetValue("connections", out var text) || !int.TryParse(text, CultureInfo.InvariantCulture, out var n) || n <= 1)
        {
            return "";
        }
        // A replica of a gRPC stack has its stack's client, so its calls are spread the same way.
        var grpc = m.StackOrder.Where(s => GrpcStacks.Contains(StackReplica.BaseOf(s)))
            .OrderBy(s => Array.IndexOf(GrpcStacks, StackReplica.BaseOf(s))).Select(StackCatalog.DisplayName).ToList();
        return grpc.Count == 0 ? "" : $", {string.Join(" and ", grpc)} over {n} connections";
    }

    /// <summary>", a new connection per call" for a churn run (--connection-mode new-per-call): every figure then holds a
    /// connection's set-up, and with TLS a handshake, so no title or verdict may read as the kept connections' figures.</summary>
    public static string ConnectionMode(RunManifest m) =>
        m.Options.TryGetValue(ResultsFormat.ConnectionMode.OptionKey, out var mode) && mode == ResultsFormat.ConnectionMode.NewPerCall
            ? ", a new connection per call"
            : "";

    /// <summary>The stacks whose client spreads its calls over --connections.</summary>
    private static readonly string[] GrpcStacks = [StackCatalog.Grpc, StackCatalog.GrpcCodeFirst];

    public static string RunLine(RunResults run)
    {
        var m = run.Manifest;
        var load = m.LoadModel == ResultsFormat.LoadModel.Open && m.TargetRateRps is { } rate
            ? $"open loop at {Formats.OneDecimal(rate)} req/s"
            : $"{m.LoadModel} loop";
        var duration = m.FinishedUtc is { } end ? $" ({Formats.Duration(end - m.StartedUtc)})" : "";
        var network = m.Network is { IsEmulated: true } n ? $", network {n.Description}" : "";
        return $"Run {run.Name}: scenario {m.Scenario}, {load}{network}{Connections(m)}{ConnectionMode(m)}, started {Formats.Time(m.StartedUtc)}, " +
               $"finished {(m.FinishedUtc is null ? "never" : Formats.Time(m.FinishedUtc) + duration)}; " +
               $"{m.Tool.Name} {m.Tool.Version}; dataset {m.Dataset.Preset ?? "custom"} ({m.Dataset.Fingerprint}).";
    }

    /// <summary>Entries that did not run cleanly, and limits hit, as sentences.</summary>
    public static IReadOnlyList<string> EntryNotes(IEnumerable<EntryStats> entries)
    {
        var notes = new List<string>();
        foreach (var e in entries)
        {
            var s = e.Summary;
            if (s.Status != ResultsFormat.EntryStatus.Ok)
            {
                notes.Add($"{e.DisplayName}: {s.Status}{(s.StatusReason is { Length: > 0 } r ? $" ({r})" : "")}.");
            }

            if (e.Sample is null)
            {
                notes.Add($"{e.DisplayName} had no successful requests{(s.Errors > 0 ? $" (errors: {Formats.Errors(s.Errors, s.ErrorsByKind)})" : "")}; it appears in no latency chart.");
            }

            if (s.LimitsHit.Count > 0)
            {
                notes.Add($"{e.DisplayName} hit these limits: {string.Join(", ", s.LimitsHit)}.");
            }

            if (s.Client?.BoundBecause is { } because)
            {
                notes.Add($"{e.DisplayName} was client-bound: {because}, so {Formats.OneDecimal(s.ThroughputRps)} req/s is a lower bound " +
                    "of what the stack can serve; its throughput is not compared with the other stacks'.");
            }
        }

        notes.AddRange(ScalingNotMeasured(entries));
        notes.AddRange(AbsentStreamVariants(entries));
        return notes;
    }

    /// <summary>Entries the scaling check could not judge, one sentence per reason: "not measured" is said, and their
    /// throughput keeps its rank.</summary>
    public static IEnumerable<string> ScalingNotMeasured(IEnumerable<EntryStats> entries) =>
        entries.Where(e => e.Summary.Client?.ScalingNotMeasured is not null)
            .GroupBy(e => e.Summary.Client!.ScalingNotMeasured!, StringComparer.Ordinal)
            .Select(g => g.Count() == 1
                ? $"The scaling check (twice the callers for a moment) was not measured for {g.First().DisplayName}: {g.Key}. Whether the load " +
                  "client held it back is not known, and its throughput keeps its rank."
                : $"The scaling check (twice the callers for a moment) was not measured for {string.Join(", ", g.Select(e => e.DisplayName))}: " +
                  $"{g.Key}. Whether the load client held them back is not known, and their throughputs keep their ranks.");

    /// <summary>A stream variant measured for some stacks and not for others is absent by design, not lost: say why.</summary>
    public static IEnumerable<string> AbsentStreamVariants(IEnumerable<EntryStats> entries)
    {
        var list = entries.ToList();
        var stacks = list.Select(e => e.Stack).Distinct().ToList();
        foreach (var variant in list.Select(e => e.Variant).Distinct().Where(v => v.Contains("stream", StringComparison.Ordinal)))
        {
            var without = stacks.Where(stack => StackCatalog.Ids.Contains(stack) && !StackCatalog.Get(stack).Streaming
                && !list.Any(e => e.Stack == stack && e.Variant == variant)).ToList();
            if (without.Count > 0)
            {
                yield return $"No {VariantName(variant)} variant for {string.Join(", ", without.Select(StackCatalog.DisplayName))}: " +
                    "the contract it serves has no server-streaming operation, so each answer is one message.";
            }
        }
    }

    public static string MethodText(BootstrapSettings settings, bool trials, bool looksTwice = false) =>
        $"Percentiles are Harrell-Davis estimates (Perfolizer) for samples of up to {Quantiles.HarrellDavisMaxSampleSize.ToString("#,0", CultureInfo.InvariantCulture)} requests " +
        "and Hyndman-Fan type 7 above. Differences between quantiles carry a simultaneous " +
        $"{BootstrapSettings.Percent(settings.ConfidenceLevel)} percentile-bootstrap band " +
        $"({settings.Resamples.ToString("#,0", CultureInfo.InvariantCulture)} resamples per group, each group resampled independently, fixed seed " +
        $"0x{settings.Seed:X16}): the whole true difference curve lies inside it with that confidence, so every sentence read off the chart holds at once. " +
        $"Quantiles with fewer than {QuantileShiftAnalysis.MinimumTailObservations} requests beyond them in the smaller group are left out." +
        (trials ? " " + TrialMethod : "") + " " + AnswersText(settings) + (looksTwice ? " " + TwoLooks(settings) : "");

    /// <summary>Why an auto run's per-trial intervals are wider than its bands.</summary>
    private static string TwoLooks(BootstrapSettings settings) =>
        $"This run added trials (--trials auto) and so read its headline comparisons twice, after the planned trials and once more when " +
        $"the budget ended: each read's interval over the per-trial differences is at " +
        $"{BootstrapSettings.Percent(1 - (1 - settings.ConfidenceLevel) / HeadlineDecisions.Looks)}, so that both together call a stack " +
        $"faster that is not at most {BootstrapSettings.Percent(1 - settings.ConfidenceLevel)} of the time (Bonferroni).";

    /// <summary>The four answers every comparison of the verdict ends in, with the margin in force.</summary>
    public static string AnswersText(BootstrapSettings settings) =>
        "Each comparison of the verdict ends in one of four answers: one stack faster or slower (over trials, the bootstrap " +
        $"interval of that quantile alone, at {BootstrapSettings.Percent(settings.ConfidenceLevel)}, and the trials' Student-t interval " +
        "both exclude zero: a verdict claims one quantile, so it does not need the band that covers them all; in a single trial the band " +
        "must), " +
        $"equivalent within \u00b1{LatencyAnswers.Percent(settings.EquivalenceMargin)} of the slower-looking stack's figure (two one-sided " +
        $"tests over the paired per-trial differences, Schuirmann 1987, each at {BootstrapSettings.Percent((1 - settings.ConfidenceLevel) / 2)}; " +
        "a run of a single trial needs its band inside the margin), or inconclusive (neither; the sentence says about how many trials would " +
        "decide it at the spread seen). The margin is set with --margin.";

    /// <summary>How bands and verdicts use trials; said only where some entry has them, so one-trial reports read as before.</summary>
    private static readonly string TrialMethod =
        "Where an entry was measured in two trials or more, its band is a two-level bootstrap (Kalibera and Jones 2013): each resample " +
        "draws the trials with replacement, then resamples the requests of each drawn trial, and the difference is the mean over the " +
        "drawn trials; two stacks of one run are paired by trial, two runs are resampled independently. Quantiles are then left out by " +
        $"the smallest trial, and trials of fewer than {QuantileShiftAnalysis.MinimumSampleSize} successful requests are left out of the band. " +
        "A latency verdict across trials also needs the Student-t interval of the mean per-trial difference, at the verdict's level, " +
        "to exclude zero, and a figure measured once per trial (throughput, bytes, server CPU and allocation per request) needs " +
        "to be better in at least two thirds of the trials, with a bootstrap interval and a Student-t interval (at the same level) of " +
        "its mean per-trial advantage that both exclude zero.";

    public const string DeltaHowTo =
        "How to read: at quantile q (x axis) the line is the latency of the first stack at that quantile minus the baseline's. " +
        "Where the whole shaded band lies below zero (the green region), the first stack is faster at those quantiles; where the band " +
        "includes zero, the difference is within the noise. The statements are about quantiles of the two distributions, not about " +
        "individual requests.";

    /// <summary>One line per stack (or per stack and variant when the samples restart their clock), from the 500 ms counters.</summary>
    public static List<DrawnSeries> CounterLines(
        RunAnalysis analysis, Func<CounterSample, double?> select, string labelSuffix = "", Func<int, string?>? dashFor = null)
    {
        var lines = new List<DrawnSeries>();
        var stacks = analysis.Entries.Select(e => e.Stack).Distinct();
        foreach (var stack in stacks)
        {
            if (!analysis.Run.CountersByStack.TryGetValue(stack, out var samples) || samples.Count == 0)
            {
                continue;
            }

            var monotonic = samples.Zip(samples.Skip(1)).All(p => p.Second.ElapsedSeconds >= p.First.ElapsedSeconds);
            var groups = monotonic
                ? [(Variant: (string?)null, Samples: samples)]
                : samples.GroupBy(s => s.Variant).Select(g => (Variant: (string?)g.Key, Samples: (IReadOnlyList<CounterSample>)[.. g])).ToList();
            var index = 0;
            foreach (var (variant, group) in groups)
            {
                var points = group.Select(s => (s.ElapsedSeconds, select(s) ?? double.NaN)).ToList();
                if (points.All(p => double.IsNaN(p.Item2)))
                {
                    continue;
                }

                var label = variant is null ? StackCatalog.DisplayName(stack) : StackStyle.DisplayName(stack, variant);
                lines.Add(new DrawnSeries(label + labelSuffix, StackStyle.Color(stack), (dashFor ?? StackStyle.Dash)(index++), points));
            }
        }

        return lines;
    }

    /// <summary>"plain" for the unnamed variant in chart categories.</summary>
    public static string VariantName(string variant) => variant.Length == 0 ? "plain" : variant;
}

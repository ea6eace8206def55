using System.Globalization;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>One step of a stack's overload ramp as measured: what it offered, what came back, and how calls failed.</summary>
/// <param name="Percent">The step's share of the stack's probed capacity, in percent.</param>
/// <param name="OfferedRps">The rate the step scheduled.</param>
/// <param name="AchievedRps">Successful calls per second over the step's measured window.</param>
/// <param name="Succeeded">Successful calls.</param>
/// <param name="FailedByKind">Failed calls by error kind ("timeout", "db-pool", "over-limit", ...).</param>
/// <param name="P50Ms">Null when no call succeeded.</param>
internal sealed record OverloadPoint(int Percent, double OfferedRps, double AchievedRps, long Succeeded,
    IReadOnlyDictionary<string, long> FailedByKind, double? P50Ms, double? P99Ms, double? MaxMs)
{
    public long Failed => FailedByKind.Values.Sum();

    /// <summary>Failed calls over every call the step finished; 0 for a step without calls.</summary>
    public double RefusedShare => Succeeded + Failed == 0 ? 0 : (double)Failed / (Succeeded + Failed);

    /// <summary>No call finished (a step cut short, or a stack that failed): it can neither set a floor nor pass one.</summary>
    public bool Empty => Succeeded + Failed == 0;
}

/// <summary>Where a stack's ramp left its floor, and how it behaved at the top of the ramp.</summary>
/// <param name="FloorMs">The lowest p99 of the ramp's steps; null when no step had a successful call.</param>
/// <param name="Knee">The first step from which every step is past the floor (p99 above 10x it, or refusals above 1%);
/// null when none is.</param>
/// <param name="Top">The highest step that finished calls: what the stack does under the most load offered.</param>
internal sealed record OverloadFinding(double? FloorMs, OverloadPoint? Knee, bool KneeByRefusals, OverloadPoint? Top);

/// <summary>
/// The knee rule of the overload report: a stack's floor is the lowest p99 of its ramp's steps; its knee is the first step,
/// in offered load, from which every step's p99 passes <see cref="LatencyFactor"/> times the floor or its refusals (failed
/// calls, any cause) pass <see cref="RefusedShare"/> of its calls. A step without calls is skipped: it decides nothing.
/// </summary>
internal static class OverloadKnee
{
    public const double LatencyFactor = 10;
    public const double RefusedShare = 0.01;

    public static OverloadFinding Find(IReadOnlyList<OverloadPoint> steps)
    {
        var measured = steps.Where(s => !s.Empty).OrderBy(s => s.OfferedRps).ToList();
        var floor = measured.Where(s => s.P99Ms is not null).Select(s => s.P99Ms).Min();
        bool Past(OverloadPoint step) => step.RefusedShare > RefusedShare || step.P99Ms > floor * LatencyFactor;
        // A knee holds: from it on every step stays past the floor, so one step's stray p99 (a GC, a neighbour's burst in
        // a one-second window) is not mistaken for where the stack stopped keeping up.
        var knee = Enumerable.Range(0, measured.Count).FirstOrDefault(i => measured.Skip(i).All(Past), -1);
        if (knee < 0)
        {
            return new OverloadFinding(floor, null, KneeByRefusals: false, measured.Count == 0 ? null : measured[^1]);
        }
        var step = measured[knee];
        return new OverloadFinding(floor, step, KneeByRefusals: step.RefusedShare > RefusedShare, measured[^1]);
    }

    /// <summary>"knee at 1,250 req/s (125% of capacity): p99 passed 10x its 2.1 ms floor" or "no knee up to ...".</summary>
    public static string KneeText(OverloadFinding finding)
    {
        if (finding.Top is null)
        {
            return "no step finished a call, so it has no knee";
        }
        if (finding.Knee is not { } knee)
        {
            return $"no knee up to {Rate(finding.Top.OfferedRps)} ({finding.Top.Percent}% of its capacity): p99 stayed within " +
                $"{LatencyFactor:0}x its {Ms(finding.FloorMs)} floor and refusals within {RefusedShare:0%}";
        }
        var where = $"knee at {Rate(knee.OfferedRps)} ({knee.Percent}% of its capacity)";
        return finding.KneeByRefusals
            ? $"{where}: {Percent(knee.RefusedShare)} of calls refused ({Causes(knee)})"
            : $"{where}: p99 {Ms(knee.P99Ms)} passed {LatencyFactor:0}x its {Ms(finding.FloorMs)} floor";
    }

    /// <summary>The stack's behaviour at the top of the ramp, in the words the issue asks for: "queues: p99 grows to 12 s,
    /// nothing refused", "refuses 31% (over-limit), p99 stays 40 ms", both, or that it kept up.</summary>
    public static string BehaviourText(OverloadFinding finding)
    {
        if (finding.Top is not { } top)
        {
            return "no behaviour to describe";
        }
        var queues = top.P99Ms > finding.FloorMs * LatencyFactor;
        var refuses = top.RefusedShare > RefusedShare;
        var refused = top.Failed == 0 ? "nothing refused" : $"{Percent(top.RefusedShare)} refused ({Causes(top)})";
        var at = $"at {top.Percent}%";
        return (queues, refuses) switch
        {
            (true, false) => $"queues: p99 grows to {Ms(top.P99Ms)} {at}, {refused}",
            (false, true) => $"refuses {Percent(top.RefusedShare)} with {Causes(top)} {at}, p99 stays {Ms(top.P99Ms)}",
            (true, true) => $"queues and refuses: p99 grows to {Ms(top.P99Ms)} and {Percent(top.RefusedShare)} fail ({Causes(top)}) {at}",
            _ => $"keeps up {at}: p99 {Ms(top.P99Ms)}, {refused}",
        };
    }

    /// <summary>One sentence per stack: its knee, then its overload behaviour.</summary>
    public static string Sentence(string stack, OverloadFinding finding) =>
        $"{stack}: {KneeText(finding)}; {BehaviourText(finding)}.";

    private static string Causes(OverloadPoint step) => string.Join(", ", step.FailedByKind.Where(k => k.Value > 0)
        .OrderByDescending(k => k.Value).ThenBy(k => k.Key, StringComparer.Ordinal)
        .Select(k => $"{k.Key} {k.Value.ToString("N0", CultureInfo.InvariantCulture)}"));

    private static string Rate(double rps) => $"{rps.ToString("N0", CultureInfo.InvariantCulture)} req/s";

    private static string Ms(double? ms) => ms is { } value ? DurationText.Format(value) : "no";

    private static string Percent(double share) => share.ToString(share < 0.1 ? "0.#%" : "0%", CultureInfo.InvariantCulture);
}

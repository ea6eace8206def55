using System.Globalization;
using System.Text;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>A stack's overload ramp: its probed capacity, its steps as measured, and what the knee rule found.</summary>
internal sealed record StackRamp(string Stack, CapacityProbe Probe, IReadOnlyList<OverloadPoint> Steps, OverloadFinding Finding)
{
    public string Sentence => OverloadKnee.Sentence(StackCatalog.DisplayName(Stack), Finding);
}

/// <summary>
/// The overload scenario's part of the report: latency against offered load per stack (wrk2's and Gil Tene's chart,
/// log latency axis), each stack's knee and behaviour in one sentence (<see cref="OverloadKnee"/>), and the steps' table.
/// </summary>
internal static class OverloadSection
{
    public const string HowTo =
        "Each line is one stack's p99 at each step of its ramp, against the rate the step offered (a share of that stack's own " +
        "probed capacity, so each line ends at twice its capacity). Flat, then a wall: the knee. A line that climbs by decades " +
        "queues; a line that stays flat while the table's refusals grow refuses. Latency counts from each request's scheduled " +
        "time, so a backlog shows as latency, never as fewer requests.";

    public const string QueueDepth =
        "Queue depth: no host's request queue is read by this client (neither Kestrel's queues nor the NetTcp host's pending " +
        "calls are sampled), so none is shown; a database pool that filled is named under limits hit (npgsql-pool), and " +
        "requests held back by a busy client count from their scheduled time.";

    public static bool Applies(RunAnalysis analysis) => analysis.Run.Manifest.Overload is not null;

    /// <summary>Each probed stack's ramp, in the probes' order.</summary>
    public static IReadOnlyList<StackRamp> Ramps(RunAnalysis analysis) =>
        [.. (analysis.Run.Manifest.Overload?.Probes ?? []).Select(probe =>
        {
            var steps = probe.Steps.Select(step => Point(step, analysis.Entries.FirstOrDefault(e => e.Stack == probe.Stack && e.Variant == step.Variant)?.Summary)).ToList();
            return new StackRamp(probe.Stack, probe, steps, OverloadKnee.Find(steps));
        })];

    /// <summary>A step as its entry measured it; a step without an entry (the run stopped first) is empty.</summary>
    public static OverloadPoint Point(OverloadStepRate step, SummaryEntry? entry) => entry is null
        ? new OverloadPoint(step.Percent, step.OfferedRps, 0, 0, new Dictionary<string, long>(), null, null, null)
        : new OverloadPoint(step.Percent, step.OfferedRps, entry.ThroughputRps, entry.Requests,
            entry.ErrorsByKind.Where(k => k.Value > 0).ToDictionary(k => k.Key, k => k.Value, StringComparer.Ordinal),
            entry.LatencyMs?.P50, entry.LatencyMs?.P99, entry.LatencyMs?.Max);

    public static void WriteHtml(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        var ramps = Ramps(analysis);
        page.Heading(2, "Overload: latency against offered load", "overload");
        page.Paragraph(analysis.Run.Manifest.Overload!.Method);
        if (ramps.Count == 0)
        {
            page.Paragraph("No stack was probed, so there is no ramp to show.");
            return;
        }
        page.List([.. ramps.Select(r => r.Sentence)], "sentences");
        var chart = Chart(charts.NewId("overload"), ramps);
        page.Figure(chart.Id, charts.Add(chart), HowTo);
        page.Raw(Table(ramps).ToHtml("overload-table"));
        page.Paragraph(QueueDepth);
    }

    public static void WriteMarkdown(StringBuilder md, RunAnalysis analysis)
    {
        var ramps = Ramps(analysis);
        md.Append("\n## Overload: latency against offered load\n\n").Append(MarkdownText.Escape(analysis.Run.Manifest.Overload!.Method)).Append("\n\n");
        md.Bullets(ramps.Select(r => r.Sentence));
        if (ramps.Count > 0)
        {
            md.Append('\n').Append(Table(ramps).ToMarkdown());
        }
        md.Append('\n').Append(QueueDepth).Append('\n');
    }

    /// <summary>The knee sentences for verdict.md and the console; "" when the run is not an overload run.</summary>
    public static string VerdictMarkdown(RunAnalysis analysis) => !Applies(analysis) ? ""
        : new StringBuilder("**Overload** (the knee: the first step from which every step's p99 is past 10x the ramp's lowest, or over 1% is refused)\n\n")
            .Bullets(Ramps(analysis).Select(r => r.Sentence)).Append('\n').ToString();

    public static XyChart Chart(string id, IReadOnlyList<StackRamp> ramps) => new()
    {
        Id = id,
        Title = "Latency against offered load",
        Subtitle = "p99 of each step of each stack's ramp; coordinated omission corrected",
        X = new Axis("offered load (requests/s)") { IncludeZero = true },
        Y = new Axis("p99 latency (ms, log scale)") { Scale = AxisScale.Log10 },
        Series = [.. ramps.Select(r => new LineSeries(StackCatalog.DisplayName(r.Stack), StackStyle.Color(r.Stack),
            [.. r.Steps.Select(s => (s.OfferedRps, s.P99Ms ?? double.NaN))]))],
        Notes = [.. ramps.Where(r => r.Finding.Knee is not null).Select(r =>
            $"{StackCatalog.DisplayName(r.Stack)} knee: {r.Finding.Knee!.OfferedRps.ToString("N0", CultureInfo.InvariantCulture)} req/s")],
    };

    public static HtmlTable Table(IReadOnlyList<StackRamp> ramps)
    {
        var table = new HtmlTable(new Cell("Stack", true), new Cell("Step", true), "Offered (req/s)", "Achieved (req/s)",
            "p50 (ms)", "p99 (ms)", "Max (ms)", "Refused", new Cell("Refused by cause", true));
        foreach (var ramp in ramps)
        {
            foreach (var step in ramp.Steps)
            {
                table.Row(
                [
                    new(StackCatalog.DisplayName(ramp.Stack), true),
                    new(step.Percent.ToString(CultureInfo.InvariantCulture) + "%" + (ReferenceEquals(step, ramp.Finding.Knee) ? " (knee)" : ""), true),
                    Formats.Whole(step.OfferedRps),
                    Formats.OneDecimal(step.AchievedRps),
                    Formats.Ms(step.P50Ms),
                    Formats.Ms(step.P99Ms),
                    Formats.Ms(step.MaxMs),
                    step.Empty ? Formats.Dash : Formats.Percent(step.RefusedShare * 100),
                    new(step.Failed == 0 ? Formats.Dash : string.Join(", ", step.FailedByKind.OrderBy(k => k.Key, StringComparer.Ordinal)
                        .Select(k => $"{k.Key} {Formats.Whole(k.Value)}")), true),
                ], step.Empty ? "not-ok" : null);
            }
        }
        return table;
    }
}

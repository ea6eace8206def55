using System.Globalization;
using System.Text;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;

namespace RpcCompare.Reports;

/// <summary>
/// <c>compare A B</c>: the same charts and sentences between two runs of one scenario on one dataset, per stack B
/// against A (negative: B is faster), and whether each change exceeds the noise (the band excludes zero).
/// </summary>
public static class CompareWriter
{
    private const string DashA = "6 3";
    private const string ColorA = "#A6A6A6";
    private const string ColorB = "#3B3B3B";

    /// <exception cref="ComparisonRefusedException">The runs measured different scenarios or datasets.</exception>
    /// <exception cref="ReportInputException">A folder or one of its files is missing or damaged.</exception>
    public static async Task<ReportOutput> WriteAsync(
        string folderA, string folderB, string outFolder, CompareOptions options, CancellationToken cancellationToken)
    {
        var runA = await ResultsLoader.LoadAsync(folderA, cancellationToken);
        var runB = await ResultsLoader.LoadAsync(folderB, cancellationToken);
        RunComparison.Refuse(runA, runB);

        options = options with { Bootstrap = options.Bootstrap.WithMargin(options.Margin, runB.Manifest.Options) };
        var a = RunAnalysis.Create(runA, options.Bootstrap);
        var b = RunAnalysis.Create(runB, options.Bootstrap);
        var pairs = RunComparison.Pair(a, b, cancellationToken, out var unmatched);

        var output = RealFolder.Create(outFolder);
        var charts = new ChartSet(options.Png);
        var verdicts = Reporting.Verdict.SideBySide(Reporting.Verdict.Of(a, cancellationToken), Reporting.Verdict.Of(b, cancellationToken));
        var html = BuildHtml(a, b, pairs, unmatched, verdicts, charts, options);
        var markdown = BuildMarkdown(a, b, pairs, unmatched, verdicts, charts, options);

        return await ReportFiles.WriteAsync(output, (ResultFileNames.CompareHtml, html), (ResultFileNames.CompareMarkdown, markdown), charts, cancellationToken);
    }

    private static string BuildHtml(RunAnalysis a, RunAnalysis b, List<Comparison> pairs, IReadOnlyList<string> unmatched,
        HtmlTable verdicts, ChartSet charts, CompareOptions options)
    {
        var page = new HtmlPage($"RpcCompare comparison: {RunComparison.Subject(a, b)} ({a.Run.Name} vs {b.Run.Name})");
        page.Heading(1, $"RpcCompare comparison: {RunComparison.Subject(a, b)}");
        page.Paragraph($"A (before): {Sections.RunLine(a.Run)}", "meta");
        page.Paragraph($"B (after): {Sections.RunLine(b.Run)}", "meta");
        foreach (var (run, who) in new[] { (a.Run, "A"), (b.Run, "B") })
        {
            if (Sections.StatusBanner(run, who) is { } banner)
            {
                page.Banner(banner.Kind, banner.Text);
            }
        }

        page.Heading(2, "Verdicts side by side", "verdicts");
        page.Raw(verdicts.ToHtml("verdicts-table"));

        page.Heading(2, "What changed from A to B", "changes");
        if (pairs.Count == 0)
        {
            page.Paragraph("The two runs have no stack and variant in common.");
        }
        else
        {
            page.Raw(RunComparison.ChangesTable(pairs).ToHtml("changes-table"));
        }

        var notes = unmatched.Concat(Sections.EntryNotes(a.Entries).Select(n => $"A: {n}")).Concat(Sections.EntryNotes(b.Entries).Select(n => $"B: {n}")).ToList();
        if (notes.Count > 0)
        {
            page.List(notes);
        }

        foreach (var pair in pairs)
        {
            page.Heading(3, $"{pair.Entry.DisplayName}: B against A");
            page.List(pair.Sentences.Append($"Verdict: {RunComparison.Verdict(pair)}."), "sentences");
        }

        WriteDistributions(page, b, pairs, charts);
        WriteDeltas(page, pairs, charts);
        WriteMemory(page, a, b, charts);
        WriteCosts(page, pairs, charts);

        page.Heading(2, "Manifests side by side", "manifest");
        page.Raw(RunComparison.ManifestTable(a.Run, b.Run).ToHtml("manifest-table"));
        page.Raw("<footer>\n");
        page.Paragraph(Sections.MethodText(options.Bootstrap, a.HasTrials || b.HasTrials));
        page.Paragraph(charts.PngNotice ?? $"Each chart is also saved as a {options.Png.Width}x{options.Png.Height} PNG in {ResultFileNames.ChartsFolder}/ next to this page.");
        page.Raw("</footer>\n");
        return page.Build();
    }

    private static void WriteDistributions(HtmlPage page, RunAnalysis b, IReadOnlyList<Comparison> pairs, ChartSet charts)
    {
        page.Heading(2, "Latency distributions, A dashed and B solid", "distributions");
        var drawnAny = false;
        foreach (var group in b.Groups)
        {
            var drawn = new List<DrawnSample>();
            var empty = new List<string>();
            foreach (var entryB in group.Entries)
            {
                if (pairs.FirstOrDefault(p => p.Entry == entryB)?.Baseline is { } entryA)
                {
                    if (entryA.Sample is { } sampleA)
                    {
                        drawn.Add(new DrawnSample($"{entryA.DisplayName} A", StackStyle.Color(entryA.Stack), DashA, sampleA));
                    }
                    else
                    {
                        empty.Add($"{entryA.DisplayName} A: no successful requests");
                    }
                }

                if (entryB.Sample is { } sampleB)
                {
                    drawn.Add(new DrawnSample($"{entryB.DisplayName} B", StackStyle.Color(entryB.Stack), null, sampleB));
                }
                else
                {
                    empty.Add($"{entryB.DisplayName} B: no successful requests");
                }
            }

            if (drawn.Count == 0)
            {
                continue;
            }

            drawnAny = true;
            var suffix = group.Variant.Length == 0 ? "" : $" ({group.Variant})";
            var ecdf = ChartFactory.Ecdf(charts.NewId($"ecdf-{group.Variant}"), $"Latency distribution{suffix}: A vs B", "Empirical CDF; run A dashed, run B solid", drawn, empty);
            page.Figure(ecdf.Id, charts.Add(ecdf), "A curve further left is faster; the horizontal gap between A and B of one stack at a height is the change at that quantile.");
        }

        foreach (var pair in pairs.Where(p => p.Entry.Sample is not null && p.Baseline.Sample is not null))
        {
            drawnAny = true;
            var color = StackStyle.Color(pair.Entry.Stack);
            var histogram = ChartFactory.Histogram(
                charts.NewId($"histogram-{pair.Entry.Stack}-{pair.Entry.Variant}"),
                $"{pair.Entry.DisplayName}: latency histogram, A vs B",
                "Share of each run's successful requests per latency bin; A dashed, B solid",
                [new DrawnSample($"A, n = {Formats.Whole(pair.Baseline.Sample!.Count)}", color, DashA, pair.Baseline.Sample!), new DrawnSample($"B, n = {Formats.Whole(pair.Entry.Sample!.Count)}", color, null, pair.Entry.Sample!)],
                []);
            page.Figure(histogram.Id, charts.Add(histogram), $"{ChartFactory.HistogramBins} bins evenly spaced on the log axis and shared by both runs.");
        }

        if (!drawnAny)
        {
            page.Paragraph("Neither run has successful requests to draw.");
        }
    }

    private static void WriteDeltas(HtmlPage page, IReadOnlyList<Comparison> pairs, ChartSet charts)
    {
        var shifts = pairs.Where(p => p.Shift is not null).ToList();
        if (shifts.Count == 0)
        {
            return;
        }

        page.Heading(2, "Quantile by quantile, B minus A (ECDF delta)", "deltas");
        page.Paragraph("How to read: at quantile q the line is the latency of run B at that quantile minus run A's. Where the whole band lies below " +
                       "zero (the green region), B is faster at those quantiles; where it includes zero, the change is within the noise.");
        foreach (var pair in shifts)
        {
            var name = pair.Entry.DisplayName;
            var chart = ChartFactory.Delta(charts.NewId($"delta-{pair.Entry.Stack}-{pair.Entry.Variant}"), $"{name}: B vs A, latency difference by quantile", "B", "A", StackStyle.Color(pair.Entry.Stack), pair.Shift!, "faster in B");
            page.Figure(chart.Id, charts.Add(chart), string.Join(" ", pair.Sentences));
        }
    }

    private static void WriteMemory(HtmlPage page, RunAnalysis a, RunAnalysis b, ChartSet charts)
    {
        page.Heading(2, "Server memory over time, A dashed and B solid", "memory");
        var lines = Sections.CounterLines(a, s => s.WorkingSetMb, " A", _ => DashA).Concat(Sections.CounterLines(b, s => s.WorkingSetMb, " B", _ => null)).ToList();
        if (lines.Count == 0)
        {
            page.Paragraph("Neither run recorded server counters.");
            return;
        }

        var chart = ChartFactory.TimeSeries(charts.NewId("memory-working-set"), "Server working set: A vs B", "Each server process, sampled every 500 ms; A dashed, B solid", "working set (MB)", lines);
        page.Figure(chart.Id, charts.Add(chart), "Resident memory of each server process over its part of each run.");
    }

    private static void WriteCosts(HtmlPage page, List<Comparison> pairs, ChartSet charts)
    {
        if (pairs.Count == 0)
        {
            return;
        }

        var categories = pairs.Select(p => p.Entry.DisplayName).ToList();
        List<BarSeries> Series(Func<SummaryEntry, double?> select) =>
        [
            new BarSeries("A", ColorA, [.. pairs.Select(p => select(p.Baseline.Summary) ?? double.NaN)]),
            new BarSeries("B", ColorB, [.. pairs.Select(p => select(p.Entry.Summary) ?? double.NaN)]),
        ];
        page.Heading(2, "Bytes and server cost per request, A vs B", "cost");
        foreach (var metric in CostMetrics.Wire.Concat(CostMetrics.Server))
        {
            var chart = metric.Chart(charts, ": A vs B", categories, Series(metric.Select));
            page.Figure(chart.Id, charts.Add(chart), $"{metric.Caption} n/a where a run did not record it.");
        }
    }

    private static string BuildMarkdown(RunAnalysis a, RunAnalysis b, List<Comparison> pairs, IReadOnlyList<string> unmatched,
        HtmlTable verdicts, ChartSet charts, CompareOptions options)
    {
        var md = new StringBuilder();
        md.Append(CultureInfo.InvariantCulture, $"# RpcCompare comparison: {MarkdownText.Escape(RunComparison.Subject(a, b))}\n\n");
        foreach (var (run, who) in new[] { (a.Run, "A"), (b.Run, "B") })
        {
            if (Sections.StatusBanner(run, who) is { } banner)
            {
                md.Append(CultureInfo.InvariantCulture, $"> **{banner.Kind.ToUpperInvariant()}:** {MarkdownText.Escape(banner.Text)}\n\n");
            }
        }

        md.Bullets([$"A (before): {Sections.RunLine(a.Run)}", $"B (after): {Sections.RunLine(b.Run)}"]).Append('\n');
        md.Append("## Verdicts side by side\n\n").Append(verdicts.ToMarkdown()).Append('\n');
        if (pairs.Count > 0)
        {
            md.Append(RunComparison.ChangesTable(pairs).ToMarkdown()).Append('\n');
        }

        md.Bullets(unmatched);

        foreach (var pair in pairs)
        {
            md.Append(CultureInfo.InvariantCulture, $"\n**{MarkdownText.Escape($"{pair.Entry.DisplayName}: B against A")}**\n\n");
            md.Bullets(pair.Sentences.Append($"Verdict: {RunComparison.Verdict(pair)}."));
        }

        return md.MethodAndCharts(Sections.MethodText(options.Bootstrap, a.HasTrials || b.HasTrials), charts).ToString();
    }
}

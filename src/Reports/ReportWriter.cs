using System.Globalization;
using System.Text;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.Reports;

/// <summary>
/// <c>report</c>: reads one results folder and writes report.html (one self-contained file), summary.md and one PNG
/// per chart. The same folder always gives byte-identical files.
/// </summary>
public static class ReportWriter
{
    /// <exception cref="ReportInputException">The folder or one of its files is missing or damaged, or the baseline is not in the run.</exception>
    public static async Task<ReportOutput> WriteAsync(string folder, ReportOptions options, CancellationToken cancellationToken)
    {
        var run = await ResultsLoader.LoadAsync(folder, cancellationToken);
        options = options with { Bootstrap = options.Bootstrap.WithMargin(options.Margin, run.Manifest.Options) };
        var analysis = RunAnalysis.Create(run, options.Bootstrap);
        analysis.CompareWithBaseline(options.Baseline, cancellationToken);

        var output = Path.GetFullPath(options.OutputFolder ?? run.Folder);
        Directory.CreateDirectory(output);
        var charts = new ChartSet(options.Png);
        var verdicts = Verdict.Of(analysis, cancellationToken);
        var restart = await RestartResults.ReadAsync(run.Folder, cancellationToken);
        var html = BuildHtml(analysis, verdicts, charts, options, restart);
        var markdown = BuildMarkdown(analysis, verdicts, charts, options, restart);

        var written = await ReportFiles.WriteAsync(output, (ResultFileNames.ReportHtml, html), (ResultFileNames.ReportMarkdown, markdown), charts, cancellationToken);
        return written with
        {
            Verdict = [.. OverloadSection.Ramps(analysis).Select(r => $"Overload: {r.Sentence}"), .. Verdict.ToConsole(verdicts, Sections.Subject(run.Manifest)),
                .. restart is null ? [] : RestartSection.Sentences(restart)],
            VerdictMarkdown = OverloadSection.VerdictMarkdown(analysis) + Verdict.ToMarkdown(verdicts, Sections.Subject(run.Manifest)) +
                (restart is null ? "" : RestartSection.ToMarkdown(restart)),
        };
    }

    /// <summary>
    /// The verdict page of several runs (`--scenario all`): each scenario's verdict tables, as its report wrote them, under
    /// its name with a link to that report; a scenario without a report is named.
    /// </summary>
    public static string VerdictPage(string root, IReadOnlyList<(string Folder, string Scenario, string? Verdict)> runs)
    {
        var md = new StringBuilder("# RpcCompare verdict: every scenario\n\n");
        foreach (var (folder, scenario, verdict) in runs)
        {
            md.Append(CultureInfo.InvariantCulture, $"## {MarkdownText.Escape(scenario)} ([report]({LinkTo(Path.GetRelativePath(root, folder))}/{ResultFileNames.ReportHtml}))\n\n").Append(verdict switch
            {
                null => "No verdict: the report could not be written.\n\n",
                "" => "Fewer than two stacks have results to rank.\n\n",
                _ => verdict,
            });
        }

        return md.ToString();
    }

    /// <summary>A relative path as a link's destination: each part percent-encoded, so no name can end the link or start markup.</summary>
    private static string LinkTo(string relativePath) =>
        string.Join('/', relativePath.Split(Path.DirectorySeparatorChar).Select(Uri.EscapeDataString));

    private static string BuildHtml(RunAnalysis analysis, IReadOnlyList<VariantVerdict> verdicts, ChartSet charts, ReportOptions options,
        RestartResults? restart)
    {
        var run = analysis.Run;
        var page = new HtmlPage($"RpcCompare report: {Sections.Subject(run.Manifest)} ({run.Name})");
        page.Heading(1, $"RpcCompare report: {Sections.Subject(run.Manifest)}");
        page.Paragraph(Sections.RunLine(run), "meta");
        if (Sections.StatusBanner(run) is { } banner)
        {
            page.Banner(banner.Kind, banner.Text);
        }

        if (OverloadSection.Applies(analysis))
        {
            OverloadSection.WriteHtml(page, analysis, charts);
        }

        foreach (var verdict in verdicts)
        {
            page.Heading(2, Verdict.Title(Sections.Subject(run.Manifest), verdict.Variant), verdict.Variant.Length == 0 ? "verdict" : $"verdict-{verdict.Variant}");
            page.Raw(Verdict.Table(verdict).ToHtml());
            if (Verdict.PairTable(verdict) is { } pairs)
            {
                page.Paragraph("Every pair of stacks:");
                page.Raw(pairs.ToHtml());
            }
        }

        if (restart is not null)
        {
            RestartSection.Write(page, restart, charts);
        }

        if (TrialsSection.NotSteady(analysis.Entries) is { } notSteady)
        {
            page.Banner("unsteady", $"Not steady: {notSteady}");
        }

        page.Heading(2, "Summary", "summary");
        if (analysis.Entries.Count == 0 && restart is not null)
        {
            page.Paragraph("The restart scenario's figures are in its own section above.");
        }
        else if (analysis.Entries.Count == 0)
        {
            page.Paragraph("No stack has results in this run.");
        }
        else
        {
            page.Raw(Tables.Summary(analysis.Entries).ToHtml("summary-table"));
            page.Paragraph("Request bytes go from client to server, response bytes from server to client, both per request as counted on the client's connections (protocol headers and framing included). " +
                           "Server CPU is the mean over the measured window as a share of the CPUs the host may use (see cpu placement).");
        }

        var entryNotes = Sections.EntryNotes(analysis.Entries);
        if (entryNotes.Count > 0)
        {
            page.List(entryNotes);
        }

        // A restart run has no entries: the sections below would only say that they have nothing to show.
        if (restart is null || analysis.Entries.Count > 0)
        {
            WriteTrials(page, analysis, charts);
            WriteBreakdown(page, analysis, charts);
            WriteFindings(page, analysis);
            WriteDistributions(page, analysis, charts);
            WriteLatencyOverTime(page, analysis, charts);
            WriteDeltas(page, analysis, charts);
            WriteMemory(page, analysis, charts);
            WriteCosts(page, analysis, charts);
        }

        page.Heading(2, "Run manifest", "manifest");
        page.Raw(Tables.Manifest(run.Manifest).ToHtml("manifest-table"));

        page.Raw("<footer>\n");
        page.Paragraph(Sections.MethodText(options.Bootstrap, analysis.HasTrials, analysis.LooksTwice));
        page.Paragraph(charts.PngNotice ?? $"Each chart is also saved as a {options.Png.Width}x{options.Png.Height} PNG in {ResultFileNames.ChartsFolder}/ next to this page.");
        page.Raw("</footer>\n");
        return page.Build();
    }

    private static void WriteTrials(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        if (!TrialsSection.Applies(analysis))
        {
            return;
        }

        page.Heading(2, "Trials", "trials");
        page.Paragraph(TrialsSection.Intro(analysis));
        if (TrialsSection.Machine(analysis.Entries) is { } machine)
        {
            page.Paragraph(machine);
        }
        if (TrialsSection.SharedSlowdown(analysis.Entries) is { } slowdown)
        {
            page.Paragraph(slowdown);
        }

        page.Raw(TrialsSection.Table(analysis.Entries).ToHtml("trials-table"));
        page.Paragraph(TrialsSection.HowTo);
        var chart = TrialsSection.Chart(charts.NewId("trials"), analysis.Entries);
        page.Figure(chart.Id, charts.Add(chart), TrialsSection.ChartHowTo);
    }

    private static void WriteBreakdown(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        var entries = Breakdowns.WithBreakdown(analysis.Entries).ToList();
        if (entries.Count == 0)
        {
            return;
        }

        page.Heading(2, "Where the time goes", "breakdown");
        page.List([.. entries.Select(Breakdowns.Sentence).OfType<string>()], "sentences");
        var chart = Breakdowns.Chart(charts.NewId("breakdown"), analysis.Run.Manifest.Scenario, entries);
        page.Figure(chart.Id, charts.Add(chart), Breakdowns.HowTo);
        page.Raw(Breakdowns.Table(entries).ToHtml("breakdown-table"));
    }

    private static void WriteFindings(HtmlPage page, RunAnalysis analysis)
    {
        if (analysis.Baseline is null)
        {
            return;
        }

        page.Heading(2, $"Compared with {StackCatalog.DisplayName(analysis.Baseline)}", "findings");
        foreach (var comparison in analysis.Comparisons)
        {
            page.Heading(3, $"{comparison.Entry.DisplayName} vs {comparison.Baseline.DisplayName}");
            page.List(comparison.Sentences, "sentences");
        }

        if (analysis.ComparisonNotes.Count > 0)
        {
            page.List(analysis.ComparisonNotes);
        }

        if (analysis.Comparisons.Count == 0 && analysis.ComparisonNotes.Count == 0)
        {
            page.Paragraph($"{StackCatalog.DisplayName(analysis.Baseline)} is the only stack with results, so there is nothing to compare it with.");
        }
    }

    private static void WriteDistributions(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        page.Heading(2, "Latency distributions", "distributions");
        var any = false;
        foreach (var group in analysis.Groups)
        {
            var drawn = group.Entries.Where(e => e.Sample is not null)
                .Select(e => new DrawnSample($"{e.DisplayName}, n = {Formats.Whole(e.Sample!.Count)}", StackStyle.Color(e.Stack), analysis.Dash(e), e.Sample!)).ToList();
            var empty = group.Entries.Where(e => e.Sample is null).Select(e => $"{e.DisplayName}: no successful requests").ToList();
            if (drawn.Count == 0)
            {
                continue;
            }

            any = true;
            var suffix = group.Variant.Length == 0 ? "" : $" ({group.Variant})";
            var ecdf = ChartFactory.Ecdf(charts.NewId($"ecdf-{group.Variant}"), $"Latency distribution{suffix}", "Empirical CDF of the successful requests of each stack", drawn, empty);
            page.Figure(ecdf.Id, charts.Add(ecdf),
                "Each curve climbs through the share of requests answered within the latency on the x axis (log scale); further left is faster. " +
                "The gap between two curves at a height is the difference at that quantile.");
            var histogram = ChartFactory.Histogram(charts.NewId($"histogram-{group.Variant}"), $"Latency histogram{suffix}", "Share of each stack's successful requests per latency bin", drawn, empty);
            page.Figure(histogram.Id, charts.Add(histogram),
                $"{ChartFactory.HistogramBins} bins evenly spaced on the log axis and shared by all stacks; heights are percentages of each stack's own successful requests.");
        }

        if (!any)
        {
            page.Paragraph("No stack has successful requests, so there are no latency distributions to show.");
        }
    }

    private static void WriteLatencyOverTime(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        var groups = analysis.Groups.Where(g => g.Entries.Any(e => e.Entry.OverTime.Count > 0)).ToList();
        if (groups.Count == 0)
        {
            return;
        }

        page.Heading(2, "Latency over time", "over-time");
        foreach (var group in groups)
        {
            var lines = new List<DrawnSeries>();
            foreach (var entry in group.Entries.Where(e => e.Entry.OverTime.Count > 0))
            {
                var seconds = entry.Entry.OverTime;
                lines.Add(new DrawnSeries($"{entry.DisplayName} p50", StackStyle.Color(entry.Stack), null, [.. seconds.Select(s => (s.Second, s.P50Ms ?? double.NaN))]));
                lines.Add(new DrawnSeries($"{entry.DisplayName} p99", StackStyle.Color(entry.Stack), StackStyle.Dash(1), [.. seconds.Select(s => (s.Second, s.P99Ms ?? double.NaN))]));
            }

            var suffix = group.Variant.Length == 0 ? "" : $" ({group.Variant})";
            var chart = ChartFactory.LatencyOverTime(charts.NewId($"over-time-{group.Variant}"), $"Latency over time{suffix}", lines);
            page.Figure(chart.Id, charts.Add(chart),
                "The median (solid) and 99th percentile (dashed) of the requests completed in each second of the measured window, from the HdrHistogram interval logs (intervals-*.hlog). " +
                "A warm-up drift shows as a slope, a stall as a spike or a gap (a second in which no request completed).");
        }
    }

    private static void WriteDeltas(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        var shifts = analysis.Comparisons.Where(c => c.Shift is not null).ToList();
        if (analysis.Baseline is null || shifts.Count == 0)
        {
            return;
        }

        var baselineName = StackCatalog.DisplayName(analysis.Baseline);
        page.Heading(2, $"Quantile by quantile against {baselineName} (ECDF delta)", "deltas");
        page.Paragraph(Sections.DeltaHowTo);
        foreach (var comparison in shifts)
        {
            var a = comparison.Entry;
            var b = comparison.Baseline;
            var chart = ChartFactory.Delta(
                charts.NewId($"delta-{a.Stack}-{a.Variant}"),
                $"{a.DisplayName} vs {b.DisplayName}: latency difference by quantile",
                a.DisplayName,
                b.DisplayName,
                StackStyle.Color(a.Stack),
                comparison.Shift!,
                $"faster than {b.DisplayName}");
            page.Figure(chart.Id, charts.Add(chart), string.Join(" ", comparison.Sentences));
        }
    }

    private static void WriteMemory(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        page.Heading(2, "Server memory over time", "memory");
        var workingSet = Sections.CounterLines(analysis, s => s.WorkingSetMb);
        var heap = Sections.CounterLines(analysis, s => s.GcHeapMb);
        if (workingSet.Count == 0 && heap.Count == 0)
        {
            page.Paragraph("No server counters were recorded in this run.");
            return;
        }

        if (workingSet.Count > 0)
        {
            var chart = ChartFactory.TimeSeries(charts.NewId("memory-working-set"), "Server working set", "Each server process, sampled every 500 ms", "working set (MB)", workingSet);
            page.Figure(chart.Id, charts.Add(chart), "Resident memory of each server process over its part of the run (500 ms samples).");
        }

        if (heap.Count > 0)
        {
            var chart = ChartFactory.TimeSeries(charts.NewId("memory-gc-heap"), "Server GC heap", "Each server process, sampled every 500 ms", "GC heap (MB)", heap);
            page.Figure(chart.Id, charts.Add(chart), "Managed heap size of each server process after its most recent collection (500 ms samples).");
        }
    }

    private static void WriteCosts(HtmlPage page, RunAnalysis analysis, ChartSet charts)
    {
        if (analysis.Entries.Count == 0)
        {
            return;
        }

        var variants = analysis.Entries.Select(e => e.Variant).Distinct().ToList();
        var stacks = analysis.Entries.Select(e => e.Stack).Distinct().ToList();
        var categories = variants.Count == 1 && variants[0].Length == 0 ? [analysis.Run.Manifest.Scenario] : variants.Select(Sections.VariantName).ToList();
        List<BarSeries> Series(Func<SummaryEntry, double?> select) =>
        [
            .. stacks.Select(stack => new BarSeries(
                StackCatalog.DisplayName(stack),
                StackStyle.Color(stack),
                [.. variants.Select(v => analysis.Entries.FirstOrDefault(e => e.Stack == stack && e.Variant == v) is { } e ? select(e.Summary) ?? double.NaN : (double?)null)])),
        ];

        foreach (var (heading, anchor, metrics) in new[] { ("Bytes on the wire per request", "bytes", CostMetrics.Wire), ("Server cost", "cost", CostMetrics.Server) })
        {
            page.Heading(2, heading, anchor);
            foreach (var metric in metrics)
            {
                var chart = metric.Chart(charts, "", categories, Series(metric.Select));
                page.Figure(chart.Id, charts.Add(chart), metric.Explanation);
            }
        }
    }

    private static string BuildMarkdown(RunAnalysis analysis, IReadOnlyList<VariantVerdict> verdicts, ChartSet charts, ReportOptions options,
        RestartResults? restart)
    {
        var run = analysis.Run;
        var md = new StringBuilder();
        md.Append(CultureInfo.InvariantCulture, $"# RpcCompare report: {MarkdownText.Escape(Sections.Subject(run.Manifest))}\n\n");
        if (Sections.StatusBanner(run) is { } banner)
        {
            md.Append(CultureInfo.InvariantCulture, $"> **{banner.Kind.ToUpperInvariant()}:** {MarkdownText.Escape(banner.Text)}\n\n");
        }

        md.Append(MarkdownText.Escape(Sections.RunLine(run))).Append("\n\n");
        if (OverloadSection.Applies(analysis))
        {
            OverloadSection.WriteMarkdown(md, analysis);
        }

        md.Append(Verdict.ToMarkdown(verdicts, Sections.Subject(run.Manifest)));
        if (restart is not null)
        {
            md.Append(RestartSection.ToMarkdown(restart)).Append('\n').Bullets(RestartSection.Reconnects(restart)).Append('\n');
        }
        if (TrialsSection.NotSteady(analysis.Entries) is { } notSteady)
        {
            md.Append(CultureInfo.InvariantCulture, $"> **NOT STEADY:** {MarkdownText.Escape(notSteady)}\n\n");
        }

        if (analysis.Entries.Count > 0)
        {
            md.Append(Tables.Summary(analysis.Entries).ToMarkdown()).Append('\n');
        }
        else if (restart is null)
        {
            md.Append("No stack has results in this run.\n\n");
        }

        md.Bullets(Sections.EntryNotes(analysis.Entries));

        if (TrialsSection.Applies(analysis))
        {
            md.Append("\n## Trials\n\n").Append(TrialsSection.Intro(analysis)).Append("\n\n");
            if (TrialsSection.Machine(analysis.Entries) is { } machine)
            {
                md.Append(MarkdownText.Escape(machine)).Append("\n\n");
            }
            if (TrialsSection.SharedSlowdown(analysis.Entries) is { } slowdown)
            {
                md.Append(MarkdownText.Escape(slowdown)).Append("\n\n");
            }

            md.Append(TrialsSection.Table(analysis.Entries).ToMarkdown()).Append('\n').Append(TrialsSection.HowTo).Append('\n');
        }

        var split = Breakdowns.WithBreakdown(analysis.Entries).ToList();
        if (split.Count > 0)
        {
            md.Append("\n## Where the time goes\n\n");
            md.Bullets(split.Select(Breakdowns.Sentence).OfType<string>());

            md.Append('\n').Append(Breakdowns.Table(split).ToMarkdown()).Append('\n').Append(Breakdowns.HowTo).Append('\n');
        }

        if (analysis.Baseline is not null)
        {
            md.Append(CultureInfo.InvariantCulture, $"\n## Compared with {MarkdownText.Escape(StackCatalog.DisplayName(analysis.Baseline))}\n\n");
            foreach (var comparison in analysis.Comparisons)
            {
                md.Append(CultureInfo.InvariantCulture, $"**{MarkdownText.Escape($"{comparison.Entry.DisplayName} vs {comparison.Baseline.DisplayName}")}**\n\n");
                md.Bullets(comparison.Sentences);

                md.Append('\n');
            }

            md.Bullets(analysis.ComparisonNotes);
        }

        return md.MethodAndCharts(Sections.MethodText(options.Bootstrap, analysis.HasTrials, analysis.LooksTwice), charts).ToString();
    }
}

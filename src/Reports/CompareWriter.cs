using System.Globalization;
using System.Text;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports;

/// <summary>
/// <c>compare A B</c>: the same charts and sentences between two runs of one scenario on one dataset, per stack B
/// against A (negative: B is faster), and whether each change exceeds the noise (the band excludes zero).
/// </summary>
public static class CompareWriter
{
    public const string HtmlFileName = "compare.html";
    public const string MarkdownFileName = "compare.md";
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
        Refuse(runA, runB);

        var a = RunAnalysis.Create(runA);
        var b = RunAnalysis.Create(runB);
        var pairs = Pair(a, b, options.Bootstrap, cancellationToken, out var unmatched);

        var output = Path.GetFullPath(outFolder);
        Directory.CreateDirectory(output);
        var charts = new ChartSet(options.Png);
        var verdicts = Reporting.Verdict.SideBySide(Reporting.Verdict.Of(a, cancellationToken), Reporting.Verdict.Of(b, cancellationToken));
        var html = BuildHtml(a, b, pairs, unmatched, verdicts, charts, options);
        var markdown = BuildMarkdown(a, b, pairs, unmatched, verdicts, charts, options);

        var files = new List<string>();
        var htmlPath = Path.Combine(output, HtmlFileName);
        await AtomicFile.WriteAllTextAsync(htmlPath, html, cancellationToken);
        files.Add(htmlPath);
        var markdownPath = Path.Combine(output, MarkdownFileName);
        await AtomicFile.WriteAllTextAsync(markdownPath, markdown, cancellationToken);
        files.Add(markdownPath);
        files.AddRange(await charts.WritePngsAsync(output, cancellationToken));
        return new ReportOutput(files, charts.PngNotice is { } notice ? [notice] : []);
    }

    private static void Refuse(RunResults a, RunResults b)
    {
        if (a.Manifest.Scenario != b.Manifest.Scenario)
        {
            throw new ComparisonRefusedException(
                $"Refusing to compare: run A ({a.Folder}) is scenario '{a.Manifest.Scenario}' but run B ({b.Folder}) is scenario " +
                $"'{b.Manifest.Scenario}'; only runs of the same scenario measure the same thing.");
        }

        if (a.Manifest.Dataset.Fingerprint != b.Manifest.Dataset.Fingerprint)
        {
            throw new ComparisonRefusedException(
                $"Refusing to compare: run A ({a.Folder}) used dataset fingerprint '{a.Manifest.Dataset.Fingerprint}' but run B ({b.Folder}) used " +
                $"'{b.Manifest.Dataset.Fingerprint}'; with different data a latency change could come from the data rather than the change under test.");
        }
    }

    private static List<Comparison> Pair(RunAnalysis a, RunAnalysis b, BootstrapSettings settings, CancellationToken cancellationToken, out List<string> unmatched)
    {
        var cache = new Dictionary<EntryStats, QuantileReplicates>();
        QuantileReplicates Replicates(EntryStats e)
        {
            if (!cache.TryGetValue(e, out var replicates))
            {
                var run = b.Entries.Contains(e) ? "B" : "A";
                var seed = SeededRandom.DeriveSeed(settings.Seed, $"{run}:{e.Stack}/{e.Variant}");
                replicates = QuantileBootstrap.Run(e.Sample!, QuantileGrid.Delta, settings.Resamples, seed, cancellationToken);
                cache.Add(e, replicates);
            }

            return replicates;
        }

        var pairs = new List<Comparison>();
        unmatched = [];
        foreach (var entryB in b.Entries)
        {
            var entryA = a.Entries.FirstOrDefault(e => e.Stack == entryB.Stack && e.Variant == entryB.Variant);
            if (entryA is null)
            {
                unmatched.Add($"{entryB.DisplayName} is only in run B.");
                continue;
            }

            pairs.Add(RunAnalysis.Compare(entryB, entryA, Replicates, settings.ConfidenceLevel, $"{entryB.DisplayName} in B", $"{entryA.DisplayName} in A"));
        }

        unmatched.AddRange(a.Entries.Where(e => !b.Entries.Any(x => x.Stack == e.Stack && x.Variant == e.Variant)).Select(e => $"{e.DisplayName} is only in run A."));
        return pairs;
    }

    /// <summary>"B faster at 37 of 99 quantiles; slower at none: the change exceeds the noise."</summary>
    private static string Verdict(Comparison pair)
    {
        if (pair.Shift is not { } shift)
        {
            return (pair.Problem ?? "not compared").TrimEnd('.');
        }

        var faster = Enumerable.Range(0, shift.Probabilities.Count).Count(i => shift.Sign(i) < 0);
        var slower = Enumerable.Range(0, shift.Probabilities.Count).Count(i => shift.Sign(i) > 0);
        return faster == 0 && slower == 0
            ? "no change beyond the noise (the band includes zero everywhere)"
            : $"B faster at {faster} and slower at {slower} of {shift.Probabilities.Count} quantiles: the change exceeds the noise";
    }

    /// <summary>The verdict in a few words, for the table.</summary>
    private static string ShortVerdict(Comparison pair)
    {
        if (pair.Shift is not { } shift)
        {
            return "not compared";
        }

        var count = shift.Probabilities.Count;
        var faster = Enumerable.Range(0, count).Count(i => shift.Sign(i) < 0);
        var slower = Enumerable.Range(0, count).Count(i => shift.Sign(i) > 0);
        return (faster, slower) switch
        {
            (0, 0) => "within the noise",
            (_, 0) => $"B faster at {faster} of {count} quantiles",
            (0, _) => $"B slower at {slower} of {count} quantiles",
            _ => $"B faster at {faster}, slower at {slower} of {count} quantiles",
        };
    }

    private static string Change(double before, double after) =>
        before > 0 ? Formats.Signed((after - before) / before * 100, "0.0") + "%" : Formats.Dash;

    private static HtmlTable ChangesTable(IReadOnlyList<Comparison> pairs)
    {
        var table = new HtmlTable(
            new Cell("Stack", true), new Cell("Variant", true), "n A", "n B", "p50 A (ms)", "p50 B (ms)", "p50 change",
            "p99 A (ms)", "p99 B (ms)", "p99 change", "p99.9 A (ms)", "p99.9 B (ms)", "Throughput A (req/s)", "Throughput B (req/s)",
            "Response bytes/req A", "Response bytes/req B", new Cell("Verdict", true));
        foreach (var pair in pairs)
        {
            var a = pair.Baseline;
            var b = pair.Entry;
            var cells = new List<Cell>
            {
                new(StackStyle.DisplayName(b.Stack), true),
                new(b.Variant.Length == 0 ? Formats.Dash : b.Variant, true),
                Formats.Whole(a.Summary.Requests),
                Formats.Whole(b.Summary.Requests),
            };
            if (a.Percentiles is { } pa && b.Percentiles is { } pb)
            {
                cells.AddRange([Formats.Ms(pa[0]), Formats.Ms(pb[0]), Change(pa[0], pb[0]), Formats.Ms(pa[2]), Formats.Ms(pb[2]), Change(pa[2], pb[2]), Formats.Ms(pa[3]), Formats.Ms(pb[3])]);
            }
            else
            {
                cells.Add(new Cell(a.Percentiles is null ? "no successful requests in A" : "no successful requests in B", Span: 8, CssClass: "none"));
            }

            cells.AddRange(
            [
                Formats.OneDecimal(a.Summary.ThroughputRps),
                Formats.OneDecimal(b.Summary.ThroughputRps),
                Formats.Whole(a.Summary.BytesReceivedPerRequest),
                Formats.Whole(b.Summary.BytesReceivedPerRequest),
                new(ShortVerdict(pair), true),
            ]);
            table.Row(cells, pair.Shift is { ExcludesZeroSomewhere: true } ? "differs" : null);
        }

        return table;
    }

    private static HtmlTable ManifestTable(RunResults a, RunResults b)
    {
        var rowsA = Tables.ManifestRows(a.Manifest);
        var rowsB = Tables.ManifestRows(b.Manifest);
        var keys = rowsA.Select(r => r.Key).Concat(rowsB.Select(r => r.Key)).Distinct().ToList();
        var table = new HtmlTable(new Cell("Setting", true), new Cell("A", true), new Cell("B", true));
        foreach (var key in keys)
        {
            var valueA = rowsA.FirstOrDefault(r => r.Key == key).Value ?? Formats.Dash;
            var valueB = rowsB.FirstOrDefault(r => r.Key == key).Value ?? Formats.Dash;
            table.Row([new Cell(key, true), new Cell(valueA, true), new Cell(valueB, true)], valueA == valueB ? null : "differs");
        }

        return table;
    }

    /// <summary>"worst-case on wan", or "worst-case, loopback vs wan" when the two runs crossed different networks.</summary>
    private static string Subject(RunAnalysis a, RunAnalysis b)
    {
        static string Network(RunManifest m) => m.Network?.Profile ?? "loopback";
        var (left, right) = (Network(a.Run.Manifest), Network(b.Run.Manifest));
        return left == right ? Sections.Subject(b.Run.Manifest) : $"{b.Run.Manifest.Scenario}, {left} vs {right}";
    }

    private static string BuildHtml(RunAnalysis a, RunAnalysis b, List<Comparison> pairs, IReadOnlyList<string> unmatched,
        HtmlTable verdicts, ChartSet charts, CompareOptions options)
    {
        var page = new HtmlPage($"RpcCompare comparison: {Subject(a, b)} ({a.Run.Name} vs {b.Run.Name})");
        page.Heading(1, $"RpcCompare comparison: {Subject(a, b)}");
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
            page.Raw(ChangesTable(pairs).ToHtml("changes-table"));
        }

        var notes = unmatched.Concat(Sections.EntryNotes(a.Entries).Select(n => $"A: {n}")).Concat(Sections.EntryNotes(b.Entries).Select(n => $"B: {n}")).ToList();
        if (notes.Count > 0)
        {
            page.List(notes);
        }

        foreach (var pair in pairs)
        {
            page.Heading(3, $"{pair.Entry.DisplayName}: B against A");
            page.List(pair.Sentences.Append($"Verdict: {Verdict(pair)}."), "sentences");
        }

        WriteDistributions(page, b, pairs, charts);
        WriteDeltas(page, pairs, charts);
        WriteMemory(page, a, b, charts);
        WriteCosts(page, pairs, charts);

        page.Heading(2, "Manifests side by side", "manifest");
        page.Raw(ManifestTable(a.Run, b.Run).ToHtml("manifest-table"));
        page.Raw("<footer>\n");
        page.Paragraph(Sections.MethodText(options.Bootstrap));
        page.Paragraph(charts.PngNotice ?? $"Each chart is also saved as a {options.Png.Width}x{options.Png.Height} PNG in {ChartSet.PngFolder}/ next to this page.");
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
        static string Bytes(double v) => v.ToString("#,0", CultureInfo.InvariantCulture);
        static string OneDecimal(double v) => v.ToString("0.0", CultureInfo.InvariantCulture);

        page.Heading(2, "Bytes and server cost per request, A vs B", "cost");
        var charted = new (string Id, string Title, string Label, Func<SummaryEntry, double?> Select, Func<double, string> Text, string Caption)[]
        {
            ("bytes-request", "Request bytes per request (client \u2192 server)", "bytes per request", s => s.BytesSentPerRequest, Bytes, "Counted on the client's connections: protocol headers and framing included, TCP/IP headers not."),
            ("bytes-response", "Response bytes per request (server \u2192 client)", "bytes per request", s => s.BytesReceivedPerRequest, Bytes, "Counted on the client's connections: protocol headers and framing included, TCP/IP headers not."),
            ("server-cpu", "Server CPU", "CPU (% of the host's CPUs)", s => s.Server?.CpuPercent, OneDecimal, "Mean over the measured window, as a share of the CPUs the host may use."),
            ("server-allocations", "Server allocations per request", "bytes allocated per request", s => s.Server?.AllocatedBytesPerRequest, Bytes, "Managed bytes allocated by the server per successful request."),
        };
        foreach (var (id, title, label, select, text, caption) in charted)
        {
            var chart = ChartFactory.Bars(charts.NewId(id), $"{title}: A vs B", caption, label, categories, Series(select), text);
            page.Figure(chart.Id, charts.Add(chart), $"{caption} n/a where a run did not record it.");
        }
    }

    private static string BuildMarkdown(RunAnalysis a, RunAnalysis b, List<Comparison> pairs, IReadOnlyList<string> unmatched,
        HtmlTable verdicts, ChartSet charts, CompareOptions options)
    {
        var md = new StringBuilder();
        md.Append(CultureInfo.InvariantCulture, $"# RpcCompare comparison: {Subject(a, b)}\n\n");
        foreach (var (run, who) in new[] { (a.Run, "A"), (b.Run, "B") })
        {
            if (Sections.StatusBanner(run, who) is { } banner)
            {
                md.Append(CultureInfo.InvariantCulture, $"> **{banner.Kind.ToUpperInvariant()}:** {banner.Text}\n\n");
            }
        }

        md.Append(CultureInfo.InvariantCulture, $"- A (before): {Sections.RunLine(a.Run)}\n- B (after): {Sections.RunLine(b.Run)}\n\n");
        md.Append("## Verdicts side by side\n\n").Append(verdicts.ToMarkdown()).Append('\n');
        if (pairs.Count > 0)
        {
            md.Append(ChangesTable(pairs).ToMarkdown()).Append('\n');
        }

        foreach (var note in unmatched)
        {
            md.Append(CultureInfo.InvariantCulture, $"- {note}\n");
        }

        foreach (var pair in pairs)
        {
            md.Append(CultureInfo.InvariantCulture, $"\n**{pair.Entry.DisplayName}: B against A**\n\n");
            foreach (var sentence in pair.Sentences)
            {
                md.Append(CultureInfo.InvariantCulture, $"- {sentence}\n");
            }

            md.Append(CultureInfo.InvariantCulture, $"- Verdict: {Verdict(pair)}.\n");
        }

        md.Append("\n## Method\n\n").Append(Sections.MethodText(options.Bootstrap)).Append("\n\n## Charts\n\n");
        if (charts.PngNotice is { } notice)
        {
            md.Append(notice).Append('\n');
        }
        else
        {
            foreach (var chart in charts.Charts)
            {
                md.Append(CultureInfo.InvariantCulture, $"- [{chart.Title}]({ChartSet.PngName(chart)})\n");
            }
        }

        return md.ToString();
    }
}

using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// Two runs of one scenario side by side: whether they may be compared, each stack and variant of B paired with A's, and
/// what each change comes to (the verdict, the table of changes, the manifests' differences).
/// </summary>
internal static class RunComparison
{
    public static void Refuse(RunResults a, RunResults b)
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

    /// <summary>Each entry of <paramref name="b"/> against the same stack and variant of <paramref name="a"/>, with the
    /// bootstrap settings both analyses were made with.</summary>
    public static List<Comparison> Pair(RunAnalysis a, RunAnalysis b, CancellationToken cancellationToken, out List<string> unmatched)
    {
        // Unpaired: trial 2 of run A has nothing to do with trial 2 of run B.
        QuantileShift Shift(EntryStats entryB, EntryStats entryA) => RunAnalysis.ShiftBetween(
            new ShiftSide(b, entryB, "B:", $"{entryB.DisplayName} in B"), new ShiftSide(a, entryA, "A:", $"{entryA.DisplayName} in A"), paired: false, cancellationToken);

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

            pairs.Add(RunAnalysis.Compare(entryB, entryA, Shift, $"{entryB.DisplayName} in B", $"{entryA.DisplayName} in A"));
        }

        unmatched.AddRange(a.Entries.Where(e => !b.Entries.Any(x => x.Stack == e.Stack && x.Variant == e.Variant)).Select(e => $"{e.DisplayName} is only in run A."));
        return pairs;
    }

    /// <summary>"B faster at 37 of 99 quantiles; slower at none: the change exceeds the noise."</summary>
    public static string Verdict(Comparison pair)
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
    public static string ShortVerdict(Comparison pair)
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

    public static string Change(double before, double after) =>
        before > 0 ? Formats.Signed((after - before) / before * 100, "0.0") + "%" : Formats.Dash;

    public static HtmlTable ChangesTable(IReadOnlyList<Comparison> pairs)
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
                new(StackCatalog.DisplayName(b.Stack), true),
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

    public static HtmlTable ManifestTable(RunResults a, RunResults b)
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

    /// <summary>"worst-case on wan, no TLS", "worst-case, no TLS vs TLS (ECDSA P-256)" when only the security differs (a
    /// documented way to see what TLS costs), or "worst-case, loopback vs wan, no TLS" when the networks differ.</summary>
    public static string Subject(RunAnalysis a, RunAnalysis b)
    {
        static string Network(RunManifest m) => m.Network?.Profile ?? "loopback";
        var (left, right) = (Network(a.Run.Manifest), Network(b.Run.Manifest));
        // A calibration run is named whichever side it is on.
        var (calibrationA, calibrationB) = (Sections.Calibration(a.Run.Manifest), Sections.Calibration(b.Run.Manifest));
        var calibrationOfA = calibrationA == calibrationB ? "" : calibrationA;
        // B's own connection mode is in its subject; A's is named only where the two differ.
        var connectionsOfA = Sections.ConnectionMode(a.Run.Manifest) == Sections.ConnectionMode(b.Run.Manifest) ? ""
            : Sections.ConnectionMode(a.Run.Manifest) is { Length: > 0 } churn ? $"{churn} in {a.Run.Name}" : $", connections kept in {a.Run.Name}";
        var (securityA, securityB) = (Sections.Security(a.Run.Manifest), Sections.Security(b.Run.Manifest));
        var security = securityA == securityB ? securityB : $"{securityA} vs {securityB}";
        return left == right
            ? Sections.Subject(b.Run.Manifest, security) + calibrationOfA + connectionsOfA
            : $"{b.Run.Manifest.Scenario}, {left} vs {right}, {security}{Sections.ConnectionMode(b.Run.Manifest)}{connectionsOfA}{calibrationOfA}{calibrationB}";
    }
}

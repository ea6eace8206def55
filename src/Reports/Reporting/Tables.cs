using System.Globalization;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>The summary and manifest tables, shared by the HTML and Markdown outputs.</summary>
internal static class Tables
{
    public static HtmlTable Summary(IEnumerable<EntryStats> entries)
    {
        var table = new HtmlTable(
            new Cell("Stack", true), new Cell("Variant", true), new Cell("Status", true), "Threads", "Requests (n)", "Errors",
            "Throughput (req/s)", "p50 (ms)", "p90 (ms)", "p99 (ms)", "p99.9 (ms)", "Max (ms)",
            "Request bytes/req", "Response bytes/req", "Server CPU (% of its CPUs)", "Server alloc. bytes/req", "Server peak WS (MB)",
            "Client CPU busy (% of its CPUs)");
        foreach (var e in entries)
        {
            var s = e.Summary;
            var status = s.Status + (s.StatusReason is { Length: > 0 } reason ? $": {reason}" : "");
            var cells = new List<Cell>
            {
                new(StackCatalog.DisplayName(s.Stack), true),
                new(s.Variant.Length == 0 ? Formats.Dash : s.Variant, true),
                new(status, true),
                Formats.Whole(s.Threads),
                Formats.Whole(s.Requests),
                new(Formats.Errors(s.Errors, s.ErrorsByKind), true),
                // "≥": the client was out of CPU, so the stack may well go faster than this.
                (s.Client?.ClientBound == true ? "\u2265 " : "") + Formats.OneDecimal(s.ThroughputRps),
            };
            if (e.Percentiles is { } p && e.Sample is { } sample)
            {
                cells.AddRange([Formats.Ms(p[0]), Formats.Ms(p[1]), Formats.Ms(p[2]), Formats.Ms(p[3]), Formats.Ms(sample.Max)]);
            }
            else
            {
                // Never 0 ms: a stack without successful requests has no latency at all.
                cells.Add(new Cell("no successful requests", Span: 5, CssClass: "none"));
            }

            cells.AddRange(
            [
                Formats.Whole(s.BytesSentPerRequest),
                Formats.Whole(s.BytesReceivedPerRequest),
                Formats.OneDecimal(s.Server?.CpuPercent),
                Formats.Whole(s.Server?.AllocatedBytesPerRequest),
                Formats.OneDecimal(s.Server?.PeakWorkingSetMb),
                Formats.Whole(s.Client?.BusyPercent) + (s.Client?.ClientBound == true ? " (client-bound)" : ""),
            ]);
            table.Row(cells, s.Status == ResultsFormat.EntryStatus.Ok && e.Sample is not null ? null : "not-ok");
        }

        return table;
    }

    /// <summary>The manifest flattened to key/value rows, options and host configuration included.</summary>
    public static IReadOnlyList<(string Key, string Value)> ManifestRows(RunManifest m)
    {
        var rows = new List<(string, string)>
        {
            ("tool", $"{m.Tool.Name} {m.Tool.Version}" + (m.Tool.GitCommit is { } commit ? $" ({commit})" : "")),
            ("status", m.Status + (m.StatusReason is { Length: > 0 } reason ? $": {reason}" : "")),
            ("started", Formats.Time(m.StartedUtc)),
            ("finished", m.FinishedUtc is null ? "not finished" : Formats.Time(m.FinishedUtc)),
            ("scenario", m.Scenario),
            ("load model", m.LoadModel + (m.TargetRateRps is { } rate ? $", target {Formats.OneDecimal(rate)} req/s" : "")),
            ("stack order", string.Join(", ", m.StackOrder)),
            ("machine", $"{m.Machine.Os}; {m.Machine.CpuCount} CPUs{(m.Machine.CpuModel is { } cpu ? $" ({cpu})" : "")}; {Formats.OneDecimal(m.Machine.MemoryGb)} GB"),
            (".NET", m.Machine.Dotnet),
            ("cpu placement", m.CpuPlacement?.Description ?? "not recorded (results from before --cpus)"),
            ("network", m.Network?.Description ?? "loopback (results from before --network)"),
            ("security", m.Security?.Description ?? $"{SecurityInfo.None.Description} (results from before --security)"),
            ("dataset", $"{m.Dataset.Preset ?? "custom"}: {Formats.Whole(m.Dataset.Nodes)} nodes, {Formats.Whole(m.Dataset.Links)} links, " +
                        $"{Formats.Whole(m.Dataset.Records)} records, max degree {Formats.Whole(m.Dataset.MaxDegree)}"),
            ("dataset fingerprint", m.Dataset.Fingerprint),
        };
        // One trial is what every run was before trials: its manifest table reads as it always did.
        if (m.Trials is { Count: > 1 } trials)
        {
            rows.Add(("trials", $"{Formats.Whole(trials.Count)}, trial seed {trials.Seed.ToString(CultureInfo.InvariantCulture)}{(trials.FreshHosts ? ", hosts restarted before each trial" : "")}"));
            for (var i = 0; i < trials.Orders.Count; i++)
            {
                rows.Add(($"trial {i + 1} order", string.Join(", ", trials.Orders[i])));
            }
        }

        foreach (var (key, value) in m.Options.OrderBy(o => o.Key, StringComparer.Ordinal))
        {
            rows.Add(($"option {key}", value));
        }

        foreach (var host in m.Hosts)
        {
            var where = host.Remote ? "remote" : host.Pid is { } pid ? $"pid {pid}" : "local";
            rows.Add(($"host {host.Stack}", $"{host.Address} ({where})"));
            foreach (var (key, value) in host.Configuration.OrderBy(c => c.Key, StringComparer.Ordinal))
            {
                rows.Add(($"host {host.Stack} {key}", value));
            }
        }

        for (var i = 0; i < m.Notes.Count; i++)
        {
            rows.Add(($"note {i + 1}", m.Notes[i]));
        }

        return rows;
    }

    public static HtmlTable Manifest(RunManifest m)
    {
        var table = new HtmlTable(new Cell("Setting", true), new Cell("Value", true));
        foreach (var (key, value) in ManifestRows(m))
        {
            table.Row([new Cell(key, true), new Cell(value, true)]);
        }

        return table;
    }
}

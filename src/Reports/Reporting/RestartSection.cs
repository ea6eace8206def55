using System.Globalization;
using System.Text;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// The restart scenario's part of a report (restart.json): one sentence per stack for the verdict, the figures in a
/// table, how each client reconnects, and a timeline chart per stack (calls per bucket, succeeded and failed, the
/// connections opened, the stop and the restarted host's ready line marked).
/// </summary>
internal static class RestartSection
{
    public const string Heading = "Restart";

    public const string HowTo =
        "Calls that ended in each bucket, succeeded and failed, and the TCP connections the client opened in it, from the first call; " +
        "the dotted verticals are the stop signal and the restarted host's ready line. A storm of reconnections shows as a spike of connections.";

    /// <summary>"gRPC served every caller again 1.2 s after the stop (SIGTERM); 412 calls failed, all refused."</summary>
    public static string Sentence(StackRestart stack, RestartResults run)
    {
        var name = StackCatalog.DisplayName(stack.Stack);
        var failed = FailedText(stack);
        var signal = $"the stop ({run.Signal})";
        if (stack.StopAtSeconds is null)
        {
            return stack.Interrupted
                ? $"{name} was interrupted before its host was stopped; {failed}."
                : $"{name} has no restart figures: {stack.Failure}";
        }
        if (stack.RecoveredAfterSeconds is { } recovered)
        {
            return $"{name} served every caller again {Seconds(recovered)} s after {signal}; {failed}.";
        }
        var served = $"{Formats.Whole(stack.CallersRecovered)} of {Formats.Whole(stack.CallersRecovered + stack.NeverRecovered.Count)} callers";
        if (stack.Interrupted)
        {
            return $"{name} was interrupted after {signal} with {served} served again; {failed}.";
        }
        if (stack.PidAfter is null)
        {
            return $"{name}'s host did not start again after {signal} ({stack.Failure}); {failed}.";
        }
        return $"{name} had served {served} again {Seconds(run.RecoveryTimeoutSeconds)} s after {signal}, when the run stopped waiting; " +
            $"{Never(stack.NeverRecovered)} never recovered; {failed}.";
    }

    /// <summary>"412 calls failed, all refused", "no call failed", "412 calls failed: 400 refused, 12 protocol".</summary>
    public static string FailedText(StackRestart stack)
    {
        var kinds = stack.FailedByKind.Where(k => k.Value > 0)
            .OrderByDescending(k => k.Value).ThenBy(k => k.Key, StringComparer.Ordinal).ToList();
        return kinds.Count switch
        {
            0 => "no call failed",
            1 => $"{Calls(kinds[0].Value)} failed, {(kinds[0].Value == 1 ? "" : "all ")}{kinds[0].Key}",
            _ => $"{Calls(stack.Failed)} failed: {string.Join(", ", kinds.Select(k => $"{Formats.Whole(k.Value)} {k.Key}"))}",
        };
    }

    public static HtmlTable Table(RestartResults run)
    {
        var table = new HtmlTable(new Cell("Stack", IsText: true), "Calls", "Succeeded", "Failed", "Every caller served again after the stop (s)",
            "First call after restart p50 (ms)", "p99 (ms)", "Connections opened (after the stop)", new Cell("Host pid before, after", IsText: true));
        foreach (var stack in run.Stacks)
        {
            table.Row([
                new Cell(StackCatalog.DisplayName(stack.Stack), IsText: true),
                Formats.Whole(stack.CallsIssued),
                Formats.Whole(stack.Succeeded),
                Formats.Errors(stack.Failed, stack.FailedByKind),
                stack.RecoveredAfterSeconds is { } s ? Seconds(s)
                    : stack.StopAtSeconds is null ? Formats.Dash : $"not all ({Formats.Whole(stack.NeverRecovered.Count)} never)",
                Formats.Ms(stack.FirstCallP50Ms),
                Formats.Ms(stack.FirstCallP99Ms),
                $"{Formats.Whole(stack.ConnectionsOpened)} ({Formats.Whole(stack.ConnectionsOpenedAfterStop)})",
                new Cell($"{Pid(stack.PidBefore)}, {Pid(stack.PidAfter)}", IsText: true),
            ]);
        }
        return table;
    }

    /// <summary>One line per stack: how its client finds the host again.</summary>
    public static IEnumerable<string> Reconnects(RestartResults run) =>
        run.Stacks.Select(s => $"{StackCatalog.DisplayName(s.Stack)}: {s.Reconnect}");

    public static IEnumerable<string> Sentences(RestartResults run) => run.Stacks.Select(s => Sentence(s, run));

    /// <summary>The part of verdict.md and summary.md: the sentences and the table.</summary>
    public static string ToMarkdown(RestartResults run)
    {
        var md = new StringBuilder();
        md.Append(CultureInfo.InvariantCulture, $"**Verdict: restart** ({Formats.Whole(run.Callers)} callers, {run.Signal})\n\n");
        md.Bullets(Sentences(run));
        return md.Append('\n').Append(Table(run).ToMarkdown()).Append('\n').ToString();
    }

    public static void Write(HtmlPage page, RestartResults run, ChartSet charts)
    {
        page.Heading(2, Heading, "restart");
        page.Paragraph($"{Formats.Whole(run.Callers)} callers per stack; the host stopped with {run.Signal} after " +
            $"{Seconds(run.SteadySeconds)} s and started again on the same port; the run waits at most " +
            $"{Seconds(run.RecoveryTimeoutSeconds)} s from the stop. Method: {run.Method}. Every call is counted once, as a success " +
            "or as a failure of one kind.");
        page.List(Sentences(run), "sentences");
        page.Raw(Table(run).ToHtml("restart-table"));
        page.Heading(3, "How each client reconnects");
        page.List(Reconnects(run));
        foreach (var stack in run.Stacks.Where(s => s.Timeline.Count > 0))
        {
            var chart = Chart(charts.NewId($"restart-{stack.Stack}"), stack, run);
            page.Figure(chart.Id, charts.Add(chart), HowTo);
        }
    }

    public static XyChart Chart(string id, StackRestart stack, RestartResults run)
    {
        var name = StackCatalog.DisplayName(stack.Stack);
        var color = StackStyle.Color(stack.Stack);
        var points = stack.Timeline;
        var top = Math.Max(1, points.Max(b => Math.Max(Math.Max(b.Succeeded, b.Failed), b.Connections)));
        var lines = new List<DrawnSeries>
        {
            new("succeeded", color, null, [.. points.Select(b => (b.AtSeconds, (double)b.Succeeded))]),
            new("failed", "#000000", StackStyle.Dash(1), [.. points.Select(b => (b.AtSeconds, (double)b.Failed))]),
            new("connections opened", "#999999", StackStyle.Dash(2), [.. points.Select(b => (b.AtSeconds, (double)b.Connections))]),
        };
        foreach (var (label, at) in new[] { ($"stop ({run.Signal})", stack.StopAtSeconds), ("restarted host ready", stack.ReadyAtSeconds) })
        {
            if (at is { } x)
            {
                lines.Add(new(label, "#555555", "1 3", [(x, 0), (x, top)]));
            }
        }
        return ChartFactory.TimeSeries(id, $"{name}: calls per {Formats.Whole(run.BucketMilliseconds)} ms around the restart",
            Sentence(stack, run), $"per {Formats.Whole(run.BucketMilliseconds)} ms", lines);
    }

    private static string Calls(long count) => count == 1 ? "1 call" : $"{Formats.Whole(count)} calls";

    private static string Pid(int? pid) => pid?.ToString(CultureInfo.InvariantCulture) ?? Formats.Dash;

    private static string Seconds(double seconds) => seconds.ToString("0.0#", CultureInfo.InvariantCulture);

    /// <summary>"callers 3, 9 and 12", or the first five and how many more.</summary>
    private static string Never(IReadOnlyList<int> callers)
    {
        var shown = callers.Take(5).Select(c => c.ToString(CultureInfo.InvariantCulture)).ToList();
        var rest = callers.Count - shown.Count;
        var listed = rest > 0 ? $"{string.Join(", ", shown)} and {rest} more"
            : shown.Count == 1 ? shown[0] : $"{string.Join(", ", shown[..^1])} and {shown[^1]}";
        return $"caller{(callers.Count == 1 ? "" : "s")} {listed}";
    }
}

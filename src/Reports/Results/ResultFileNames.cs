using System.Text;

namespace RpcCompare.Reports.Results;

/// <summary>The names of the files a run, a report and a comparison write, so writers and readers agree on them.</summary>
public static class ResultFileNames
{
    public const string Manifest = "manifest.json";
    public const string Summary = "summary.json";

    /// <summary>What <c>report</c> writes into the run's folder.</summary>
    public const string ReportHtml = "report.html";
    public const string ReportMarkdown = "summary.md";

    /// <summary>The folder beside report.html or compare.html that holds each chart as a PNG.</summary>
    public const string ChartsFolder = "charts";

    /// <summary>The verdict page across every scenario that <c>--scenario all</c> writes above the scenarios' folders.</summary>
    public const string Verdict = "verdict.md";

    /// <summary>What <c>compare</c> writes into its output folder.</summary>
    public const string CompareHtml = "compare.html";
    public const string CompareMarkdown = "compare.md";

    /// <summary>latencies-&lt;stack&gt;[-&lt;variant&gt;].csv</summary>
    public static string Latencies(string stack, string variant) => $"latencies-{Stem(stack, variant)}.csv";

    /// <summary>&lt;stack&gt;[-&lt;variant&gt;].hgrm</summary>
    public static string Histogram(string stack, string variant) => $"{Stem(stack, variant)}.hgrm";

    /// <summary>intervals-&lt;stack&gt;[-&lt;variant&gt;].hlog: HdrHistogram's interval log of the measured window.</summary>
    public static string IntervalLog(string stack, string variant) => $"intervals-{Stem(stack, variant)}.hlog";

    /// <summary>intervals-&lt;stack&gt;[-&lt;variant&gt;][-trial&lt;N&gt;].hlog: the interval log of one trial (trial 1 has the
    /// plain name, which the entry names).</summary>
    public static string IntervalLog(string stack, string variant, int trial) =>
        trial <= 1 ? IntervalLog(stack, variant) : $"intervals-{Stem(stack, variant)}-trial{trial}.hlog";

    /// <summary>host-&lt;stack&gt;.log: what a spawned host printed during the run (bounded).</summary>
    public static string HostLog(string stack) => $"host-{Sanitize(stack)}.log";

    /// <summary>host-&lt;stack&gt;[-trial&lt;N&gt;].log: with --fresh-hosts each trial's host writes its own log.</summary>
    public static string HostLog(string stack, int trial) =>
        trial <= 1 ? HostLog(stack) : $"host-{Sanitize(stack)}-trial{trial}.log";

    /// <summary>counters-&lt;stack&gt;.csv (one file per stack; rows carry the variant).</summary>
    public static string Counters(string stack) => $"counters-{Sanitize(stack)}.csv";

    /// <summary>counters-&lt;stack&gt;[-trial&lt;N&gt;].csv: with --fresh-hosts each trial's host has its own counters.</summary>
    public static string Counters(string stack, int trial) =>
        trial <= 1 ? Counters(stack) : $"counters-{Sanitize(stack)}-trial{trial}.csv";

    /// <summary>
    /// Lower-cases and keeps [a-z0-9.=-]; any other run of characters becomes one '-', and leading/trailing '-' go,
    /// so "100B" -> "100b", "x=1000" stays, "1 thread" -> "1-thread".
    /// </summary>
    public static string Sanitize(string part)
    {
        var builder = new StringBuilder(part.Length);
        var pendingDash = false;
        foreach (var c in part.ToLowerInvariant())
        {
            var keep = c is (>= 'a' and <= 'z') or (>= '0' and <= '9') or '.' or '=' or '-';
            if (!keep || c == '-')
            {
                pendingDash = builder.Length > 0;
                continue;
            }

            if (pendingDash)
            {
                builder.Append('-');
                pendingDash = false;
            }

            builder.Append(c);
        }

        return builder.ToString();
    }

    private static string Stem(string stack, string variant)
    {
        var s = Sanitize(stack);
        if (s.Length == 0)
        {
            throw new ArgumentException($"Stack name '{stack}' has no character usable in a file name.", nameof(stack));
        }

        var v = Sanitize(variant);
        return v.Length == 0 ? s : $"{s}-{v}";
    }
}

using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using HdrHistogram;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Crank;

/// <summary>One entry of a finished run to report to crank: its pooled figures and its pooled latency histogram (null
/// when none could be read; then crank gets the figures without the histogram).</summary>
public sealed record CrankEntry(SummaryEntry Entry, HistogramBase? Histogram);

/// <summary>
/// A finished run as crank's job statistics: the JSON crank's agent reads between the lines <see cref="StartMarker"/>
/// and <see cref="EndMarker"/> of a job's standard output (Metadata: how crank aggregates one client's values and reduces
/// several clients'; Measurements: the values). Every entry gets p50, p90, p99 and max latency, throughput, requests,
/// errors and bytes per request under <c>rpccompare/&lt;stack&gt;[/&lt;variant&gt;]/...</c>, and its histogram as
/// <see cref="HistogramText"/> under <c>.../histogram</c>, from which benchmarks/crank/histogram-merge.js computes the
/// exact percentiles of all clients together.
/// </summary>
public static class CrankStatistics
{
    public const string StartMarker = "#StartJobStatistics";
    public const string EndMarker = "#EndJobStatistics";
    public const string Source = "RpcCompare";

    /// <summary>The measurement holding an entry's encoded histogram ends with this.</summary>
    public const string HistogramSuffix = "/histogram";

    // Crank's Operation names. Metadata can only name these; the exact merge of percentiles across clients is the YAML's
    // script, which replaces the Max fallback (an upper bound of the merged percentile) with the merged histogram's value.
    private const string Max = "Max";
    private const string Sum = "Sum";
    private const string Avg = "Avg";
    private const string Last = "Last";
    private const string All = "All";

    /// <summary>The whole block: the start marker, the JSON and the end marker, each on lines of their own.</summary>
    /// <param name="nameScenarios">Put each entry's scenario into its names (a run of several scenarios).</param>
    /// <param name="unitsPerMillisecond">The histograms' unit per millisecond (Stopwatch ticks per ms where recorded).</param>
    public static string Block(IReadOnlyList<CrankEntry> entries, bool nameScenarios, double unitsPerMillisecond, DateTime timestampUtc) =>
        $"{StartMarker}\n{Json(entries, nameScenarios, unitsPerMillisecond, timestampUtc)}\n{EndMarker}\n";

    /// <summary>The statistics JSON: <c>{"Metadata": [...], "Measurements": [...]}</c>.</summary>
    public static string Json(IReadOnlyList<CrankEntry> entries, bool nameScenarios, double unitsPerMillisecond, DateTime timestampUtc)
    {
        ArgumentNullException.ThrowIfNull(entries);
        var figures = entries.SelectMany(e => Figures(e, nameScenarios, unitsPerMillisecond)).ToList();
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions
        {
            Indented = true,
            NewLine = "\n",
            // Read by crank's agent from a console, never put into a page: apostrophes and the like stay readable.
            Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        }))
        {
            json.WriteStartObject();
            json.WriteStartArray("Metadata");
            foreach (var figure in figures)
            {
                json.WriteStartObject();
                json.WriteString("source", Source);
                json.WriteString("name", figure.Name);
                json.WriteString("aggregate", figure.Aggregate);
                json.WriteString("reduce", figure.Reduce);
                json.WriteString("format", figure.Format);
                json.WriteString("longDescription", figure.LongDescription);
                json.WriteString("shortDescription", figure.ShortDescription);
                json.WriteEndObject();
            }
            json.WriteEndArray();
            json.WriteStartArray("Measurements");
            var timestamp = DateTime.SpecifyKind(timestampUtc, DateTimeKind.Utc);
            foreach (var figure in figures)
            {
                json.WriteStartObject();
                json.WriteString("name", figure.Name);
                json.WriteString("timestamp", timestamp);
                if (figure.Text is { } text)
                {
                    json.WriteString("value", text);
                }
                else
                {
                    json.WriteNumber("value", figure.Value);
                }
                json.WriteEndObject();
            }
            json.WriteEndArray();
            json.WriteEndObject();
        }
        return Encoding.UTF8.GetString(buffer.ToArray());
    }

    /// <summary>The name an entry's figures start with: rpccompare/[scenario/]stack[/variant].</summary>
    public static string Prefix(SummaryEntry entry, bool nameScenarios)
    {
        var parts = new List<string> { "rpccompare" };
        if (nameScenarios)
        {
            parts.Add(entry.Scenario);
        }
        parts.Add(entry.Stack);
        if (entry.Variant.Length > 0)
        {
            parts.Add(entry.Variant);
        }
        return string.Join('/', parts);
    }

    private static IEnumerable<Figure> Figures(CrankEntry crankEntry, bool nameScenarios, double unitsPerMillisecond)
    {
        var entry = crankEntry.Entry;
        var prefix = Prefix(entry, nameScenarios);
        var label = StackCatalog.DisplayName(entry.Stack) + (entry.Variant.Length > 0 ? $" ({entry.Variant})" : "");
        if (nameScenarios)
        {
            label = $"{entry.Scenario}: {label}";
        }

        if (entry.LatencyMs is { } latency)
        {
            foreach (var (stat, value, what) in new[]
                     {
                         ("p50", latency.P50, "median"), ("p90", latency.P90, "90th percentile"), ("p99", latency.P99, "99th percentile"),
                     })
            {
                yield return new Figure($"{prefix}/{stat}", Max, Max, "n2", value, $"{label} {stat} (ms)",
                    $"{what} latency of {label} (ms); of several load clients, their merged histogram's (rpccompare.yml)");
            }
            yield return new Figure($"{prefix}/max", Max, Max, "n2", latency.Max, $"{label} max (ms)",
                $"highest latency of {label} in milliseconds (HdrHistogram's highest equivalent value)");
        }
        yield return new Figure($"{prefix}/throughput", Max, Sum, "n0", entry.ThroughputRps, $"{label} throughput (req/s)",
            $"successful requests per second of {label}'s measured window, summed over the load clients");
        yield return new Figure($"{prefix}/requests", Max, Sum, "n0", entry.Requests, $"{label} requests",
            $"successful requests of {label} in the measured window, summed over the load clients");
        yield return new Figure($"{prefix}/errors", Max, Sum, "n0", entry.Errors, $"{label} errors",
            $"failed requests of {label} in the measured window, summed over the load clients");
        if (entry.BytesSentPerRequest is { } sent)
        {
            yield return new Figure($"{prefix}/bytes-sent", Max, Avg, "n0", sent, $"{label} bytes sent/req",
                $"bytes the load client sent per request to {label}, averaged over the load clients");
        }
        if (entry.BytesReceivedPerRequest is { } received)
        {
            yield return new Figure($"{prefix}/bytes-received", Max, Avg, "n0", received, $"{label} bytes received/req",
                $"bytes the load client received per request from {label}, averaged over the load clients");
        }
        if (crankEntry.Histogram is { } histogram && HistogramText.Encode(histogram, unitsPerMillisecond) is { } encoded)
        {
            // "object" keeps the text out of crank's table; "All" hands every client's text to the YAML's merge.
            yield return new Figure(prefix + HistogramSuffix, Last, All, "object", histogram.TotalCount, $"{label} latency histogram",
                $"{label}'s latency histogram in RpcCompare's {HistogramText.FormatTag} text (see benchmarks/crank/README.md)", encoded);
        }
    }

    /// <summary>One metadata and its one measurement: a number, or <see cref="Text"/> when that is set.</summary>
    private sealed record Figure(string Name, string Aggregate, string Reduce, string Format, double Value, string ShortDescription,
        string LongDescription, string? Text = null);
}

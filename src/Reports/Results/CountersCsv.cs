using System.Globalization;
using System.Text;

namespace RpcCompare.Reports.Results;

/// <summary>counters-&lt;stack&gt;.csv: a fixed header and one row per 500 ms server sample; empty cells are unknown values.</summary>
public static class CountersCsv
{
    public const string Header =
        "elapsed_s,variant,gc_heap_mb,working_set_mb,alloc_bytes,gen0,gen1,gen2,cpu_percent,bytes_sent,bytes_received";

    private const int ColumnCount = 11;

    public static Task WriteAsync(string path, IReadOnlyList<CounterSample> samples, CancellationToken cancellationToken) =>
        AtomicFile.WriteAsync(
            path,
            async (stream, ct) =>
            {
                await using var writer = new StreamWriter(stream, new UTF8Encoding(false), 65536, leaveOpen: true) { NewLine = "\n" };
                await writer.WriteLineAsync(Header.AsMemory(), ct);
                foreach (var sample in samples)
                {
                    await writer.WriteLineAsync(Format(sample).AsMemory(), ct);
                }
            },
            cancellationToken);

    public static async Task<IReadOnlyList<CounterSample>> ReadAsync(string path, CancellationToken cancellationToken)
    {
        if (!File.Exists(path))
        {
            throw new ResultsFormatException(path, "the counters file is missing.");
        }

        var bytes = await ResultsFolderFile.ReadAllBytesAsync(path, ResultsFolderFile.CountersLimit, cancellationToken);
        string text;
        try
        {
            text = new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(bytes.AsSpan(bytes.AsSpan().StartsWith("\uFEFF"u8) ? 3 : 0));
        }
        catch (DecoderFallbackException)
        {
            throw new ResultsFormatException(path, "the file is not UTF-8 text.");
        }

        return Parse(path, text);
    }

    /// <summary>Parses the text of a counters file; <paramref name="path"/> only names the file in errors.</summary>
    public static IReadOnlyList<CounterSample> Parse(string path, string text)
    {
        if (text.Length == 0)
        {
            throw new ResultsFormatException(path, "the file is empty (expected the header line).");
        }

        if (!text.EndsWith('\n'))
        {
            var last = text[(text.LastIndexOf('\n') + 1)..];
            throw new ResultsFormatException(path, $"the last line ('{last}') is truncated: the file does not end with a line break.");
        }

        var lines = text[..^1].Split('\n');
        if (lines[0].TrimEnd('\r') != Header)
        {
            throw new ResultsFormatException(path, $"line 1 is '{lines[0]}', expected the header '{Header}'.");
        }

        var samples = new List<CounterSample>(lines.Length - 1);
        for (var i = 1; i < lines.Length; i++)
        {
            samples.Add(ParseRow(path, i + 1, lines[i].TrimEnd('\r')));
        }

        return samples;
    }

    private static CounterSample ParseRow(string path, int lineNumber, string line)
    {
        var cells = line.Split(',');
        if (cells.Length != ColumnCount)
        {
            throw new ResultsFormatException(path, $"line {lineNumber} has {cells.Length} cells, expected {ColumnCount}: '{line}'.");
        }

        var elapsed = Real(path, lineNumber, "elapsed_s", cells[0])
            ?? throw new ResultsFormatException(path, $"line {lineNumber} has no elapsed_s.");
        return new CounterSample(
            elapsed,
            cells[1],
            Real(path, lineNumber, "gc_heap_mb", cells[2]),
            Real(path, lineNumber, "working_set_mb", cells[3]),
            Whole(path, lineNumber, "alloc_bytes", cells[4]),
            Whole(path, lineNumber, "gen0", cells[5]),
            Whole(path, lineNumber, "gen1", cells[6]),
            Whole(path, lineNumber, "gen2", cells[7]),
            Real(path, lineNumber, "cpu_percent", cells[8]),
            Whole(path, lineNumber, "bytes_sent", cells[9]),
            Whole(path, lineNumber, "bytes_received", cells[10]));
    }

    private static double? Real(string path, int lineNumber, string column, string cell)
    {
        if (cell.Length == 0)
        {
            return null;
        }

        if (!double.TryParse(cell, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !double.IsFinite(value))
        {
            throw new ResultsFormatException(path, $"line {lineNumber}: {column} is '{cell}', not a number.");
        }

        return value;
    }

    private static long? Whole(string path, int lineNumber, string column, string cell)
    {
        if (cell.Length == 0)
        {
            return null;
        }

        if (!long.TryParse(cell, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value))
        {
            throw new ResultsFormatException(path, $"line {lineNumber}: {column} is '{cell}', not a whole number.");
        }

        return value;
    }

    private static string Format(CounterSample sample)
    {
        if (sample.Variant.AsSpan().IndexOfAny(",\"\r\n") >= 0)
        {
            throw new ArgumentException($"Variant '{sample.Variant}' contains a comma, quote or line break, which the counters file cannot hold.", nameof(sample));
        }

        var c = CultureInfo.InvariantCulture;
        return string.Join(
            ',',
            sample.ElapsedSeconds.ToString("R", c),
            sample.Variant,
            sample.GcHeapMb?.ToString("R", c),
            sample.WorkingSetMb?.ToString("R", c),
            sample.AllocBytes?.ToString(c),
            sample.Gen0?.ToString(c),
            sample.Gen1?.ToString(c),
            sample.Gen2?.ToString(c),
            sample.CpuPercent?.ToString("R", c),
            sample.BytesSent?.ToString(c),
            sample.BytesReceived?.ToString(c));
    }
}

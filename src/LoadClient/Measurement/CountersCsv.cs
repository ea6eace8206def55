using System.Globalization;
using System.Text;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>Writes counters-&lt;stack&gt;.csv: one row per sample, empty cells where a value is unknown.</summary>
public static class CountersCsv
{
    /// <summary>The header line of the file.</summary>
    public const string Header = "elapsed_s,variant,gc_heap_mb,working_set_mb,alloc_bytes,gen0,gen1,gen2,cpu_percent,bytes_sent,bytes_received";

    /// <summary>Writes the header and one line per sample.</summary>
    public static void Write(TextWriter writer, IEnumerable<CounterSample> samples)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(samples);
        writer.Write(Header);
        writer.Write('\n');
        foreach (var sample in samples)
        {
            writer.Write(string.Join(',',
                sample.ElapsedSeconds.ToString("0.000", CultureInfo.InvariantCulture),
                Escape(sample.Variant),
                Number(sample.GcHeapMb),
                Number(sample.WorkingSetMb),
                Number(sample.AllocatedBytes),
                Number(sample.Gen0Collections),
                Number(sample.Gen1Collections),
                Number(sample.Gen2Collections),
                Number(sample.CpuPercent),
                Number(sample.BytesSent),
                Number(sample.BytesReceived)));
            writer.Write('\n');
        }
    }

    /// <summary>Writes the file under a temporary name and renames it into place when complete.</summary>
    public static Task WriteFileAsync(string path, IEnumerable<CounterSample> samples, CancellationToken cancellationToken = default)
    {
        var builder = new StringBuilder();
        using (var writer = new StringWriter(builder, CultureInfo.InvariantCulture))
        {
            Write(writer, samples);
        }

        return AtomicFile.WriteAllTextAsync(path, builder.ToString(), cancellationToken);
    }

    private static string Number(double? value) => value?.ToString("0.###", CultureInfo.InvariantCulture) ?? string.Empty;

    private static string Number(long? value) => value?.ToString(CultureInfo.InvariantCulture) ?? string.Empty;

    private static string Escape(string value) =>
        value.AsSpan().IndexOfAny(",\"\n\r") < 0 ? value : "\"" + value.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}

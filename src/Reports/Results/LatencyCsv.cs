using System.Text;

namespace RpcCompare.Reports.Results;

/// <summary>
/// latencies-*.csv: the header line <c>latency_ms</c>, then one latency per line in milliseconds with exactly three
/// decimals, in the order recorded (written by the load client's LatencyCsvWriter). The reader is strict so that a
/// damaged file is named rather than half-read.
/// </summary>
public static class LatencyCsv
{
    public const string Header = "latency_ms";

    public static async Task<double[]> ReadAsync(string path, CancellationToken cancellationToken)
    {
        if (!File.Exists(path))
        {
            throw new ResultsFormatException(path, "the latency file is missing.");
        }

        var bytes = await ResultsFolderFile.ReadAllBytesAsync(path, ResultsFolderFile.LatenciesLimit, cancellationToken);
        return Parse(path, bytes);
    }

    /// <summary>Parses the bytes of a latency file; <paramref name="path"/> only names the file in errors.</summary>
    public static double[] Parse(string path, ReadOnlySpan<byte> bytes)
    {
        if (bytes.StartsWith("\uFEFF"u8))
        {
            bytes = bytes[3..];
        }

        if (bytes.IsEmpty)
        {
            throw new ResultsFormatException(path, $"the file is empty (expected the header line '{Header}').");
        }

        // One value per line after the header, in an array of its exact size: a busy hour is millions of calls, and a
        // list grown by doubling held up to twice them, plus the copy that made the array.
        var values = new double[Math.Max(0, bytes.Count((byte)'\n') - 1)];
        var lineNumber = 0;
        while (!bytes.IsEmpty)
        {
            lineNumber++;
            var end = bytes.IndexOf((byte)'\n');
            var terminated = end >= 0;
            var line = terminated ? bytes[..end] : bytes;
            bytes = terminated ? bytes[(end + 1)..] : [];
            if (line.EndsWith("\r"u8))
            {
                line = line[..^1];
            }

            if (!terminated)
            {
                throw new ResultsFormatException(
                    path,
                    $"line {lineNumber} ('{Show(line)}') is truncated: the file does not end with a line break.");
            }

            if (lineNumber == 1)
            {
                if (!line.SequenceEqual("latency_ms"u8))
                {
                    throw new ResultsFormatException(path, $"line 1 is '{Show(line)}', expected the header '{Header}'.");
                }

                continue;
            }

            values[lineNumber - 2] = ParseMilliseconds(path, lineNumber, line);
        }

        return values;
    }

    private static double ParseMilliseconds(string path, int lineNumber, ReadOnlySpan<byte> line)
    {
        // digits '.' three digits, parsed as an exact count of microseconds: no culture, no rounding surprises.
        var dot = line.IndexOf((byte)'.');
        var valid = dot > 0 && dot <= 15 && line.Length == dot + 4;
        long thousandths = 0;
        for (var i = 0; valid && i < line.Length; i++)
        {
            if (i == dot)
            {
                continue;
            }

            var digit = line[i] - (byte)'0';
            valid = digit is >= 0 and <= 9;
            thousandths = (thousandths * 10) + digit;
        }

        if (!valid)
        {
            var what = line.IsEmpty ? "empty" : $"'{Show(line)}'";
            throw new ResultsFormatException(
                path,
                $"line {lineNumber} is {what}, expected a latency in milliseconds with three decimals such as 12.345.");
        }

        return thousandths / 1000.0;
    }

    private static string Show(ReadOnlySpan<byte> line)
    {
        var text = Encoding.UTF8.GetString(line.Length > 40 ? line[..40] : line);
        return line.Length > 40 ? text + "..." : text;
    }
}

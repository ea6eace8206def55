using System.Buffers.Binary;
using System.Globalization;
using System.IO.Compression;
using System.Text;
using HdrHistogram;
using HdrHistogram.Utilities;

namespace RpcCompare.Reports.Results;

/// <summary>
/// Reads an .hlog one interval at a time, in the invariant culture the load client writes it in (HdrHistogram's own
/// reader parses with the current one, and decodes every histogram at whatever size its header names). Each interval's
/// encoded header is checked against what the load client can write before it is decoded, so a line costs at most one
/// histogram of the client's own size, whatever the file says.
/// </summary>
public static class IntervalLogReader
{
    /// <summary>The most the load client's histograms track: an hour of Stopwatch ticks of 1 ns, the finest clock.</summary>
    public const long HighestTrackableValue = 3_600_000_000_000;

    /// <summary>The load client's precision: three significant digits.</summary>
    public const int SignificantDigits = 3;

    /// <summary>The longest interval read: the client logs one every 500 ms.</summary>
    public const double LongestIntervalSeconds = 60;

    // About five times a base64 line of the largest histogram the bounds allow (33,792 counts of up to 9 bytes each).
    private const int LongestLine = 2 << 20;
    private const int CompressedV2Cookie = 0x1c849304;
    private const int V2Cookie = 0x1c849303;
    private const int HeaderBytes = 40;
    private const double LatestSecond = 1e11;
    private const string Legend = "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"";

    /// <summary>The intervals of the log at <paramref name="path"/> in file order, each with its wall-clock bounds in Unix
    /// milliseconds (StartTimeStamp, EndTimeStamp) as HdrHistogram's reader sets them; refuses, naming the line, an interval
    /// that starts before the one above it, lasts longer than <see cref="LongestIntervalSeconds"/>, or tracks other
    /// values than the first.</summary>
    public static IEnumerable<HistogramBase> Read(string path)
    {
        using var stream = ResultsFolderFile.OpenRead(path, ResultsFolderFile.IntervalLogLimit);
        double? startTime = null;
        double? baseTime = null;
        long previousStart = long.MinValue;
        HistogramBase? first = null;
        foreach (var (number, line) in Lines(stream, path))
        {
            if (line.StartsWith('#'))
            {
                startTime = Comment(path, number, line, "#[StartTime: ") ?? startTime;
                baseTime = Comment(path, number, line, "#[BaseTime: ") ?? baseTime;
                continue;
            }

            if (line.Length == 0 || line == Legend)
            {
                continue;
            }

            var fields = (line.StartsWith("Tag=", StringComparison.Ordinal) ? line[(line.IndexOf(',', StringComparison.Ordinal) + 1)..] : line)
                .Split(',', 4);
            if (fields.Length != 4)
            {
                throw Refused(path, number, "is not an interval (start, length, max, histogram)");
            }

            var logged = Seconds(path, number, "start", fields[0]);
            var length = Seconds(path, number, "length", fields[1]);
            Seconds(path, number, "max", fields[2]);
            if (length > LongestIntervalSeconds)
            {
                throw Refused(path, number, $"is an interval of {fields[1]} s, longer than the {LongestIntervalSeconds} s the load client logs at most");
            }

            // As HdrHistogram's reader: without a base time, stamps more than a year before the start time are relative to it.
            startTime ??= logged;
            baseTime ??= logged < startTime - (365 * 24 * 3600.0) ? startTime : 0;
            var start = logged + baseTime.Value;
            if (start > LatestSecond)
            {
                throw Refused(path, number, $"starts at {start.ToString(CultureInfo.InvariantCulture)} s since 1970, not a time the load client logs");
            }

            var histogram = Decode(path, number, fields[3]);
            histogram.StartTimeStamp = (long)(start * 1000.0);
            histogram.EndTimeStamp = (long)((start + length) * 1000.0);
            if (histogram.StartTimeStamp < previousStart)
            {
                throw Refused(path, number, "starts before the interval above it; the load client logs intervals in time order");
            }

            first ??= histogram;
            if (histogram.LowestTrackableValue != first.LowestTrackableValue || histogram.HighestTrackableValue != first.HighestTrackableValue
                || histogram.NumberOfSignificantValueDigits != first.NumberOfSignificantValueDigits)
            {
                throw Refused(path, number, "tracks other values than the log's first interval; the load client logs every interval alike");
            }

            previousStart = histogram.StartTimeStamp;
            yield return histogram;
        }
    }

    /// <summary>A histogram of the same range and precision as <paramref name="like"/>, empty.</summary>
    public static HistogramBase EmptyLike(HistogramBase like) =>
        new LongHistogram(like.LowestTrackableValue, like.HighestTrackableValue, like.NumberOfSignificantValueDigits);

    /// <summary>Adds <paramref name="interval"/> into <paramref name="sum"/>, refusing a count that overflows.</summary>
    public static void AddInto(HistogramBase sum, HistogramBase interval, string path)
    {
        if (sum.TotalCount > long.MaxValue - interval.TotalCount)
        {
            throw new ResultsFormatException(path, "its intervals count more calls than a 64-bit count holds.");
        }

        sum.Add(interval);
    }

    private static HistogramBase Decode(string path, int number, string base64)
    {
        byte[] payload;
        try
        {
            payload = Convert.FromBase64String(base64);
        }
        catch (FormatException)
        {
            throw Refused(path, number, "holds a histogram that is not base64");
        }

        CheckHeader(path, number, payload);
        HistogramBase histogram;
        try
        {
            histogram = HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(payload), 0);
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException or IndexOutOfRangeException or InvalidDataException
            or IOException or NotSupportedException or OverflowException)
        {
            throw Refused(path, number, $"holds a histogram that cannot be decoded ({e.Message.TrimEnd('.')})");
        }

        if (histogram.TotalCount < 0)
        {
            throw Refused(path, number, "holds a histogram whose counts overflow");
        }

        return histogram;
    }

    /// <summary>Reads the compressed histogram's own header and refuses one larger than the client writes, before the
    /// library allocates it.</summary>
    private static void CheckHeader(string path, int number, byte[] payload)
    {
        var header = new byte[HeaderBytes];
        var compressed = payload.Length >= 8 ? BinaryPrimitives.ReadInt32BigEndian(payload.AsSpan(4)) : -1;
        if (payload.Length < 8 || (BinaryPrimitives.ReadInt32BigEndian(payload) & ~0xf0) != CompressedV2Cookie
            || compressed < 2 || compressed > payload.Length - 8)
        {
            throw Refused(path, number, "holds no compressed histogram of the encoding the load client writes");
        }

        try
        {
            using var inflater = new ZLibStream(new MemoryStream(payload, 8, compressed), CompressionMode.Decompress);
            inflater.ReadExactly(header);
        }
        catch (Exception e) when (e is InvalidDataException or EndOfStreamException)
        {
            throw Refused(path, number, "holds a histogram whose header cannot be decompressed");
        }

        var digits = BinaryPrimitives.ReadInt32BigEndian(header.AsSpan(12));
        var lowest = BinaryPrimitives.ReadInt64BigEndian(header.AsSpan(16));
        var highest = BinaryPrimitives.ReadInt64BigEndian(header.AsSpan(24));
        if ((BinaryPrimitives.ReadInt32BigEndian(header) & ~0xf0) != V2Cookie || BinaryPrimitives.ReadInt32BigEndian(header.AsSpan(8)) != 0)
        {
            throw Refused(path, number, "holds a histogram of an encoding the load client does not write");
        }

        if (digits is < 0 or > SignificantDigits || lowest < 1 || highest > HighestTrackableValue || highest < 2 * lowest)
        {
            throw Refused(path, number, string.Create(CultureInfo.InvariantCulture,
                $"holds a histogram of values {lowest} to {highest} with {digits} significant digits, beyond the load client's " +
                $"1 to {HighestTrackableValue} with {SignificantDigits}, so it is not decoded"));
        }
    }

    private static double? Comment(string path, int number, string line, string prefix)
    {
        if (!line.StartsWith(prefix, StringComparison.Ordinal))
        {
            return null;
        }

        var value = line[prefix.Length..];
        var end = value.IndexOf(' ', StringComparison.Ordinal);
        return Seconds(path, number, prefix[2..^2], end < 0 ? value : value[..end]);
    }

    private static double Seconds(string path, int number, string field, string text)
    {
        if (!double.TryParse(text, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value) || !double.IsFinite(value))
        {
            throw Refused(path, number, $"has {field} '{Shorten(text)}', not a number of seconds such as 12.345");
        }

        return value;
    }

    private static IEnumerable<(int Number, string Line)> Lines(Stream stream, string path)
    {
        var buffer = new byte[1 << 16];
        var line = new MemoryStream();
        var number = 0;
        int read;
        while ((read = stream.Read(buffer)) > 0)
        {
            var chunk = buffer.AsMemory(0, read);
            while (!chunk.IsEmpty)
            {
                var end = chunk.Span.IndexOf((byte)'\n');
                var part = end < 0 ? chunk : chunk[..end];
                if (line.Length + part.Length > LongestLine)
                {
                    throw Refused(path, number + 1, $"is longer than {ResultsFolderFile.Size(LongestLine)}, longer than any line the load client writes");
                }

                line.Write(part.Span);
                if (end < 0)
                {
                    break;
                }

                chunk = chunk[(end + 1)..];
                yield return (++number, Text(line));
                line.SetLength(0);
            }
        }

        if (line.Length > 0)
        {
            yield return (++number, Text(line));
        }
    }

    private static string Text(MemoryStream line) =>
        Encoding.UTF8.GetString(line.GetBuffer(), 0, (int)line.Length).TrimEnd('\r').TrimStart('\uFEFF');

    private static string Shorten(string text) => text.Length > 40 ? text[..40] + "..." : text;

    private static ResultsFormatException Refused(string path, int number, string problem) =>
        new(path, $"it is not an HdrHistogram interval log the load client wrote: line {number} {problem}.");
}

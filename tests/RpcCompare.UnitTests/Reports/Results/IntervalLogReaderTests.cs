using System.Buffers.Binary;
using System.Globalization;
using System.IO.Compression;
using HdrHistogram;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Results;

public class IntervalLogReaderTests
{
    private const string Head = "#[Histogram log format version 1.3]\n#[StartTime: 1764000000.000 (seconds since epoch), 2025-11-24T16:00:00.0000000Z]\n" +
        "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n";

    private static readonly DateTimeOffset Start = new(2026, 11, 22, 10, 15, 0, TimeSpan.Zero);

    [Fact]
    public async Task HeaderNamingAHugeHistogramIsRefusedUndecoded()
    {
        using var temp = new TempFolder();
        var path = temp.Combine("intervals-grpc.hlog");
        await File.WriteAllTextAsync(path, Head + string.Concat(Enumerable.Range(0, 10).Select(i => $"1764000000.{i}00,0.100,0.000,{Crafted(5, 1L << 62)}\n")));
        var allocated = GC.GetAllocatedBytesForCurrentThread();

        var error = Assert.Throws<ResultsFormatException>(() => IntervalLogFile.ReadPerSecond(path));

        Assert.True(GC.GetAllocatedBytesForCurrentThread() - allocated < 10 << 20);
        Assert.Equal($"{path}: it is not an HdrHistogram interval log the load client wrote: line 4 holds a histogram of values 1 to {1L << 62} " +
            "with 5 significant digits, beyond the load client's 1 to 3600000000000 with 3, so it is not decoded.", error.Message);
    }

    [Fact]
    public async Task IntervalsOutOfTimeOrderAreRefused()
    {
        var message = await RefusalAsync($"1764000001.000,0.500,0.000,{Crafted(3, 1000)}\n1764000000.000,0.500,0.000,{Crafted(3, 1000)}\n");

        Assert.EndsWith("line 5 starts before the interval above it; the load client logs intervals in time order.", message);
    }

    [Fact]
    public async Task IntervalLongerThanAMinuteIsRefused()
    {
        var message = await RefusalAsync($"1764000000.000,3600.000,0.000,{Crafted(3, 1000)}\n");

        Assert.EndsWith("line 4 is an interval of 3600.000 s, longer than the 60 s the load client logs at most.", message);
    }

    [Theory]
    [InlineData("fr-FR")]
    [InlineData("de-DE")]
    [InlineData("")]
    public void SecondsAreThoseOfHdrHistogramsReaderInEveryCulture(string culture)
    {
        using var temp = new TempFolder();
        var path = temp.Combine("intervals-grpc.hlog");
        var random = new Random(3);
        SyntheticResults.WriteIntervalLog(path, Start, [.. Enumerable.Range(0, 600).Select(_ => Math.Round(random.NextDouble() * 40, 3))]);
        var expected = LibraryPerSecond(path);

        var points = InCulture(culture, () => IntervalLogFile.ReadPerSecond(path));

        Assert.Equal(expected, points);
    }

    [Fact]
    public async Task AnHourOfHalfSecondIntervalsGivesASecondEach()
    {
        using var temp = new TempFolder();
        var folder = await new Support.ClientRun { Trials = 1, Stacks = ["grpc"], Window = TimeSpan.FromHours(1), Intervals = 7200, Requests = 14_400 }
            .WriteAsync(temp.Path);

        var points = IntervalLogFile.ReadPerSecond(Path.Combine(folder, ResultFileNames.IntervalLog("grpc", "")));

        Assert.Equal(Enumerable.Range(0, 3600).Select(s => s + 0.5), points.Select(p => p.Second));
        Assert.Equal(14_400, points.Sum(p => p.Requests));
    }

    private static async Task<string> RefusalAsync(string intervals)
    {
        using var temp = new TempFolder();
        var path = temp.Combine("intervals-grpc.hlog");
        await File.WriteAllTextAsync(path, Head + intervals);
        return Assert.Throws<ResultsFormatException>(() => IntervalLogFile.ReadPerSecond(path)).Message;
    }

    internal static T InCulture<T>(string name, Func<T> read)
    {
        var saved = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo(name);
            return read();
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }

    /// <summary>What the report drew before it read logs itself: HdrHistogram's reader, in the invariant culture.</summary>
    private static List<LatencyOverTime> LibraryPerSecond(string path)
    {
        var intervals = InCulture("", () =>
        {
            using var stream = File.OpenRead(path);
            using var reader = new HistogramLogReader(stream);
            return reader.ReadHistograms().ToList();
        });
        var start = intervals.Min(h => h.StartTimeStamp);
        return [.. intervals.GroupBy(i => ((i.StartTimeStamp + i.EndTimeStamp) / 2 - start) / 1000).OrderBy(g => g.Key).Select(g =>
        {
            var sum = g.First().Copy();
            foreach (var other in g.Skip(1))
            {
                sum.Add(other);
            }
            return new LatencyOverTime(g.Key + 0.5, sum.TotalCount, sum.GetValueAtPercentile(50) / 1e6, sum.GetValueAtPercentile(99) / 1e6);
        })];
    }

    /// <summary>A compressed histogram as the client encodes one, with no counts and the header given.</summary>
    private static string Crafted(int digits, long highest)
    {
        var header = new byte[40];
        BinaryPrimitives.WriteInt32BigEndian(header, 0x1c849313);
        BinaryPrimitives.WriteInt32BigEndian(header.AsSpan(12), digits);
        BinaryPrimitives.WriteInt64BigEndian(header.AsSpan(16), 1);
        BinaryPrimitives.WriteInt64BigEndian(header.AsSpan(24), highest);
        BinaryPrimitives.WriteInt64BigEndian(header.AsSpan(32), BitConverter.DoubleToInt64Bits(1.0));
        using var compressed = new MemoryStream();
        using (var zlib = new ZLibStream(compressed, CompressionLevel.Optimal, leaveOpen: true))
        {
            zlib.Write(header);
        }

        var payload = new byte[8 + compressed.Length];
        BinaryPrimitives.WriteInt32BigEndian(payload, 0x1c849314);
        BinaryPrimitives.WriteInt32BigEndian(payload.AsSpan(4), (int)compressed.Length);
        compressed.ToArray().CopyTo(payload, 8);
        return Convert.ToBase64String(payload);
    }
}

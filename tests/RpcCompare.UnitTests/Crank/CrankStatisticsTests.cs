using System.Text.Json;
using HdrHistogram;
using RpcCompare.LoadClient.Crank;
using RpcCompare.Reports.Results;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Crank;

public class CrankStatisticsTests
{
    private const string GoldenFile = "tests/RpcCompare.UnitTests/Crank/Golden/statistics.txt";
    private const double TicksPerMillisecond = 1_000_000;
    private static readonly DateTime Finished = new(2026, 11, 22, 10, 19, 30, DateTimeKind.Utc);

    // The names crank's MeasurementMetadata accepts for aggregate and reduce (its Operation enum).
    private static readonly string[] CrankOperations = ["First", "Last", "Avg", "Sum", "Median", "Max", "Min", "Count", "All", "Delta"];

    [Fact]
    public void StatisticsBlockMatchesTheGoldenFile()
    {
        var actual = CrankStatistics.Block(SmallRun(), nameScenarios: false, TicksPerMillisecond, Finished);

        var goldenPath = RepositoryFile.PathOf(GoldenFile);
        var expected = File.ReadAllText(goldenPath).ReplaceLineEndings("\n");
        if (expected != actual)
        {
            File.WriteAllText(Path.ChangeExtension(goldenPath, ".actual.txt"), actual);
        }
        Assert.Equal(expected, actual);
    }

    [Fact]
    public void StatisticsJsonHasTheShapeCranksAgentReads()
    {
        var block = CrankStatistics.Block(SmallRun(), nameScenarios: false, TicksPerMillisecond, Finished);
        var lines = block.Split('\n');

        Assert.Equal(CrankStatistics.StartMarker, lines[0]);
        Assert.Equal(CrankStatistics.EndMarker, lines[^2]);
        Assert.Equal("", lines[^1]);
        using var document = JsonDocument.Parse(string.Join('\n', lines[1..^2]));
        var metadata = document.RootElement.GetProperty("Metadata").EnumerateArray().ToList();
        var measurements = document.RootElement.GetProperty("Measurements").EnumerateArray().ToList();
        foreach (var item in metadata)
        {
            foreach (var field in new[] { "source", "name", "aggregate", "reduce", "format", "longDescription", "shortDescription" })
            {
                Assert.Equal(JsonValueKind.String, item.GetProperty(field).ValueKind);
            }
            Assert.Contains(item.GetProperty("aggregate").GetString(), CrankOperations);
            Assert.Contains(item.GetProperty("reduce").GetString(), CrankOperations);
        }
        Assert.Equal(metadata.Select(m => m.GetProperty("name").GetString()), measurements.Select(m => m.GetProperty("name").GetString()));
        Assert.All(measurements, m => Assert.Equal(Finished, m.GetProperty("timestamp").GetDateTime()));

        var byName = metadata.ToDictionary(m => m.GetProperty("name").GetString()!);
        string Operations(string name) => $"{byName[name].GetProperty("aggregate").GetString()}/{byName[name].GetProperty("reduce").GetString()}";
        Assert.Equal("Max/Max", Operations("rpccompare/grpc/p99"));
        Assert.Equal("Max/Sum", Operations("rpccompare/grpc/requests"));
        Assert.Equal("Max/Sum", Operations("rpccompare/grpc/errors"));
        Assert.Equal("Max/Sum", Operations("rpccompare/grpc/throughput"));
        Assert.Equal("Max/Avg", Operations("rpccompare/grpc/bytes-received"));
        Assert.Equal("Last/All", Operations("rpccompare/grpc/histogram"));
        Assert.Equal("object", byName["rpccompare/grpc/histogram"].GetProperty("format").GetString());
        Assert.False(byName.ContainsKey("rpccompare/rest/stream/histogram"));
        Assert.False(byName.ContainsKey("rpccompare/wcf/p50"));
        Assert.Equal(JsonValueKind.String, measurements.Single(m => m.GetProperty("name").GetString() == "rpccompare/grpc/histogram").GetProperty("value").ValueKind);
    }

    [Fact]
    public void NamesCarryTheScenarioWhenARunHasSeveral()
    {
        var json = CrankStatistics.Json(SmallRun(), nameScenarios: true, TicksPerMillisecond, Finished);

        Assert.Contains("\"rpccompare/ping/rest/stream/p50\"", json, StringComparison.Ordinal);
        Assert.DoesNotContain("\"rpccompare/rest/stream/p50\"", json, StringComparison.Ordinal);
    }

    [Fact]
    public void HistogramTextGivesHdrHistogramsOwnPercentiles()
    {
        var histogram = Recorded(seed: 7, count: 5_000, medianMs: 3);

        var text = HistogramText.Encode(histogram, TicksPerMillisecond)!;

        var fields = text.Split(' ');
        string[] header = ["hdr1", "1000000", "1", "3600000000000", "3", "5000"];
        Assert.Equal(header, fields[..6]);
        var buckets = new List<(long Value, long Count)>();
        long value = 0;
        foreach (var pair in fields[6..])
        {
            var parts = pair.Split(':');
            value += long.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture);
            buckets.Add((value, long.Parse(parts[1], System.Globalization.CultureInfo.InvariantCulture)));
        }
        Assert.Equal(histogram.TotalCount, buckets.Sum(b => b.Count));
        foreach (var percentile in new[] { 0.0, 1, 25, 50, 75, 90, 99, 99.9, 100 })
        {
            var target = Math.Max((long)((percentile / 100 * histogram.TotalCount) + 0.5), 1);
            long running = 0;
            var found = buckets.First(b => (running += b.Count) >= target).Value;
            Assert.Equal(histogram.GetValueAtPercentile(percentile), found);
        }
        Assert.Equal(histogram.GetMaxValue(), buckets[^1].Value);
    }

    [Fact]
    public void AnEmptyHistogramHasNoText()
    {
        Assert.Null(HistogramText.Encode(new LongHistogram(1, 3_600_000_000_000, 3), TicksPerMillisecond));
    }

    /// <summary>Three entries: one with figures and a histogram, one without a histogram, one failed with nothing
    /// measured.</summary>
    private static IReadOnlyList<CrankEntry> SmallRun()
    {
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        foreach (var (ms, count) in new[] { (0.8, 3), (1.2, 5), (1.21, 1), (2.5, 2), (40.0, 1) })
        {
            histogram.RecordValueWithCount((long)(ms * TicksPerMillisecond), count);
        }
        return
        [
            new CrankEntry(Entry("grpc", "", requests: 12, errors: 1, new LatencySummary
            {
                P50 = histogram.GetValueAtPercentile(50) / TicksPerMillisecond,
                P90 = histogram.GetValueAtPercentile(90) / TicksPerMillisecond,
                P99 = histogram.GetValueAtPercentile(99) / TicksPerMillisecond,
                P999 = histogram.GetValueAtPercentile(99.9) / TicksPerMillisecond,
                Max = histogram.GetMaxValue() / TicksPerMillisecond,
                Mean = histogram.GetMean() / TicksPerMillisecond,
            }), histogram),
            new CrankEntry(Entry("rest", "stream", requests: 4, errors: 0, new LatencySummary
            {
                P50 = 2.5, P90 = 3.25, P99 = 4, P999 = 4, Max = 4.125, Mean = 2.75,
            }), null),
            new CrankEntry(Entry("wcf", "", requests: 0, errors: 0, null) with
            {
                Status = ResultsFormat.EntryStatus.Failed,
                BytesSentPerRequest = null,
                BytesReceivedPerRequest = null,
            }, null),
        ];
    }

    private static SummaryEntry Entry(string stack, string variant, long requests, long errors, LatencySummary? latency) => new()
    {
        Stack = stack,
        Scenario = "ping",
        Variant = variant,
        Status = ResultsFormat.EntryStatus.Ok,
        Threads = 2,
        Requests = requests,
        Errors = errors,
        ErrorsByKind = errors > 0 ? new Dictionary<string, long> { ["timeout"] = errors } : new Dictionary<string, long>(),
        DurationSeconds = 4,
        ThroughputRps = requests / 4.0,
        CallsPerUnit = 1,
        LatencyMs = latency,
        BytesSentPerRequest = 96.5,
        BytesReceivedPerRequest = 1024,
        LimitsHit = [],
        Files = new EntryFiles(),
    };

    private static LongHistogram Recorded(int seed, int count, double medianMs)
    {
        var random = new Random(seed);
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        for (var i = 0; i < count; i++)
        {
            var normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
            histogram.RecordValue((long)(medianMs * Math.Exp(0.8 * normal) * TicksPerMillisecond));
        }
        return histogram;
    }
}

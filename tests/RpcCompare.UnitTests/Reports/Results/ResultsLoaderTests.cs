using System.Text.Json.Nodes;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Results;

public class ResultsLoaderTests
{
    [Fact]
    public async Task WrittenFolderReadsBackWithEveryEntryAndLatency()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(50));

        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);

        Assert.True(run.IsComplete);
        Assert.Equal("worst-case", run.Manifest.Scenario);
        Assert.Equal(["grpc", "wcf", "rest", "graphql"], run.Entries.Select(e => e.Stack));
        Assert.All(run.Entries, e => Assert.Equal(50, e.LatenciesMs.Count));
        Assert.Equal(["graphql", "grpc", "rest", "wcf"], run.CountersByStack.Keys);
        Assert.Equal(12, run.CountersByStack["grpc"].Count);
    }

    [Fact]
    public async Task ManifestIsCamelCaseJsonWithExplicitNulls()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));

        var json = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine("manifest.json")))!.AsObject();

        Assert.Equal(ResultsFormat.Version, json["formatVersion"]!.GetValue<int>());
        Assert.True(json.ContainsKey("targetRateRps"));
        Assert.Null(json["targetRateRps"]);
        Assert.Equal("tiny-7f3a", json["dataset"]!["fingerprint"]!.GetValue<string>());
        Assert.Equal("2026-11-22T10:15:00+00:00", json["startedUtc"]!.GetValue<string>());
    }

    [Fact]
    public async Task MissingFolderIsNamed()
    {
        var missing = Path.Combine(Path.GetTempPath(), "rpccompare-no-such-" + Guid.NewGuid().ToString("N"));

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(missing, CancellationToken.None));

        Assert.Equal($"{missing}: the results folder does not exist.", error.Message);
    }

    [Fact]
    public async Task MissingManifestIsNamed()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        File.Delete(temp.Combine("manifest.json"));

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Equal($"{temp.Combine("manifest.json")}: the file is missing.", error.Message);
    }

    [Theory]
    [InlineData("manifest.json", "", "the file is empty.")]
    [InlineData("summary.json", "  \n", "the file is empty.")]
    [InlineData("manifest.json", "{\"formatVersion\": 1, \"tool\": {", "the file is not valid JSON (it may be truncated)")]
    [InlineData("summary.json", "[1, 2]", "the file holds a JSON array, not an object.")]
    [InlineData("manifest.json", "{\"tool\": {}}", "the file has no formatVersion.")]
    [InlineData("summary.json", "{\"formatVersion\": 3, \"entries\": \"new shape\"}", "the file has formatVersion 3, but this build reads formatVersions 1 and 2 only")]
    [InlineData("manifest.json", "{\"formatVersion\": \"1\"}", "formatVersion is \"1\", not a whole number.")]
    public async Task DamagedJsonFilesAreRefusedWithTheFileAndTheFault(string file, string content, string expected)
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        await File.WriteAllTextAsync(temp.Combine(file), content);

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.StartsWith($"{temp.Combine(file)}: {expected}", error.Message);
        Assert.Equal(temp.Combine(file), error.Path);
    }

    [Fact]
    public async Task MissingRequiredPropertyIsNamed()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        var json = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine("manifest.json")))!.AsObject();
        json.Remove("scenario");
        await File.WriteAllTextAsync(temp.Combine("manifest.json"), json.ToJsonString());

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Contains("manifest.json: the content does not match the results format", error.Message);
        Assert.Contains("scenario", error.Message);
    }

    [Fact]
    public async Task NullWhereAValueIsRequiredIsRefused()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        var json = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine("summary.json")))!.AsObject();
        json["entries"]![0]!["stack"] = null;
        await File.WriteAllTextAsync(temp.Combine("summary.json"), json.ToJsonString());

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Contains("summary.json: the content does not match the results format", error.Message);
        Assert.Contains("stack", error.Message);
    }

    [Theory]
    [InlineData("status", "paused", "manifest.json: status is 'paused', expected one of: running, complete, interrupted, failed.")]
    [InlineData("loadModel", "burst", "manifest.json: loadModel is 'burst', expected one of: closed, open.")]
    public async Task UnknownManifestEnumerationsAreRefused(string property, string value, string expected)
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        var json = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine("manifest.json")))!.AsObject();
        json[property] = value;
        await File.WriteAllTextAsync(temp.Combine("manifest.json"), json.ToJsonString());

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.EndsWith(expected, error.Message);
    }

    [Fact]
    public async Task FileNamesThatLeaveTheFolderAreRefused()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        var json = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine("summary.json")))!.AsObject();
        json["entries"]![1]!["files"]!["latencies"] = "../elsewhere.csv";
        await File.WriteAllTextAsync(temp.Combine("summary.json"), json.ToJsonString());

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Contains("entries[1] (wcf).files.latencies is '../elsewhere.csv', which is not a plain file name", error.Message);
    }

    [Fact]
    public async Task MissingLatencyFileIsNamed()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        File.Delete(temp.Combine("latencies-rest.csv"));

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Equal($"{temp.Combine("latencies-rest.csv")}: the latency file of rest named by summary.json is missing.", error.Message);
    }

    [Fact]
    public async Task TruncatedLastLatencyLineIsNamedWithItsLineNumber()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        var path = temp.Combine("latencies-grpc.csv");
        var text = await File.ReadAllTextAsync(path);
        await File.WriteAllTextAsync(path, text[..^3]);

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.StartsWith($"{path}: line 6 (", error.Message);
        Assert.EndsWith("is truncated: the file does not end with a line break.", error.Message);
    }

    [Theory]
    [InlineData("latency_ms\n1.000\n12.3\n", "line 3 is '12.3', expected a latency in milliseconds with three decimals such as 12.345.")]
    [InlineData("latency_ms\n1.000\n\n", "line 3 is empty, expected a latency in milliseconds with three decimals such as 12.345.")]
    [InlineData("latency_ms\n-1.000\n", "line 2 is '-1.000', expected a latency in milliseconds with three decimals such as 12.345.")]
    [InlineData("latency\n1.000\n", "line 1 is 'latency', expected the header 'latency_ms'.")]
    [InlineData("", "the file is empty (expected the header line 'latency_ms').")]
    public void DamagedLatencyLinesAreNamed(string content, string expected)
    {
        var error = Assert.Throws<ResultsFormatException>(() => LatencyCsv.Parse("latencies-x.csv", System.Text.Encoding.UTF8.GetBytes(content)));

        Assert.Equal($"latencies-x.csv: {expected}", error.Message);
    }

    [Fact]
    public void LatencyLinesParseExactlyIncludingWindowsLineEnds()
    {
        var values = LatencyCsv.Parse("x.csv", "latency_ms\r\n0.001\r\n12.345\r\n100000.000\r\n"u8);

        Assert.Equal([0.001, 12.345, 100000.0], values);
    }

    [Fact]
    public async Task LatencyCountThatDisagreesWithTheSummaryIsRefused()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        await File.AppendAllTextAsync(temp.Combine("latencies-wcf.csv"), "1.000\n");

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.EndsWith("the file holds 6 latencies but summary.json says wcf had 5 successful requests.", error.Message);
    }

    [Fact]
    public async Task CompleteRunWithoutSummaryIsRefused()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5), writeSummary: false);

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Equal($"{temp.Combine("summary.json")}: the file is missing.", error.Message);
    }

    [Fact]
    public async Task InterruptedRunWithoutSummaryLoadsWithNoEntries()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5), status: ResultsFormat.RunStatus.Interrupted, writeSummary: false);

        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);

        Assert.False(run.IsComplete);
        Assert.Null(run.Summary);
        Assert.Empty(run.Entries);
    }

    [Fact]
    public void CountersParseEmptyCellsAsUnknown()
    {
        var text = CountersCsv.Header + "\n0.5,,40.5,120,1000,2,0,0,35.5,90000,2600000\n1,x=1000,,,,,,,,,\n";

        var samples = CountersCsv.Parse("counters-grpc.csv", text);

        Assert.Equal(new CounterSample(0.5, "", 40.5, 120, 1000, 2, 0, 0, 35.5, 90000, 2600000), samples[0]);
        Assert.Equal(new CounterSample(1, "x=1000", null, null, null, null, null, null, null, null, null), samples[1]);
    }

    [Theory]
    [InlineData("elapsed_s,variant\n", "line 1 is 'elapsed_s,variant', expected the header")]
    [InlineData("HEADER\n0.5,,1,2,3,4,5,6,7,8\n", "line 2 has 10 cells, expected 11")]
    [InlineData("HEADER\n0.5,,abc,2,3,4,5,6,7,8,9\n", "line 2: gc_heap_mb is 'abc', not a number.")]
    [InlineData("HEADER\n0.5,,1,2,3.5,4,5,6,7,8,9\n", "line 2: alloc_bytes is '3.5', not a whole number.")]
    [InlineData("HEADER\n0.5,,1,2,3,4,5,6,7,8,9", "the last line ('0.5,,1,2,3,4,5,6,7,8,9') is truncated")]
    public void DamagedCounterRowsAreNamed(string content, string expected)
    {
        var error = Assert.Throws<ResultsFormatException>(() => CountersCsv.Parse("counters-grpc.csv", content.Replace("HEADER", CountersCsv.Header)));

        Assert.StartsWith($"counters-grpc.csv: {expected}", error.Message);
    }

    [Theory]
    [InlineData("grpc", "", "latencies-grpc.csv", "grpc.hgrm")]
    [InlineData("grpc", "stream", "latencies-grpc-stream.csv", "grpc-stream.hgrm")]
    [InlineData("wcf", "x=1000", "latencies-wcf-x=1000.csv", "wcf-x=1000.hgrm")]
    [InlineData("rest", "100B", "latencies-rest-100b.csv", "rest-100b.hgrm")]
    [InlineData("graphql", "1 thread / max", "latencies-graphql-1-thread-max.csv", "graphql-1-thread-max.hgrm")]
    public void FileNamesSanitiseVariants(string stack, string variant, string latencies, string histogram)
    {
        Assert.Equal(latencies, ResultFileNames.Latencies(stack, variant));
        Assert.Equal(histogram, ResultFileNames.Histogram(stack, variant));
        Assert.Equal($"counters-{stack}.csv", ResultFileNames.Counters(stack));
    }

    [Fact]
    public async Task WritersLeaveNoTemporaryFilesBehind()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));

        Assert.Empty(Directory.GetFiles(temp.Path, "*.tmp"));
        Assert.Empty(Directory.GetFiles(temp.Path, ".*"));
    }
}

using System.Diagnostics;
using System.Text.Json;
using HdrHistogram;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Crank;
using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.IntegrationTests.Crank;

/// <summary>
/// benchmarks/crank/histogram-merge.js, the script crank's controller runs over several load clients' histograms, run
/// under node: its merged percentiles must be HdrHistogram's own on the merged histogram. Here rather than in the unit
/// tests because it starts node (skipped where node is missing, except under CI).
/// </summary>
public class HistogramMergeScriptTests
{
    private const string Script = "benchmarks/crank/histogram-merge.js";
    private static readonly double[] Percentiles = [0, 0.1, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100];

    // Reads the script as crank's YAML embeds it, evaluates it as Jint would (one global script), and answers for the
    // texts on standard input: each percentile of their merge in ms, the merged summary, and what the crank hook does to a
    // job whose "all" reduce gave an array of the texts and to one whose single client gave a string.
    private const string Driver = """
        const fs = require('fs');
        (0, eval)(fs.readFileSync(process.argv[1], 'utf8'));
        const texts = JSON.parse(fs.readFileSync(0, 'utf8'));
        const percentiles = JSON.parse(process.argv[2]);
        const merged = rpccompareMergeHistograms(texts);
        const several = { metadata: [{ name: 'rpccompare/grpc/histogram' }, { name: 'rpccompare/grpc/p50' }],
          results: { 'rpccompare/grpc/histogram': texts, 'rpccompare/grpc/p50': -1 } };
        rpccompareMergeJobResults(several);
        const one = { metadata: [{ name: 'rpccompare/grpc/histogram' }], results: { 'rpccompare/grpc/histogram': texts[0], 'rpccompare/grpc/p50': -1 } };
        rpccompareMergeJobResults(one);
        console.log(JSON.stringify({
          values: percentiles.map(p => rpccompareValueAtPercentile(merged, p) / merged.unitsPerMs),
          summary: rpccompareMergedPercentiles(texts),
          severalClients: several.results,
          oneClient: one.results['rpccompare/grpc/p50'],
        }));
        """;

    [NodeFact]
    public async Task MergedPercentilesInJavaScriptAreHdrHistogramsOwn()
    {
        // Two clients with the recorder's settings, one faster and one with a slow tail, so the merge moves every percentile.
        var first = Recorded(seed: 1, count: 20_000, medianMs: 2, spread: 0.5);
        var second = Recorded(seed: 2, count: 7_000, medianMs: 9, spread: 1.2);
        var merged = first.Copy();
        merged.Add(second);
        var texts = new[] { first, second }.Select(h => HistogramText.Encode(h, LatencyUnits.TicksPerMillisecond)!).ToArray();

        var answer = await RunNodeAsync(texts);

        double Ms(long ticks) => ticks / LatencyUnits.TicksPerMillisecond;
        var values = answer.GetProperty("values").EnumerateArray().Select(v => v.GetDouble()).ToList();
        for (var i = 0; i < Percentiles.Length; i++)
        {
            Assert.Equal(Ms(merged.GetValueAtPercentile(Percentiles[i])), values[i]);
        }
        var summary = answer.GetProperty("summary");
        Assert.Equal(merged.TotalCount, summary.GetProperty("count").GetInt64());
        Assert.Equal(Ms(merged.GetValueAtPercentile(50)), summary.GetProperty("p50").GetDouble());
        Assert.Equal(Ms(merged.GetValueAtPercentile(90)), summary.GetProperty("p90").GetDouble());
        Assert.Equal(Ms(merged.GetValueAtPercentile(99)), summary.GetProperty("p99").GetDouble());
        Assert.Equal(Ms(merged.GetMaxValue()), summary.GetProperty("max").GetDouble());
        var several = answer.GetProperty("severalClients");
        Assert.Equal(Ms(merged.GetValueAtPercentile(50)), several.GetProperty("rpccompare/grpc/p50").GetDouble());
        Assert.Equal(Ms(merged.GetValueAtPercentile(99)), several.GetProperty("rpccompare/grpc/p99").GetDouble());
        Assert.Equal(Ms(merged.GetMaxValue()), several.GetProperty("rpccompare/grpc/max").GetDouble());
        Assert.Equal(-1, answer.GetProperty("oneClient").GetDouble());
    }

    [NodeFact]
    public async Task HistogramsOfDifferentSettingsAreRefused()
    {
        var coarse = new LongHistogram(1, LatencyUnits.TicksPerHour, 2);
        coarse.RecordValue(1_000_000);
        var texts = new[] { Recorded(seed: 3, count: 100, medianMs: 1, spread: 0.3), coarse }
            .Select(h => HistogramText.Encode(h, LatencyUnits.TicksPerMillisecond)!).ToArray();

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => RunNodeAsync(texts));

        Assert.Contains("different settings", error.Message, StringComparison.Ordinal);
    }

    private static async Task<JsonElement> RunNodeAsync(string[] texts)
    {
        var start = new ProcessStartInfo(Node.Path!)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in new[] { "-e", Driver, Node.RepositoryFile(Script), JsonSerializer.Serialize(Percentiles) })
        {
            start.ArgumentList.Add(argument);
        }
        using var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start node.");
        await process.StandardInput.WriteAsync(JsonSerializer.Serialize(texts));
        process.StandardInput.Close();
        var outcome = await ProcessRun.ToEndAsync(process, TimeSpan.FromSeconds(60), "node histogram-merge.js");
        if (outcome.ExitCode != 0)
        {
            throw new InvalidOperationException($"node exited with {outcome.ExitCode}: {outcome.Error}");
        }
        return JsonDocument.Parse(outcome.Output).RootElement.Clone();
    }

    private static LongHistogram Recorded(int seed, int count, double medianMs, double spread)
    {
        var random = new Random(seed);
        var histogram = new LongHistogram(1, LatencyUnits.TicksPerHour, 3);
        for (var i = 0; i < count; i++)
        {
            var normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
            histogram.RecordValue((long)(medianMs * Math.Exp(spread * normal) * LatencyUnits.TicksPerMillisecond));
        }
        return histogram;
    }

    /// <summary>node on PATH and the checkout's own files, found above the test's output folder.</summary>
    internal static class Node
    {
        public static string? Path { get; } = (Environment.GetEnvironmentVariable("PATH") ?? "")
            .Split(System.IO.Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => System.IO.Path.Combine(directory, "node"))
            .FirstOrDefault(File.Exists);

        public static string RepositoryFile(string relative)
        {
            for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
            {
                var candidate = System.IO.Path.Combine(directory.FullName, relative);
                if (File.Exists(candidate))
                {
                    return candidate;
                }
            }
            throw new FileNotFoundException($"{relative} was not found above {AppContext.BaseDirectory}.");
        }
    }
}

/// <summary>A fact that needs node: skipped where node is not on PATH, except under CI, where it must run.</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class NodeFactAttribute : FactAttribute
{
    public NodeFactAttribute()
    {
        if (!GrpcJs.IsCi && HistogramMergeScriptTests.Node.Path is null)
        {
            Skip = "node was not found on PATH.";
        }
    }
}

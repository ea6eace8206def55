using System.Globalization;
using System.Text;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.TestSupport;

namespace RpcCompare.Benchmarks.Harness;

/// <summary>
/// The load generator alone against the in-process null stack: how many calls per second it drives and records, and
/// how many per second of its own CPU, so its share of a real stack's figures can be judged (docs/performance.md).
/// Not a BenchmarkDotNet benchmark: the generator's warm-up and measured window decide how many calls are made, so the
/// figures are the recorder's own (calls in the window over the window's length), as in a real run.
/// </summary>
public static class HarnessRun
{
    private static readonly Variant Ping = new("", 1, 0, 1, static (client, _, token) => client.PingAsync("", token));

    /// <summary>Every combination of loop, completion and workers, measured for <paramref name="window"/> each.</summary>
    public static async Task<string> MeasureAllAsync(TimeSpan window, TextWriter progress)
    {
        var rows = new List<HarnessFigures>();
        foreach (var open in new[] { false, true })
        {
            foreach (var yields in new[] { false, true })
            {
                foreach (var workers in new[] { 1, 10 })
                {
                    var figures = await MeasureAsync(open, yields, workers, window);
                    progress.WriteLine(figures.ToString());
                    rows.Add(figures);
                }
            }
        }
        return ToMarkdown(rows);
    }

    public static async Task<HarnessFigures> MeasureAsync(bool openLoop, bool yields, int workers, TimeSpan window)
    {
        var folder = Directory.CreateTempSubdirectory("rpccompare-harness-").FullName;
        try
        {
            await using var client = new FakeGraphClient(yields);
            await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { LatenciesCsvPath = Path.Combine(folder, "latencies.csv") });
            var plan = new LoadPlan
            {
                Threads = workers,
                Duration = window,
                Warmup = TimeSpan.FromSeconds(1),
                RequestTimeout = TimeSpan.FromSeconds(60),
                // Far above what the generator can send, so no sender ever waits: the figure is its ceiling.
                Rate = openLoop ? 1e9 : null,
            };
            var allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
            await LoadGenerator.RunAsync(client, Ping, plan, recorder, CancellationToken.None);
            var allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
            var result = await recorder.CompleteAsync();
            var calls = result.Requests + result.WarmUpRequests;
            return new HarnessFigures(openLoop ? "open" : "closed", yields, workers, result.ThroughputRps,
                result.ClientCpuTime.TotalSeconds / result.DurationSeconds,
                result.Requests / result.ClientCpuTime.TotalSeconds, (double)allocated / calls, result.Errors);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static string ToMarkdown(IEnumerable<HarnessFigures> rows)
    {
        var text = new StringBuilder();
        text.AppendLine("| loop | null stack answers | workers | calls/s | CPUs busy | calls per CPU-second | bytes allocated per call |");
        text.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach (var row in rows)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {row.Loop} | {(row.Yields ? "after a yield" : "at once")} | {row.Workers} | {row.CallsPerSecond:N0} | {row.CpusBusy:N2} | {row.CallsPerCpuSecond:N0} | {row.AllocatedBytesPerCall:N1} |");
        }
        return text.ToString();
    }
}

/// <summary>One configuration's figures: throughput, CPU, calls per CPU-second and allocation per call (whole process).</summary>
public sealed record HarnessFigures(string Loop, bool Yields, int Workers, double CallsPerSecond, double CpusBusy,
    double CallsPerCpuSecond, double AllocatedBytesPerCall, long Errors)
{
    public override string ToString() => string.Create(CultureInfo.InvariantCulture,
        $"{Loop} loop, null stack {(Yields ? "yields" : "answers at once")}, {Workers} workers: {CallsPerSecond:N0} calls/s, " +
        $"{CpusBusy:N2} CPUs busy, {CallsPerCpuSecond:N0} calls per CPU-second, {AllocatedBytesPerCall:N1} B allocated per call, {Errors} errors");
}

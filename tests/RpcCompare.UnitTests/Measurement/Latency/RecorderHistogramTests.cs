using System.Diagnostics;
using System.Text;
using HdrHistogram;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Measurement.Latency;

/// <summary>The recorder's histogram path on HdrHistogram: precision, merging across workers, the .hgrm and the .hlog.</summary>
public sealed class RecorderHistogramTests : IDisposable
{
    private static readonly TimeSpan NoTimer = TimeSpan.FromHours(1);

    private readonly string _folder = Directory.CreateTempSubdirectory("hdr-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task PercentilesKeepThreeSignificantDigitsOverEveryWorker()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var workers = Enumerable.Range(0, 4).Select(_ => recorder.CreateWorker()).ToArray();
        long t0 = Stopwatch.GetTimestamp();
        recorder.BeginMeasurement(t0);

        // 1..10,000 microseconds, spread over the workers: the exact p50 is 5,000 µs, p99 9,900 µs, max 10,000 µs.
        for (int i = 1; i <= 10_000; i++)
        {
            workers[i % workers.Length].RecordSuccess(t0, t0 + Ticks(ms: i / 1000.0));
        }

        recorder.SampleNow();
        var result = await recorder.CompleteAsync();

        Assert.Equal(10_000, result.Histogram.TotalCount);
        var stats = result.LatencyMs!;
        AssertWithinPrecision(5.0, stats.P50);
        AssertWithinPrecision(9.0, stats.P90);
        AssertWithinPrecision(9.9, stats.P99);
        AssertWithinPrecision(9.99, stats.P999);
        AssertWithinPrecision(10.0, stats.Max);
        AssertWithinPrecision(5.0005, stats.Mean);
    }

    [Fact]
    public async Task TheHgrmIsHdrHistogramsPercentileDistributionInMilliseconds()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        recorder.BeginMeasurement(t0);
        var random = new Random(3);
        for (int i = 0; i < 20_000; i++)
        {
            // Mostly 0.2-2 ms with a long tail.
            worker.RecordSuccess(t0, t0 + Ticks(ms: 0.2 + (-Math.Log(1 - random.NextDouble()) * 0.4)));
        }

        var result = await recorder.CompleteAsync();
        var file = HgrmFile.Parse(result.ToHgrm());

        Assert.Equal(20_000, file.TotalCount);
        Assert.Equal(result.LatencyMs!.Max, file.Max, 3);
        Assert.Equal(result.LatencyMs.Mean, file.Mean, 3);
        Assert.Equal(0.0, file.Rows[0].Percentile);
        Assert.Equal(1.0, file.Rows[^1].Percentile);
        Assert.All(file.Rows.Zip(file.Rows.Skip(1)), pair => Assert.True(pair.First.Value <= pair.Second.Value));
    }

    [Fact]
    public async Task TheIntervalLogHoldsEveryMeasuredCallInTimeOrder()
    {
        string log = Path.Combine(_folder, "intervals-grpc.hlog");
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { IntervalLogPath = log, SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        worker.RecordSuccess(t0, t0 + Ticks(ms: 1));
        recorder.SampleNow();
        recorder.BeginMeasurement();
        for (int interval = 1; interval <= 3; interval++)
        {
            for (int i = 0; i < interval * 10; i++)
            {
                long start = Stopwatch.GetTimestamp();
                worker.RecordSuccess(start, start + Ticks(ms: interval));
            }

            await Task.Delay(20);
            recorder.SampleNow();
        }

        recorder.SampleNow();
        Assert.False(File.Exists(log));
        var result = await recorder.CompleteAsync();

        Assert.Equal(log, result.IntervalLogFile);
        Assert.Null(result.IntervalLogError);
        var bytes = await File.ReadAllBytesAsync(log);
        Assert.All(bytes, b => Assert.True(b < 128, "the log is ASCII, as HdrHistogram's Java tools read it"));
        Assert.StartsWith("#[Histogram log format version", Encoding.ASCII.GetString(bytes), StringComparison.Ordinal);

        using var stream = File.OpenRead(log);
        using var reader = new HistogramLogReader(stream);
        var intervals = reader.ReadHistograms().ToList();
        Assert.Equal(result.Requests, intervals.Sum(h => h.TotalCount));
        Assert.Equal(60, result.Requests);
        var busy = intervals.Where(h => h.TotalCount > 0).ToList();
        Assert.Equal([10L, 20L, 30L], busy.Select(h => h.TotalCount));
        Assert.All(intervals, h => Assert.True(h.StartTimeStamp <= h.EndTimeStamp));
        Assert.All(intervals.Zip(intervals.Skip(1)), pair => Assert.True(pair.First.EndTimeStamp <= pair.Second.StartTimeStamp + 1));
        Assert.Equal(3.0, busy[^1].GetMaxValue() / LatencyUnits.TicksPerMillisecond, 2);
    }

    [Fact]
    public async Task ARecorderNotCompletedLeavesNoIntervalLog()
    {
        string log = Path.Combine(_folder, "intervals-rest.hlog");
        var recorder = new LatencyRecorder(new LatencyRecorderOptions { IntervalLogPath = log, SnapshotInterval = NoTimer });
        recorder.BeginMeasurement();
        recorder.CreateWorker().RecordSuccess(Stopwatch.GetTimestamp(), Stopwatch.GetTimestamp());
        recorder.SampleNow();
        await recorder.DisposeAsync();

        Assert.Empty(Directory.GetFiles(_folder));
    }

    private static void AssertWithinPrecision(double expected, double actual) =>
        Assert.InRange(actual, expected * 0.999, expected * 1.001);

    private static long Ticks(double ms) => (long)Math.Round(ms * Stopwatch.Frequency / 1000);
}

using System.Diagnostics;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Measurement.Latency;

public sealed class LatencyRecorderTests : IDisposable
{
    private static readonly TimeSpan NoTimer = TimeSpan.FromHours(1);

    private readonly string _folder = Directory.CreateTempSubdirectory("recorder-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task OnlyTheWindowIsRecorded()
    {
        string csv = Path.Combine(_folder, "latencies-grpc.csv");
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { LatenciesCsvPath = csv, SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        long begin = t0 + Ticks(ms: 10);
        long end = begin + Ticks(ms: 1000);

        recorder.BeginMeasurement(begin);
        recorder.EndMeasurement(end);
        worker.RecordSuccess(t0, t0 + Ticks(ms: 5));
        worker.RecordSuccess(begin, begin + Ticks(ms: 0.15));
        worker.RecordSuccess(begin, begin + Ticks(ms: 2.5));
        worker.RecordSuccess(begin + Ticks(ms: 100), begin + Ticks(ms: 112.345));
        worker.RecordSuccess(end - Ticks(ms: 1), end);
        var result = await recorder.CompleteAsync();

        Assert.Equal(3, result.Requests);
        Assert.Equal(1, result.WarmUpRequests);
        Assert.Equal(3, result.Histogram.TotalCount);
        Assert.Equal(1.0, result.DurationSeconds, 6);
        Assert.Equal(3.0, result.ThroughputRps, 6);
        Assert.Equal(csv, result.LatenciesFile);
        Assert.Equal(3, result.LatenciesWritten);
        Assert.Equal(["latency_ms", "0.150", "2.500", "12.345"], await File.ReadAllLinesAsync(csv));
        Assert.False(File.Exists(csv + ".tmp"));
        Assert.InRange(result.LatencyMs!.Max, 12.345, 12.345 * 1.001);
    }

    [Fact]
    public async Task TheWindowCountsWhatTheProcessAllocatedInIt()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        long t0 = Stopwatch.GetTimestamp();

        recorder.BeginMeasurement(t0);
        var held = new byte[8][];
        for (var i = 0; i < held.Length; i++)
        {
            held[i] = new byte[1_000_000];
        }
        recorder.EndMeasurement(Stopwatch.GetTimestamp());
        var result = await recorder.CompleteAsync();

        GC.KeepAlive(held);
        // The count is not precise: each thread's current allocation context (a few KB) may be counted at either reading.
        Assert.True(result.ClientAllocatedBytes >= 7_500_000, $"{result.ClientAllocatedBytes:N0} bytes");
    }

    [Fact]
    public async Task EachWarmUpIntervalKeepsItsMeanLatency()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        var ms = Stopwatch.Frequency / 1000;
        var t0 = Stopwatch.GetTimestamp();

        worker.RecordSuccess(t0, t0 + (2 * ms));
        worker.RecordSuccess(t0, t0 + (4 * ms));
        recorder.SampleNow();
        recorder.SampleNow();
        worker.RecordSuccess(t0, t0 + (9 * ms));
        recorder.SampleNow();
        recorder.BeginMeasurement();
        worker.RecordSuccess(Stopwatch.GetTimestamp(), Stopwatch.GetTimestamp() + (50 * ms));
        recorder.SampleNow();

        // An interval without calls adds nothing; a measured call is no longer warm-up.
        Assert.Equal([3.0, 9.0], recorder.WarmUpIntervalMeansMs());
    }

    [Fact]
    public async Task FirstCallIsKeptApartFromTheHistogram()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();

        recorder.RecordFirstCall(t0, t0 + Ticks(ms: 40));
        recorder.RecordFirstCall(t0, t0 + Ticks(ms: 1));
        recorder.BeginMeasurement(t0);
        worker.RecordSuccess(t0, t0 + Ticks(ms: 2));
        var result = await recorder.CompleteAsync();

        Assert.Equal(40, result.FirstCallMs!.Value, 6);
        Assert.Equal(1, result.Histogram.TotalCount);
        Assert.Equal(2, result.LatencyMs!.P50, 2);
        Assert.Null(result.LatenciesFile);
    }

    [Fact]
    public async Task ErrorsAreCountedByKindInsideTheWindowOnly()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        recorder.BeginMeasurement(t0 + 100);
        recorder.EndMeasurement(t0 + 1000);

        worker.RecordError(ErrorKind.Refused, t0);
        worker.RecordError(ErrorKind.Timeout, t0 + 200, new TimeoutException("deadline exceeded"));
        worker.RecordError(ErrorKind.Timeout, t0 + 300);
        worker.RecordError(ErrorKind.NotFound, t0 + 400);
        worker.RecordError(ErrorKind.Server, t0 + 2000);
        var result = await recorder.CompleteAsync();

        Assert.Equal(3, result.Errors);
        Assert.Equal(1, result.WarmUpErrors);
        Assert.Equal(new Dictionary<string, long> { ["timeout"] = 2, ["not-found"] = 1 }, result.ErrorsByWireName());
        Assert.Equal(ErrorKinds.All.Count, result.ErrorsByKind.Count);
        Assert.Equal("timeout: TimeoutException: deadline exceeded", result.FirstError);
        Assert.Equal(0, result.Requests);
        Assert.Null(result.LatencyMs);
    }

    [Fact]
    public async Task ConcurrentWorkersStreamEveryLatencyInTheirOwnOrder()
    {
        const int Workers = 4;
        const int PerWorker = 20_000;
        string csv = Path.Combine(_folder, "latencies-rest.csv");
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions
        {
            LatenciesCsvPath = csv,
            SnapshotInterval = TimeSpan.FromMilliseconds(5),
            WorkerQueueCapacity = 64,
        });
        recorder.BeginMeasurement();

        var tasks = Enumerable.Range(0, Workers).Select(id => Task.Run(() =>
        {
            var worker = recorder.CreateWorker();
            for (int sequence = 0; sequence < PerWorker; sequence++)
            {
                // The latency encodes who recorded it and when: worker * 1000 ms + sequence µs.
                long end = Stopwatch.GetTimestamp();
                worker.RecordSuccess(end - Ticks(ms: (id * 1000) + (sequence / 1000.0)), end);
            }
        })).ToArray();
        await Task.WhenAll(tasks);
        var result = await recorder.CompleteAsync();

        Assert.Equal(Workers * PerWorker, result.Requests);
        Assert.Equal(Workers * PerWorker, result.Histogram.TotalCount);
        Assert.Equal(Workers * PerWorker, result.LatenciesWritten);
        var lines = await File.ReadAllLinesAsync(csv);
        Assert.Equal("latency_ms", lines[0]);
        var byWorker = lines.Skip(1)
            .Select(line => (long)Math.Round(double.Parse(line, System.Globalization.CultureInfo.InvariantCulture) * 1000))
            .GroupBy(microseconds => microseconds / 1_000_000)
            .ToDictionary(group => group.Key, group => group.Select(microseconds => microseconds % 1_000_000).ToArray());
        Assert.Equal(Workers, byWorker.Count);
        foreach (var sequences in byWorker.Values)
        {
            Assert.Equal(Enumerable.Range(0, PerWorker).Select(i => (long)i), sequences);
        }
    }

    [Fact]
    public async Task ASlowDiskMakesTheWorkerWaitInsteadOfQueueing()
    {
        const int Capacity = 16;
        const int Count = 50_000;
        string csv = Path.Combine(_folder, "latencies-wcf.csv");
        GatedStream? disk = null;
        await using var recorder = new LatencyRecorder(
            new LatencyRecorderOptions { LatenciesCsvPath = csv, SnapshotInterval = NoTimer, WorkerQueueCapacity = Capacity },
            path => disk = new GatedStream(File.Create(path)));
        var worker = recorder.CreateWorker();
        recorder.BeginMeasurement();

        var producing = Task.Run(() =>
        {
            for (int i = 0; i < Count; i++)
            {
                long end = Stopwatch.GetTimestamp();
                worker.RecordSuccess(end - Ticks(ms: 1 + (i % 7)), end);
            }
        });
        await Eventually.TrueAsync(() => disk!.HasBlockedAWrite && worker.Ring!.ProducerWaits > 0, "the worker to wait for the blocked writer");

        // Assert: the worker is held back and the queue never grows past its capacity.
        Assert.False(producing.IsCompleted);
        Assert.InRange(worker.Ring!.Pending, 0, Capacity);

        disk!.Open();
        await producing;
        var result = await recorder.CompleteAsync();

        Assert.Equal(Count, result.LatenciesWritten);
        var lines = await File.ReadAllLinesAsync(csv);
        Assert.Equal(Count + 1, lines.Length);
        Assert.Equal(Enumerable.Range(0, Count).Select(i => $"{1 + (i % 7)}.000"), lines.Skip(1));
    }

    [Fact]
    public async Task AFailingDiskCostsOnlyTheFile()
    {
        const int Count = 50_000;
        string csv = Path.Combine(_folder, "latencies-rest.csv");
        await using var recorder = new LatencyRecorder(
            new LatencyRecorderOptions { LatenciesCsvPath = csv, SnapshotInterval = NoTimer, WorkerQueueCapacity = 16 },
            path => new FullDiskStream(File.Create(path)));
        var worker = recorder.CreateWorker();
        recorder.BeginMeasurement();

        await Task.Run(() =>
        {
            for (int i = 0; i < Count; i++)
            {
                long end = Stopwatch.GetTimestamp();
                worker.RecordSuccess(end - Ticks(ms: 1), end);
            }
        }).WaitAsync(TimeSpan.FromMinutes(1));
        var result = await recorder.CompleteAsync();

        Assert.Equal(Count, result.Requests);
        Assert.Equal(Count, result.Histogram.TotalCount);
        Assert.Null(result.LatenciesFile);
        Assert.Contains("disk full", result.LatenciesFileError);
        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task RecordingAllocatesNothingOnTheWorkerThread()
    {
        string csv = Path.Combine(_folder, "latencies-grpc.csv");
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions
        {
            LatenciesCsvPath = csv,
            SnapshotInterval = TimeSpan.FromMilliseconds(5),
            WorkerQueueCapacity = 1 << 16,
        });
        var worker = recorder.CreateWorker();
        recorder.BeginMeasurement();

        long allocated = await Task.Run(() =>
        {
            void Record(int count)
            {
                for (int i = 0; i < count; i++)
                {
                    long end = Stopwatch.GetTimestamp();
                    worker.RecordSuccess(end - (i % 5000), end, expectedIntervalTicks: 0);
                    worker.RecordError(ErrorKind.Timeout, end);
                }
            }

            Record(1000);

            // The runtime may allocate once on this thread while it swaps in optimised code mid-loop (seen on a loaded
            // CI machine); a per-call allocation would show in every round, so the quietest round must be zero.
            long quietest = long.MaxValue;
            for (int round = 0; round < 4; round++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                Record(10_000);
                quietest = Math.Min(quietest, GC.GetAllocatedBytesForCurrentThread() - before);
            }

            return quietest;
        });
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, allocated);
        Assert.Equal(41_000, result.LatenciesWritten);
    }

    [Fact]
    public async Task SnapshotShowsProgressWithoutTouchingTheWorkers()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long now = Stopwatch.GetTimestamp();
        worker.RecordSuccess(now - Ticks(ms: 1), now);

        var warmUp = recorder.SampleNow();
        Assert.Same(warmUp, recorder.Snapshot);
        Assert.Equal(MeasurementPhase.WarmUp, warmUp.Phase);
        Assert.Equal(1, warmUp.WarmUpRequests);
        Assert.Equal(0, warmUp.Requests);
        Assert.Null(warmUp.P99Ms);

        recorder.BeginMeasurement();
        for (int i = 1; i <= 100; i++)
        {
            now = Stopwatch.GetTimestamp();
            worker.RecordSuccess(now - Ticks(ms: i), now);
        }

        worker.RecordError(ErrorKind.Other, Stopwatch.GetTimestamp());
        var measuring = recorder.SampleNow();
        Assert.Equal(MeasurementPhase.Measuring, measuring.Phase);
        Assert.Equal(100, measuring.Requests);
        Assert.Equal(1, measuring.Errors);
        Assert.Equal(99, measuring.P99Ms!.Value, 1);
        Assert.Equal(99, measuring.IntervalP99Ms!.Value, 1);
        Assert.True(measuring.RequestsPerSecond > 0);

        var idle = recorder.SampleNow();
        Assert.Equal(100, idle.Requests);
        Assert.Equal(99, idle.P99Ms!.Value, 1);
        Assert.Null(idle.IntervalP99Ms);
    }

    [Fact]
    public async Task TheTimerRefreshesTheSnapshot()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = TimeSpan.FromMilliseconds(20) });
        var worker = recorder.CreateWorker();
        recorder.BeginMeasurement();

        for (int i = 0; i < 3; i++)
        {
            long now = Stopwatch.GetTimestamp();
            worker.RecordSuccess(now - Ticks(ms: 1), now);
        }

        await Eventually.TrueAsync(() => recorder.Snapshot.Requests == 3, "the snapshot to show three requests");
        Assert.NotNull(recorder.Snapshot.P99Ms);
    }

    [Fact]
    public async Task CoordinatedOmissionCorrectionGoesToTheHistogramButNotTheCsv()
    {
        string csv = Path.Combine(_folder, "latencies-graphql.csv");
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { LatenciesCsvPath = csv, SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        recorder.BeginMeasurement(t0);

        worker.RecordSuccess(t0, t0 + Ticks(ms: 1), Ticks(ms: 10));
        worker.RecordSuccess(t0, t0 + Ticks(ms: 50), Ticks(ms: 10));
        var result = await recorder.CompleteAsync();

        Assert.Equal(2, result.Requests);
        // 50 ms at one call per 10 ms hides the calls that would have taken 40, 30, 20 and 10 ms.
        Assert.Equal(6, result.Histogram.TotalCount);
        Assert.Equal(["latency_ms", "1.000", "50.000"], await File.ReadAllLinesAsync(csv));
    }

    [Fact]
    public async Task LatencyAboveTheCeilingIsClamped()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions
        {
            HighestTrackableTicks = Ticks(ms: 1000),
            SnapshotInterval = NoTimer,
        });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        recorder.BeginMeasurement(t0);

        worker.RecordSuccess(t0, t0 + Ticks(ms: 5000));
        var result = await recorder.CompleteAsync();

        Assert.Equal(1, result.ClampedValues);
        Assert.Equal(1000, result.LatencyMs!.Max, 0);
    }

    [Fact]
    public async Task TheCsvKeepsATemporaryNameUntilComplete()
    {
        string csv = Path.Combine(_folder, "latencies-grpc-stream.csv");
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { LatenciesCsvPath = csv, SnapshotInterval = NoTimer });

        Assert.True(File.Exists(csv + ".tmp"));
        Assert.False(File.Exists(csv));

        await recorder.CompleteAsync();

        Assert.True(File.Exists(csv));
        Assert.False(File.Exists(csv + ".tmp"));
        Assert.Equal(["latency_ms"], await File.ReadAllLinesAsync(csv));
    }

    [Fact]
    public async Task DisposingWithoutCompletingLeavesNoFile()
    {
        string csv = Path.Combine(_folder, "latencies-wcf.csv");
        var recorder = new LatencyRecorder(new LatencyRecorderOptions { LatenciesCsvPath = csv, SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        recorder.BeginMeasurement();
        long now = Stopwatch.GetTimestamp();
        worker.RecordSuccess(now - 10, now);

        await recorder.DisposeAsync();

        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task AScheduledStartDecidesWhatIsMeasured()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        long start = t0 + Ticks(ms: 10);

        recorder.ScheduleMeasurement(start);
        worker.RecordSuccess(t0, start - 1);
        worker.RecordError(ErrorKind.Timeout, start - 1);
        // Calls that end after the scheduled start but before the coordinator gets round to BeginMeasurement.
        worker.RecordSuccess(start, start + Ticks(ms: 2));
        worker.RecordError(ErrorKind.Timeout, start + Ticks(ms: 3));
        recorder.BeginMeasurement(start + Ticks(ms: 50));
        Assert.Throws<InvalidOperationException>(() => recorder.BeginMeasurement());
        worker.RecordSuccess(start + Ticks(ms: 60), start + Ticks(ms: 61));
        recorder.EndMeasurement(start + Ticks(ms: 100));
        var result = await recorder.CompleteAsync();

        Assert.Equal(2, result.Requests);
        Assert.Equal(1, result.Errors);
        Assert.Equal(1, result.WarmUpRequests);
        Assert.Equal(0.1, result.DurationSeconds, 6);
    }

    [Fact]
    public async Task AWindowStoppedBeforeItsScheduledStartIsEmpty()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();

        recorder.ScheduleMeasurement(t0 + Ticks(ms: 1000));
        Assert.Throws<InvalidOperationException>(() => recorder.ScheduleMeasurement(t0));
        worker.RecordSuccess(t0, t0 + Ticks(ms: 1));
        recorder.BeginMeasurement(t0 + Ticks(ms: 2));
        recorder.EndMeasurement(t0 + Ticks(ms: 3));
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, result.Requests);
        Assert.Equal(1, result.WarmUpRequests);
        Assert.Equal(0, result.DurationSeconds);
    }

    [Fact]
    public async Task TheWindowCannotBeMisused()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();

        Assert.Throws<InvalidOperationException>(() => recorder.EndMeasurement());
        recorder.BeginMeasurement(100);
        Assert.Throws<InvalidOperationException>(() => recorder.BeginMeasurement());
        Assert.Throws<ArgumentOutOfRangeException>(() => recorder.EndMeasurement(99));
        Assert.Throws<ArgumentException>(() => worker.RecordSuccess(200, 150));
        await recorder.CompleteAsync();
        await Assert.ThrowsAsync<InvalidOperationException>(() => recorder.CompleteAsync());
        Assert.Throws<InvalidOperationException>(() => recorder.CreateWorker());
    }

    [Fact]
    public void OptionsRejectAQueueThatIsNotAPowerOfTwo()
    {
        var error = Assert.Throws<ArgumentOutOfRangeException>(
            () => new LatencyRecorder(new LatencyRecorderOptions { WorkerQueueCapacity = 1000 }));

        Assert.Equal("WorkerQueueCapacity", error.ParamName);
    }

    private static long Ticks(double ms) => LatencyUnits.ToTicks(TimeSpan.FromMilliseconds(ms));
}

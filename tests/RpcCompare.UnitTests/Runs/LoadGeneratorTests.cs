using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;

namespace RpcCompare.UnitTests.Runs;

public sealed class LoadGeneratorTests
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(1);

    [Theory]
    [InlineData(null)]
    [InlineData(50.0)]
    public async Task ACallOutlivingTheRequestTimeoutCountsAsATimeout(double? rate)
    {
        // A call that never ends by itself, like a streamed body whose stack's own timeout stopped at the headers.
        var never = new Variant("", Threads: 2, Requests: 4, CallsPerUnit: 1,
            (_, _, cancellationToken) => Task.Delay(Timeout.InfiniteTimeSpan, cancellationToken));
        var plan = new LoadPlan
        {
            Threads = 2, Requests = 4, Warmup = TimeSpan.Zero, Rate = rate, RequestTimeout = TimeSpan.FromMilliseconds(200),
        };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, never, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, result.Requests);
        // Closed loop: the calls in flight when the warm-up ends are measured too. Open loop: exactly the slots
        // scheduled from the end of the warm-up on, however late the generator's own thread wakes.
        Assert.InRange(result.Errors, 4, rate is null ? 4 + plan.Threads : 4);
        Assert.Equal(result.Errors, result.ErrorsByKind.GetValueOrDefault(ErrorKind.Timeout));
    }

    [Fact]
    public async Task AnAnswerAfterTheDeadlineIsATimeout()
    {
        var deaf = new Variant("", Threads: 1, Requests: 2, CallsPerUnit: 1,
            (_, _, _) => Task.Delay(TimeSpan.FromMilliseconds(400), CancellationToken.None));
        var plan = new LoadPlan { Threads = 1, Requests = 2, Warmup = TimeSpan.Zero, RequestTimeout = TimeSpan.FromMilliseconds(50) };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, deaf, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, result.Requests);
        Assert.Equal(result.Errors, result.ErrorsByKind.GetValueOrDefault(ErrorKind.Timeout));
        Assert.InRange(result.Errors, 2, 3);
    }

    [Fact]
    public async Task WithoutATimeoutEveryCallRunsToItsEnd()
    {
        var quick = new Variant("", Threads: 1, Requests: 3, CallsPerUnit: 1,
            (_, _, cancellationToken) => Task.Delay(TimeSpan.FromMilliseconds(20), cancellationToken));
        var plan = new LoadPlan { Threads = 1, Requests = 3, Warmup = TimeSpan.Zero };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, quick, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, result.Errors);
        Assert.InRange(result.Requests, 3, 4);
    }

    [Theory]
    [InlineData(null, true)]
    [InlineData(1e9, true)]
    [InlineData(null, false)]
    public async Task TheMeasuringPathAllocatesNothingPerCall(double? rate, bool withDeadline)
    {
        // The null stack answers at once, so the one worker never leaves its thread and whatever that thread allocates
        // between two calls is the generator's own (loop, deadline, recorder). Counted per thread, so tests running in
        // parallel do not count. The runtime may allocate once while it swaps in optimised code, so the quietest of
        // three stretches of 40,000 calls must be zero.
        var probe = new AllocationProbe([20_000, 60_000, 100_000, 140_000]);
        var ping = new Variant("", Threads: 1, Requests: 150_000, CallsPerUnit: 1, (client, _, token) =>
        {
            probe.OnCall();
            // A decode measured on every call, so recording it is part of the path counted.
            CallTiming.Current?.AddDecode(1_000);
            return client.PingAsync("", token);
        });
        // A count, never a time, in both loops: a second of a busy machine's time held fewer than the calls probed. The open
        // loop's window is its slots (one every nanosecond at this rate, all due before the worker reaches them), so it
        // ends after exactly this many calls however late the worker runs.
        var plan = new LoadPlan
        {
            Threads = 1, Requests = 150_000, Warmup = TimeSpan.Zero, RequestTimeout = withDeadline ? TimeSpan.FromSeconds(60) : null,
            Rate = rate,
        };
        await using var client = new FakeGraphClient(yields: false);
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = TimeSpan.FromHours(1) });

        await LoadGenerator.RunAsync(client, ping, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.True(result.Requests >= 100_000, $"only {result.Requests} calls were measured");
        Assert.True(probe.OneThread, "the worker changed threads, so its allocations were not all counted");
        Assert.Equal(0, probe.QuietestStretch());
    }

    [Fact]
    public async Task EachWorkerHasItsHolderAndMeasuredCallsRecordIt()
    {
        var holders = new System.Collections.Concurrent.ConcurrentDictionary<CallTiming, bool>();
        var decoding = new Variant("", Threads: 3, Requests: 30, CallsPerUnit: 1, async (_, _, _) =>
        {
            await Task.Yield();
            var timing = CallTiming.Current!;
            holders[timing] = true;
            Assert.Equal(CallTiming.NotMeasured, timing.DecodeTicks);
            timing.AddDecode(LatencyUnits.ToTicks(TimeSpan.FromMilliseconds(3)));
        });
        var plan = new LoadPlan { Threads = 3, Requests = 30, Warmup = TimeSpan.Zero };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, decoding, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.Equal(3, holders.Count);
        Assert.Equal(result.Requests, result.DecodeMs!.Count);
        Assert.Equal(3.0, result.DecodeMs.P50, 0.05);
        Assert.Null(result.ReceiveMs);
        Assert.Null(CallTiming.Current);
    }

    [Fact]
    public async Task AFreshDeadlineFollowsATimeoutOnTheSameWorker()
    {
        // Each worker re-arms one deadline per call; after one fired, the next call must get a live one, not the spent one.
        // The quick call answers at once unless its token is already cancelled (a spent deadline): no clock decides it, so
        // a busy machine cannot stretch it past the deadline.
        var calls = 0;
        var variant = new Variant("", Threads: 1, Requests: 4, CallsPerUnit: 1, (_, _, cancellationToken) =>
            Interlocked.Increment(ref calls) % 2 == 1
                ? Task.Delay(Timeout.InfiniteTimeSpan, cancellationToken)
                : cancellationToken.IsCancellationRequested ? Task.FromCanceled(cancellationToken) : Task.CompletedTask);
        var plan = new LoadPlan { Threads = 1, Requests = 4, Warmup = TimeSpan.Zero, RequestTimeout = TimeSpan.FromMilliseconds(500) };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, variant, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.InRange(result.Requests, 2, 3);
        Assert.InRange(result.ErrorsByKind[ErrorKind.Timeout], 2, 3);
        Assert.Equal(result.Errors, result.ErrorsByKind[ErrorKind.Timeout]);
    }

    [Fact]
    public async Task ASteadyClosedLoopEndsItsWarmUpBeforeTheCap()
    {
        var steady = new Variant("", Threads: 2, Requests: 4, CallsPerUnit: 1,
            (_, _, cancellationToken) => Task.Delay(TimeSpan.FromMilliseconds(5), cancellationToken));
        var plan = new LoadPlan { Threads = 2, Requests = 4, Warmup = TimeSpan.FromMinutes(5) };
        await using var recorder = new LatencyRecorder();

        var warmUp = await LoadGenerator.RunAsync(null!, steady, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);

        Assert.True(warmUp.Adaptive);
        Assert.True(warmUp.Steadiness!.Value.Steady);
        Assert.True(warmUp.Length >= LoadGenerator.MinimumJudgedWarmup, $"{warmUp.Length}");
        Assert.True(warmUp.Steadiness.Value.Intervals >= SteadyState.MinimumIntervals);
    }

    [Theory]
    [InlineData(50.0, 5)]  // open loop: its measured window is scheduled in advance (ten intervals, six needed to judge)
    [InlineData(null, 1)]  // a warm-up too short to judge
    public async Task AWarmUpThatCannotWaitRunsItsPlannedTime(double? rate, double warmupSeconds)
    {
        var quick = new Variant("", Threads: 1, Requests: 2, CallsPerUnit: 1,
            (_, _, cancellationToken) => Task.Delay(TimeSpan.FromMilliseconds(2), cancellationToken));
        var plan = new LoadPlan { Threads = 1, Requests = 2, Rate = rate, Warmup = TimeSpan.FromSeconds(warmupSeconds) };
        await using var recorder = new LatencyRecorder();

        var warmUp = await LoadGenerator.RunAsync(null!, quick, plan, recorder, CancellationToken.None).WaitAsync(HangGuard);

        Assert.False(warmUp.Adaptive);
        Assert.True(warmUp.Length >= plan.Warmup - TimeSpan.FromMilliseconds(20), $"{warmUp.Length}");
        if (warmupSeconds < 3)
        {
            Assert.Null(warmUp.Steadiness);
        }
        else
        {
            // Judged unless the recorder's sampler saw too few intervals: on a busy machine (CI's unit tests in parallel
            // on two cores) its 500 ms timer can fire fewer than six times in five seconds (one more may come after the
            // judgement, with the warm-up's last calls).
            Assert.True(warmUp.Steadiness is not null || recorder.WarmUpIntervalMeansMs().Count <= SteadyState.MinimumIntervals,
                $"{recorder.WarmUpIntervalMeansMs().Count} intervals");
        }
    }

    /// <summary>Reads the calling thread's allocated bytes at given call numbers, allocating nothing itself.</summary>
    private sealed class AllocationProbe(long[] at)
    {
        private readonly long[] _bytes = new long[at.Length];
        private long _calls;
        private int _thread = -1;

        public bool OneThread { get; private set; } = true;

        public void OnCall()
        {
            var call = ++_calls;
            var index = Array.IndexOf(at, call);
            if (index < 0)
            {
                return;
            }
            _bytes[index] = GC.GetAllocatedBytesForCurrentThread();
            var thread = Environment.CurrentManagedThreadId;
            OneThread &= _thread == -1 || _thread == thread;
            _thread = thread;
        }

        public long QuietestStretch() => Enumerable.Range(1, at.Length - 1).Min(i => _bytes[i] - _bytes[i - 1]);
    }
}

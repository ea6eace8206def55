using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;

namespace RpcCompare.LoadClient.Runs;

/// <summary>Drives one variant against one client: warm-up, then the measured window, every call recorded.</summary>
public static class LoadGenerator
{
    /// <summary>After a refused connection a worker waits this long, so a dead host is not hammered in a tight loop.</summary>
    internal static readonly TimeSpan RefusedBackoff = TimeSpan.FromMilliseconds(100);

    /// <summary>A warm-up shorter than this is not judged (<see cref="SteadyState.MinimumIntervals"/> intervals of 500 ms).</summary>
    public static readonly TimeSpan MinimumJudgedWarmup = TimeSpan.FromSeconds(SteadyState.MinimumIntervals * 0.5);

    /// <summary>Runs warm-up and the measured window; returns when every worker has stopped.</summary>
    /// <param name="abort">Cancelled when the variant must stop early (Ctrl+C, a host that died).</param>
    public static Task<WarmUpOutcome> RunAsync(IGraphClient client, Variant variant, LoadPlan plan, LatencyRecorder recorder,
        CancellationToken abort) => RunAsync(client, variant, plan, recorder, kinds: null, abort);

    /// <summary>Runs warm-up and the measured window; returns when every worker has stopped.</summary>
    /// <param name="kinds">A mix's recorders per kind (started), which record each call beside the whole's; null otherwise.</param>
    /// <param name="abort">Cancelled when the variant must stop early (Ctrl+C, a host that died).</param>
    /// <returns>How the warm-up ended. A closed loop's warm-up without --start-at lasts from
    /// <see cref="MinimumJudgedWarmup"/> until its intervals are steady (<see cref="SteadyState"/>), at most
    /// <see cref="LoadPlan.Warmup"/>; any other warm-up lasts its planned time and is judged when it ends.</returns>
    public static async Task<WarmUpOutcome> RunAsync(IGraphClient client, Variant variant, LoadPlan plan, LatencyRecorder recorder,
        MixRecording? kinds, CancellationToken abort)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(abort);
        var state = new RunState(plan.Requests, plan.RequestTimeout);
        var interval = plan.Rate is { } rate ? (long)(Stopwatch.Frequency / rate) : 0;
        var start = Stopwatch.GetTimestamp() + Stopwatch.Frequency / 100;
        var warmupEnd = plan.MeasureFrom is { } from
            ? Math.Max(start, Stopwatch.GetTimestamp() + (long)((from - DateTimeOffset.UtcNow).TotalSeconds * Stopwatch.Frequency))
            : start + (long)(plan.Warmup.TotalSeconds * Stopwatch.Frequency);
        if (plan.Rate is not null && plan.Requests is { } planned)
        {
            // Open loop: the measured window holds the requests scheduled from the end of the warm-up on (and those of
            // the warm-up still in flight then). Both ends are fixed here, on the schedule, not when this thread wakes:
            // on a busy machine a late wake-up added the slots that passed meanwhile (7 measured for 4 planned), and a
            // call that ended before it was counted as warm-up.
            state.LastSlotTimestamp = warmupEnd + planned * interval;
            recorder.ScheduleMeasurement(warmupEnd);
        }
        var workers = Enumerable.Range(0, plan.Threads).Select(index =>
        {
            var recorderHandle = recorder.CreateWorker();
            var kindHandles = kinds?.CreateWorkers();
            var random = new Random(unchecked(plan.Seed * 7919 + index));
            return Task.Run(() => plan.Rate is null
                ? ClosedLoopAsync(client, variant, recorderHandle, kindHandles, random, state, stop.Token)
                : OpenLoopAsync(client, variant, recorderHandle, kindHandles, random, state, start, interval, stop.Token), CancellationToken.None);
        }).ToArray();

        var warmupLength = TimeSpan.Zero;
        var adaptive = plan.Rate is null && plan.MeasureFrom is null && plan.Warmup >= MinimumJudgedWarmup;
        Steadiness? steadiness = null;
        try
        {
            if (adaptive)
            {
                await WaitUntilAsync(start + (long)(MinimumJudgedWarmup.TotalSeconds * Stopwatch.Frequency), abort);
                while (!(steadiness = SteadyState.Assess(recorder.WarmUpIntervalMeansMs())).Value.Steady && Stopwatch.GetTimestamp() < warmupEnd)
                {
                    // A quarter of a 500 ms interval: the warm-up ends soon after the interval that made it steady.
                    await WaitUntilAsync(Math.Min(warmupEnd, Stopwatch.GetTimestamp() + Stopwatch.Frequency / 8), abort);
                }
            }
            else
            {
                await WaitUntilAsync(warmupEnd, abort);
                steadiness = plan.Warmup >= MinimumJudgedWarmup ? SteadyState.Assess(recorder.WarmUpIntervalMeansMs()) : null;
            }

            warmupLength = Stopwatch.GetElapsedTime(start);
            recorder.BeginMeasurement();
            state.Measuring = true;
            if (plan.Duration is { } duration)
            {
                await Task.Delay(duration, abort);
                recorder.EndMeasurement();
                await stop.CancelAsync();
            }
            else
            {
                await Task.WhenAll(workers).WaitAsync(abort);
                recorder.EndMeasurement();
            }
        }
        catch (OperationCanceledException) when (abort.IsCancellationRequested)
        {
            if (!state.Measuring)
            {
                // Stopped during the warm-up: an empty measured window, not an error of the stack.
                recorder.BeginMeasurement();
            }
            recorder.EndMeasurement();
            await stop.CancelAsync();
        }
        await Task.WhenAll(workers);
        return new WarmUpOutcome(warmupLength, steadiness is { Intervals: >= SteadyState.MinimumIntervals } judged ? judged : null, adaptive);
    }

    private static async Task ClosedLoopAsync(IGraphClient client, Variant variant, WorkerRecorder recorder, WorkerRecorder[]? kinds, Random random,
        RunState state, CancellationToken stop)
    {
        using var deadline = new Deadline(state.RequestTimeout, stop);
        var timing = MeasureAnswers();
        while (!stop.IsCancellationRequested)
        {
            if (state.Limited && state.Measuring && Interlocked.Decrement(ref state.Budget) < 0)
            {
                return;
            }
            await CallAsync(client, variant, recorder, kinds, random, Stopwatch.GetTimestamp(), deadline, timing, stop);
        }
    }

    private static async Task OpenLoopAsync(IGraphClient client, Variant variant, WorkerRecorder recorder, WorkerRecorder[]? kinds, Random random,
        RunState state, long start, long interval, CancellationToken stop)
    {
        using var deadline = new Deadline(state.RequestTimeout, stop);
        var timing = MeasureAnswers();
        while (!stop.IsCancellationRequested)
        {
            var slot = Interlocked.Increment(ref state.NextSlot) - 1;
            var scheduled = start + slot * interval;
            if (scheduled >= Volatile.Read(ref state.LastSlotTimestamp))
            {
                return;
            }
            // A request that is late because every sender was busy counts from when it was due, so a stalled server
            // shows as latency (coordinated omission). A sender that was idle waits for the due time and counts from
            // when it actually sent: the timer's oversleep (a millisecond or so) is the client's, not the stack's.
            var sent = scheduled;
            if (scheduled > Stopwatch.GetTimestamp())
            {
                try
                {
                    sent = await WaitUntilAsync(scheduled, stop);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
            await CallAsync(client, variant, recorder, kinds, random, sent, deadline, timing, stop);
        }
    }

    /// <summary>
    /// The worker's holder of its calls' answer timings (decode, receive), set for the rest of the worker's async flow:
    /// every call it makes from here inherits it, into the client libraries' own continuations where they decode. Set
    /// here, inside the worker's async method, so it ends with the worker and other flows never see it.
    /// </summary>
    private static CallTiming MeasureAnswers()
    {
        var timing = new CallTiming();
        CallTiming.Current = timing;
        return timing;
    }

    /// <summary>Returns the first timestamp at or after <paramref name="due"/>: Task.Delay truncates to whole
    /// milliseconds and may wake early, so it is asked again until the due time has passed.</summary>
    private static async Task<long> WaitUntilAsync(long due, CancellationToken stop)
    {
        while (true)
        {
            var now = Stopwatch.GetTimestamp();
            if (now >= due)
            {
                return now;
            }
            var milliseconds = Math.Ceiling((due - now) * 1000.0 / Stopwatch.Frequency);
            await Task.Delay(TimeSpan.FromMilliseconds(Math.Max(1, milliseconds)), stop);
        }
    }

    /// <summary>One call, timed and recorded. Pooled so a call that completes asynchronously reuses its state machine:
    /// the measuring path allocates nothing per call (LoadGeneratorTests.TheMeasuringPathAllocatesNothingPerCall).</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private static async ValueTask CallAsync(IGraphClient client, Variant variant, WorkerRecorder recorder, WorkerRecorder[]? kinds,
        Random random, long startTimestamp, Deadline deadline, CallTiming timing, CancellationToken stop)
    {
        // A mix's request draws its kind here, so the kind's handle records exactly what the whole's records.
        var drawn = variant.Mix is { } mix && kinds is not null ? mix.Draw(random) : -1;
        var operation = drawn < 0 ? variant.Operation : variant.Mix!.Operations[drawn];
        var part = drawn < 0 ? null : kinds![drawn];
        timing.Reset();
        try
        {
            await operation(client, random, deadline.Start());
            var end = Stopwatch.GetTimestamp();
            if (deadline.Expired)
            {
                // It answered, but after the deadline (a call that ignores cancellation, or a loaded timer): a timeout.
                recorder.RecordError(ErrorKind.Timeout, end);
                part?.RecordError(ErrorKind.Timeout, end);
                return;
            }
            recorder.RecordSuccess(startTimestamp, end);
            recorder.RecordAnswer(timing, end);
            part?.RecordSuccess(startTimestamp, end);
            part?.RecordAnswer(timing, end);
        }
        catch (Exception e) when (!stop.IsCancellationRequested)
        {
            var kind = deadline.Expired ? ErrorKind.Timeout : ErrorKinds.OfFailedCall(e);
            var end = Stopwatch.GetTimestamp();
            recorder.RecordError(kind, end, e);
            part?.RecordError(kind, end, e);
            if (kind == ErrorKind.Refused)
            {
                await Task.Delay(RefusedBackoff, CancellationToken.None);
            }
        }
        catch (Exception) when (stop.IsCancellationRequested)
        {
            // The run is stopping: an interrupted call is neither a success nor an error of the stack.
        }
        finally
        {
            deadline.Finish();
        }
    }

    /// <summary>
    /// A worker's per-call deadline. The stacks' own timeouts do not all cover the whole call (HttpClient.Timeout stops at
    /// the headers of a response read as a stream), so the generator enforces one deadline for every stack. One source per
    /// worker, re-armed for each call and reset after it, instead of a linked source per call: a linked source and its
    /// timer would be the harness's only allocation per call.
    /// </summary>
    private sealed class Deadline : IDisposable
    {
        private readonly TimeSpan? _timeout;
        private readonly CancellationToken _stop;
        private readonly CancellationTokenRegistration _onStop;
        private CancellationTokenSource? _source;

        public Deadline(TimeSpan? timeout, CancellationToken stop)
        {
            _timeout = timeout;
            _stop = stop;
            _onStop = stop.UnsafeRegister(static state => ((Deadline)state!).CancelCurrent(), this);
        }

        /// <summary>True when the call's deadline passed (not when the run is stopping).</summary>
        public bool Expired => Volatile.Read(ref _source) is { IsCancellationRequested: true } && !_stop.IsCancellationRequested;

        /// <summary>The token for the next call: cancelled by its deadline or by the end of the run.</summary>
        public CancellationToken Start()
        {
            if (_timeout is not { } timeout)
            {
                return _stop;
            }
            var source = Volatile.Read(ref _source);
            if (source is null)
            {
                source = new CancellationTokenSource();
                Volatile.Write(ref _source, source);
            }
            source.CancelAfter(timeout);
            if (_stop.IsCancellationRequested)
            {
                // The run stopped between the callback and this call's new source.
                source.Cancel();
            }
            return source.Token;
        }

        /// <summary>Disarms the deadline; a source that fired cannot be reused and is replaced at the next call.</summary>
        public void Finish()
        {
            if (Volatile.Read(ref _source) is { } source && !source.TryReset())
            {
                Volatile.Write(ref _source, null);
                source.Dispose();
            }
        }

        public void Dispose()
        {
            _onStop.Dispose();
            Volatile.Read(ref _source)?.Dispose();
        }

        private void CancelCurrent()
        {
            try
            {
                Volatile.Read(ref _source)?.Cancel();
            }
            catch (ObjectDisposedException)
            {
                // The worker replaced it at that moment; the new one sees the stop in Start.
            }
        }
    }

    /// <summary>What the workers share. The two counters each sit on their own cache line, away from the flags every
    /// worker reads on every call, so ten workers taking slots do not slow each other's reads (false sharing).</summary>
    [StructLayout(LayoutKind.Explicit)]
    private sealed class RunState
    {
        [FieldOffset(0)] private volatile bool _measuring;
        [FieldOffset(8)] public long LastSlotTimestamp = long.MaxValue;
        [FieldOffset(16)] public readonly bool Limited;
        [FieldOffset(24)] public readonly TimeSpan? RequestTimeout;
        [FieldOffset(128)] public long Budget;
        [FieldOffset(256)] public long NextSlot;

        public RunState(long? budget, TimeSpan? requestTimeout)
        {
            Limited = budget is not null;
            Budget = budget ?? 0;
            RequestTimeout = requestTimeout;
        }

        public bool Measuring
        {
            get => _measuring;
            set => _measuring = value;
        }
    }
}

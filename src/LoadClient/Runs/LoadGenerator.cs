using System.Diagnostics;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;

namespace RpcCompare.LoadClient.Runs;

/// <summary>Drives one variant against one client: warm-up, then the measured window, every call recorded.</summary>
public static class LoadGenerator
{
    /// <summary>After a refused connection a worker waits this long, so a dead host is not hammered in a tight loop.</summary>
    private static readonly TimeSpan RefusedBackoff = TimeSpan.FromMilliseconds(100);

    /// <summary>Runs warm-up and the measured window; returns when every worker has stopped.</summary>
    /// <param name="onMeasuring">Called when the measured window opens (e.g. to label the server's counter samples).</param>
    /// <param name="abort">Cancelled when the variant must stop early (Ctrl+C, a host that died).</param>
    public static async Task RunAsync(IGraphClient client, Variant variant, LoadPlan plan, LatencyRecorder recorder,
        Action onMeasuring, CancellationToken abort)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(abort);
        var state = new RunState(plan.Requests ?? long.MaxValue) { RequestTimeout = plan.RequestTimeout };
        var interval = plan.Rate is { } rate ? (long)(Stopwatch.Frequency / rate) : 0;
        var start = Stopwatch.GetTimestamp() + Stopwatch.Frequency / 100;
        var warmupEnd = start + (long)(plan.Warmup.TotalSeconds * Stopwatch.Frequency);
        var workers = Enumerable.Range(0, plan.Threads).Select(index =>
        {
            var recorderHandle = recorder.CreateWorker();
            var random = new Random(unchecked(plan.Seed * 7919 + index));
            return Task.Run(() => plan.Rate is null
                ? ClosedLoopAsync(client, variant, recorderHandle, random, state, stop.Token)
                : OpenLoopAsync(client, variant, recorderHandle, random, state, start, interval, stop.Token), CancellationToken.None);
        }).ToArray();

        try
        {
            await Task.Delay(TimeSpan.FromTicks(Math.Max(0, (warmupEnd - Stopwatch.GetTimestamp()) * TimeSpan.TicksPerSecond / Stopwatch.Frequency)), abort);
            recorder.BeginMeasurement();
            state.Measuring = true;
            if (plan.Rate is not null && plan.Requests is { } planned)
            {
                // Open loop: the measured window holds exactly the requests scheduled inside it.
                var measuredStart = Math.Max(warmupEnd, Stopwatch.GetTimestamp());
                state.LastSlotTimestamp = measuredStart + planned * interval;
            }
            onMeasuring();
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
    }

    private static async Task ClosedLoopAsync(IGraphClient client, Variant variant, WorkerRecorder recorder, Random random,
        RunState state, CancellationToken stop)
    {
        while (!stop.IsCancellationRequested)
        {
            if (state.Measuring && Interlocked.Decrement(ref state.Budget) < 0)
            {
                return;
            }
            await CallAsync(client, variant, recorder, random, Stopwatch.GetTimestamp(), state.RequestTimeout, stop);
        }
    }

    private static async Task OpenLoopAsync(IGraphClient client, Variant variant, WorkerRecorder recorder, Random random,
        RunState state, long start, long interval, CancellationToken stop)
    {
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
            await CallAsync(client, variant, recorder, random, sent, state.RequestTimeout, stop);
        }
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

    private static async Task CallAsync(IGraphClient client, Variant variant, WorkerRecorder recorder, Random random,
        long startTimestamp, TimeSpan? timeout, CancellationToken stop)
    {
        // The stacks' own timeouts do not all cover the whole call (HttpClient.Timeout stops at the headers of a
        // response read as a stream), so the generator enforces one deadline for every stack.
        using var deadline = timeout is null ? null : CancellationTokenSource.CreateLinkedTokenSource(stop);
        deadline?.CancelAfter(timeout!.Value);
        try
        {
            await variant.Operation(client, random, deadline?.Token ?? stop);
            if (deadline is { IsCancellationRequested: true } && !stop.IsCancellationRequested)
            {
                // It answered, but after the deadline (a call that ignores cancellation, or a loaded timer): a timeout.
                recorder.RecordError(ErrorKind.Timeout, Stopwatch.GetTimestamp());
                return;
            }
            recorder.RecordSuccess(startTimestamp, Stopwatch.GetTimestamp());
        }
        catch (Exception e) when (!stop.IsCancellationRequested)
        {
            var kind = deadline is { IsCancellationRequested: true } ? ErrorKind.Timeout
                : e is GraphCallException call ? call.Kind
                : ErrorKinds.Classify(e);
            recorder.RecordError(kind, Stopwatch.GetTimestamp(), e);
            if (kind == ErrorKind.Refused)
            {
                await Task.Delay(RefusedBackoff, CancellationToken.None);
            }
        }
        catch (Exception) when (stop.IsCancellationRequested)
        {
            // The run is stopping: an interrupted call is neither a success nor an error of the stack.
        }
    }

    private sealed class RunState(long budget)
    {
        public long Budget = budget;
        public long NextSlot;
        public long LastSlotTimestamp = long.MaxValue;
        public TimeSpan? RequestTimeout;
        private volatile bool _measuring;

        public bool Measuring
        {
            get => _measuring;
            set => _measuring = value;
        }
    }
}

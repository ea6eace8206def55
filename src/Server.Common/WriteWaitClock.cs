using System.Diagnostics;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;

namespace RpcCompare.Server.Common;

/// <summary>
/// Adds up, for one response, the time its writes were blocked on the transport: the awaits of a flush or write that did
/// not complete synchronously. Kestrel completes them at once unless the response pipe is over its pause threshold
/// because the HTTP/2 stream's window or the socket's send buffer is full, so the waits are the client not reading yet.
/// A write that completes at once costs nothing here; a blocked one may allocate its state machine (pooled for the
/// ValueTask ones).
/// </summary>
internal sealed class WriteWaitClock(TimeProvider time)
{
    /// <summary>The waits so far, in <see cref="TimeProvider.GetTimestamp"/> units.</summary>
    public long BlockedTimestampTicks { get; private set; }

    public TimeSpan Blocked => TimeSpan.FromSeconds(BlockedTimestampTicks / (double)time.TimestampFrequency);

    /// <summary>The waits so far in Stopwatch ticks, as <see cref="Stacks.ServerMetrics.RecordWriteWait"/> takes them.</summary>
    public long BlockedStopwatchTicks => time.TimestampFrequency == Stopwatch.Frequency
        ? BlockedTimestampTicks
        : (long)(BlockedTimestampTicks * ((double)Stopwatch.Frequency / time.TimestampFrequency));

    public void Reset() => BlockedTimestampTicks = 0;

    public ValueTask<FlushResult> Time(ValueTask<FlushResult> pending) =>
        pending.IsCompleted ? pending : WaitAsync(pending, time.GetTimestamp());

    public ValueTask Time(ValueTask pending) =>
        pending.IsCompleted ? pending : WaitAsync(pending, time.GetTimestamp());

    public Task Time(Task pending) =>
        pending.IsCompleted ? pending : WaitAsync(pending, time.GetTimestamp());

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<FlushResult> WaitAsync(ValueTask<FlushResult> pending, long started)
    {
        try
        {
            return await pending;
        }
        finally
        {
            Add(started);
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask WaitAsync(ValueTask pending, long started)
    {
        try
        {
            await pending;
        }
        finally
        {
            Add(started);
        }
    }

    private async Task WaitAsync(Task pending, long started)
    {
        try
        {
            await pending;
        }
        finally
        {
            Add(started);
        }
    }

    // A response's writes are sequential (a PipeWriter and a response Stream allow one operation at a time).
    private void Add(long started) => BlockedTimestampTicks += time.GetTimestamp() - started;
}

namespace RpcCompare.UnitTests.Support;

/// <summary>A clock that stands still until something waits on it, then jumps to the end of the wait at once: a delay
/// returns without real time passing, and the test reads how long it was asked to wait.</summary>
internal sealed class SteppingTimeProvider(DateTimeOffset now) : TimeProvider
{
    private readonly Lock _lock = new();
    private DateTimeOffset _now = now;

    /// <summary>Every wait asked of this clock, in order.</summary>
    public List<TimeSpan> Waits { get; } = [];

    public override DateTimeOffset GetUtcNow()
    {
        lock (_lock)
        {
            return _now;
        }
    }

    public void Set(DateTimeOffset now)
    {
        lock (_lock)
        {
            _now = now;
        }
    }

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        lock (_lock)
        {
            Waits.Add(dueTime);
            _now += dueTime;
        }
        // Fired off the caller's stack: Task.Delay keeps the timer only after CreateTimer returns.
        ThreadPool.QueueUserWorkItem(_ => callback(state));
        return new FiredTimer();
    }

    private sealed class FiredTimer : ITimer
    {
        public bool Change(TimeSpan dueTime, TimeSpan period) => false;

        public void Dispose()
        {
        }

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}

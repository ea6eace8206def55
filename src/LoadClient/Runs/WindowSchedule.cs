namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// --start-at: every measurement of the plan begins at a wall-clock time computed from the plan alone, so load clients on
/// several machines (or several processes of one), given the same command line, measure each entry at the same time and
/// their results merge over windows that overlap. Each slot is the entry's warm-up and measured window (a fixed
/// --duration) plus <see cref="Lead"/> before it and <see cref="Gap"/> after it. The measured window itself begins at a
/// fixed time in the slot (<see cref="MeasureFrom"/>), whatever the first call and the warm-up's start cost each client.
/// </summary>
public sealed class WindowSchedule
{
    /// <summary>Between one slot's measured window and the next slot's start: first call, counter settling (2 x 600 ms),
    /// the in-flight calls of a closed loop. A client that overruns it starts its next slot late and says so.</summary>
    public static readonly TimeSpan Gap = TimeSpan.FromSeconds(5);

    /// <summary>From the slot's start to the warm-up's: the counters' settling (600 ms) and the first call, with room to spare.</summary>
    public static readonly TimeSpan Lead = TimeSpan.FromSeconds(2);

    private readonly Dictionary<(int Trial, int Index), DateTimeOffset> _starts = [];
    private readonly TimeProvider _time;

    private WindowSchedule(RunPlan plan, DateTimeOffset startAt, TimeProvider time)
    {
        _time = time;
        StartAt = startAt;
        var next = startAt;
        for (var trial = 1; trial <= plan.Trials; trial++)
        {
            foreach (var entry in plan.Orders[trial - 1])
            {
                _starts[(trial, entry.Index)] = next;
                var load = plan.LoadFor(entry, trial);
                next += Lead + load.Warmup + (load.Duration ?? throw new InvalidOperationException("A schedule needs windows of a fixed duration.")) + Gap;
            }
        }
        End = next;
    }

    public DateTimeOffset StartAt { get; }

    /// <summary>When the last slot is over.</summary>
    public DateTimeOffset End { get; }

    /// <summary>The latest any slot of this client began after its scheduled time so far.</summary>
    public TimeSpan WorstLateness { get; private set; }

    /// <summary>The schedule of a run given --start-at, or null for a run that starts each measurement when the previous ends.</summary>
    public static WindowSchedule? For(RunPlan plan, DateTimeOffset? startAt, TimeProvider? time = null) =>
        startAt is { } start ? new WindowSchedule(plan, start, time ?? TimeProvider.System) : null;

    public DateTimeOffset StartOf(int trial, PlannedEntry entry) => _starts[(trial, entry.Index)];

    /// <summary>When the entry's measured window begins in this trial.</summary>
    public DateTimeOffset MeasureFrom(int trial, PlannedEntry entry, TimeSpan warmup) => StartOf(trial, entry) + Lead + warmup;

    /// <summary>Waits for the entry's slot; returns how late this client reached it (zero when it waited).</summary>
    public async Task<TimeSpan> WaitForAsync(int trial, PlannedEntry entry, CancellationToken cancellationToken)
    {
        var wait = StartOf(trial, entry) - _time.GetUtcNow();
        if (wait > TimeSpan.Zero)
        {
            await Task.Delay(wait, _time, cancellationToken);
            return TimeSpan.Zero;
        }
        var late = -wait;
        WorstLateness = late > WorstLateness ? late : WorstLateness;
        return late;
    }

    /// <summary>The seed every client given the same --start-at draws the same trial orders from (when --trial-seed is not given).</summary>
    public static int SeedFor(DateTimeOffset startAt) => (int)(startAt.ToUnixTimeSeconds() % int.MaxValue);
}

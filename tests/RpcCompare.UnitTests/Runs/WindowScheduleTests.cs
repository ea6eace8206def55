using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

/// <summary>--start-at: every measurement's slot computed from the plan alone, and how a client waits for it.</summary>
public sealed class WindowScheduleTests
{
    private static readonly DateTimeOffset T0 = new(2026, 11, 26, 9, 30, 0, TimeSpan.Zero);
    private static readonly TimeSpan Warmup = TimeSpan.FromSeconds(10);
    private static readonly ScenarioData Data = new(DatasetSpec.Tiny);

    [Fact]
    public void SlotsFollowTheOrderBackToBack()
    {
        var plan = Plan(trials: 1, duration: TimeSpan.FromSeconds(20));

        var schedule = WindowSchedule.For(plan, T0)!;

        var slot = WindowSchedule.Lead + Warmup + TimeSpan.FromSeconds(20) + WindowSchedule.Gap;
        Assert.Equal([T0, T0 + slot, T0 + (2 * slot)], plan.Orders[0].Select(e => schedule.StartOf(1, e)));
        Assert.Equal(T0 + (3 * slot), schedule.End);
        Assert.Equal(T0, schedule.StartAt);
    }

    [Fact]
    public void LaterTrialsSlotsHoldOnlyTheReWarm()
    {
        // 20 s over two trials: 10 s of measurement per entry and trial.
        var plan = Plan(trials: 2, duration: TimeSpan.FromSeconds(20));

        var schedule = WindowSchedule.For(plan, T0)!;

        var first = WindowSchedule.Lead + Warmup + TimeSpan.FromSeconds(10) + WindowSchedule.Gap;
        var later = WindowSchedule.Lead + RunPlan.ReWarm + TimeSpan.FromSeconds(10) + WindowSchedule.Gap;
        var trial2 = T0 + (3 * first);
        Assert.Equal([trial2, trial2 + later, trial2 + (2 * later)], plan.Orders[1].Select(e => schedule.StartOf(2, e)));
        Assert.Equal(trial2 + (3 * later), schedule.End);
    }

    [Fact]
    public void MeasuredWindowBeginsAfterLeadAndWarmup()
    {
        var plan = Plan(trials: 2, duration: TimeSpan.FromSeconds(20));
        var schedule = WindowSchedule.For(plan, T0)!;
        var entry = plan.Orders[1][1];

        var from = schedule.MeasureFrom(2, entry, plan.LoadFor(entry, 2).Warmup);

        Assert.Equal(schedule.StartOf(2, entry) + WindowSchedule.Lead + RunPlan.ReWarm, from);
    }

    [Fact]
    public void NoStartAtMeansNoSchedule() =>
        Assert.Null(WindowSchedule.For(Plan(trials: 1, duration: TimeSpan.FromSeconds(20)), null));

    [Fact]
    public void WindowsOfARequestCountCannotBeScheduled()
    {
        var plan = Plan(trials: 1, duration: null);

        var e = Assert.Throws<InvalidOperationException>(() => WindowSchedule.For(plan, T0));

        Assert.Equal("A schedule needs windows of a fixed duration.", e.Message);
    }

    [Fact]
    public async Task AnEarlyClientWaitsUntilItsSlot()
    {
        var (schedule, order, time) = Scheduled();
        var entry = order[0];
        var start = schedule.StartOf(1, entry);
        time.Set(start - TimeSpan.FromMilliseconds(1500));

        var late = await schedule.WaitForAsync(1, entry, CancellationToken.None);

        Assert.Equal(TimeSpan.Zero, late);
        Assert.Equal([TimeSpan.FromMilliseconds(1500)], time.Waits);
        Assert.Equal(start, time.GetUtcNow());
        Assert.Equal(TimeSpan.Zero, schedule.WorstLateness);
    }

    [Fact]
    public async Task ALateClientIsToldHowLate()
    {
        var (schedule, order, time) = Scheduled();
        var entry = order[0];
        time.Set(schedule.StartOf(1, entry) + TimeSpan.FromMilliseconds(1500));

        var late = await schedule.WaitForAsync(1, entry, CancellationToken.None);

        Assert.Equal(TimeSpan.FromMilliseconds(1500), late);
        Assert.Empty(time.Waits);
        Assert.Equal(TimeSpan.FromMilliseconds(1500), schedule.WorstLateness);
    }

    [Fact]
    public async Task WorstLatenessIsTheLatestSlot()
    {
        var (schedule, order, time) = Scheduled();
        var lateness = new[] { 3000, 1000, 2000 };

        foreach (var (entry, ms) in order.Zip(lateness))
        {
            time.Set(schedule.StartOf(1, entry) + TimeSpan.FromMilliseconds(ms));
            await schedule.WaitForAsync(1, entry, CancellationToken.None);
        }

        Assert.Equal(TimeSpan.FromSeconds(3), schedule.WorstLateness);
    }

    [Fact]
    public async Task ACancelledWaitThrows()
    {
        var (schedule, order, time) = Scheduled();
        var entry = order[0];
        time.Set(schedule.StartOf(1, entry) - TimeSpan.FromSeconds(30));

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => schedule.WaitForAsync(1, entry, new CancellationToken(canceled: true)));
    }

    [Fact]
    public void SeedIsTheStartTimesUnixSeconds()
    {
        Assert.Equal(WindowSchedule.SeedFor(T0), WindowSchedule.SeedFor(new DateTimeOffset(2026, 11, 26, 10, 30, 0, TimeSpan.FromHours(1))));
        Assert.Equal(1_795_685_400, WindowSchedule.SeedFor(T0));
        Assert.NotEqual(WindowSchedule.SeedFor(T0), WindowSchedule.SeedFor(T0.AddSeconds(1)));
    }

    /// <summary>One trial of three entries from <see cref="T0"/> on a clock of the test's.</summary>
    private static (WindowSchedule Schedule, IReadOnlyList<PlannedEntry> Order, SteppingTimeProvider Time) Scheduled()
    {
        var plan = Plan(trials: 1, duration: TimeSpan.FromSeconds(20));
        var time = new SteppingTimeProvider(T0);
        return (WindowSchedule.For(plan, T0, time)!, plan.Orders[0], time);
    }

    private static RunPlan Plan(int trials, TimeSpan? duration)
    {
        var settings = TestRunSettings.Create("base-case", "grpc", "wcf", "rest") with
        {
            Warmup = Warmup,
            Duration = duration,
            Trials = trials,
            TrialSeed = 11,
        };
        return RunPlan.Build(settings, ScenarioCatalog.Create("base-case"), Data);
    }
}

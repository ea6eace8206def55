using System.CommandLine;
using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

/// <summary>--trials auto: when a trial is added, when the run stops and why, and the plan the added trials follow.</summary>
public sealed class AutoTrialsTests
{
    private static readonly TimeSpan Budget = TimeSpan.FromMinutes(10);
    private static readonly TimeSpan PerTrial = TimeSpan.FromSeconds(30);
    private static readonly OpenComparison Median = new("", "fastest at the median", "inconclusive (~8 trials)", 8);
    private static readonly OpenComparison Hopeless = new("stream", "fastest at the p99", "inconclusive (too few requests)", null) { TooFewCalls = true };

    [Fact]
    public void RunsTheMinimumWhateverIsOpen()
    {
        Assert.Null(AutoTrials.StopBecause(3, minimum: 5, [Median], TimeSpan.FromMinutes(2), PerTrial, Budget));
        Assert.Null(AutoTrials.StopBecause(4, minimum: 5, [], TimeSpan.FromMinutes(2), PerTrial, Budget));
    }

    [Fact]
    public void StopsAtTheMinimumWhenEverythingIsDecided()
    {
        var reason = AutoTrials.StopBecause(5, minimum: 5, [], TimeSpan.FromMinutes(3), PerTrial, Budget);

        Assert.Equal("decided: every headline comparison was decided after 5 trials", reason);
    }

    [Fact]
    public void AddsATrialWhileAComparisonIsOpenAndTimeLasts()
    {
        Assert.Null(AutoTrials.StopBecause(5, minimum: 5, [Median], TimeSpan.FromMinutes(3), PerTrial, Budget));
        Assert.Null(AutoTrials.StopBecause(7, minimum: 5, [Median, Hopeless], TimeSpan.FromMinutes(4), PerTrial, Budget));
    }

    [Fact]
    public void StopsAtTheBudgetAsInconclusiveBudget()
    {
        // 9.6 min used of 10: the next 30 s trial would not end within the budget.
        var reason = AutoTrials.StopBecause(6, minimum: 5, [Median], TimeSpan.FromMinutes(9.6), PerTrial, Budget);

        Assert.Equal("inconclusive (budget): 'fastest at the median: inconclusive (~8 trials)' still open after 6 trials, the most the " +
            "budget of 10 min allows at 30 s a trial; about 8 trials at this spread would decide it (--budget)", reason);
    }

    [Fact]
    public void TheFirstLookDoesNotGiveUpOnTheTrialsItExpects()
    {
        // Five trials' spread is too rough a guide: a 10% difference that twenty trials decide most of the time can look
        // like one needing 40, or none at all; the budget, not that guess, ends the run.
        var far = Median with { Answer = "inconclusive (~40 trials)", TrialsToDecide = 40 };
        var wide = Median with { Answer = "inconclusive", TrialsToDecide = null };

        Assert.Null(AutoTrials.StopBecause(5, minimum: 5, [far], TimeSpan.FromMinutes(3), PerTrial, Budget));
        Assert.Null(AutoTrials.StopBecause(5, minimum: 5, [wide, Hopeless], TimeSpan.FromMinutes(3), PerTrial, Budget));
    }

    [Fact]
    public void LooksAfterThePlannedTrialsAndWhenTheBudgetEndsOnly()
    {
        bool Look(int done, double minutes) => AutoTrials.IsLook(done, minimum: 5, TimeSpan.FromMinutes(minutes), PerTrial, Budget);

        Assert.Equal([false, true, false, false, true], [Look(4, 2), Look(5, 3), Look(6, 3.5), Look(18, 9.5), Look(19, 9.6)]);
        Assert.True(AutoTrials.IsLook(AutoTrials.MostTrials, 5, TimeSpan.Zero, PerTrial, TimeSpan.FromDays(1)));
    }

    [Fact]
    public void StopsWhenMoreTrialsWouldNotDecide()
    {
        var reason = AutoTrials.StopBecause(5, minimum: 5, [Hopeless], TimeSpan.FromMinutes(3), PerTrial, Budget);

        Assert.Equal("inconclusive: more trials would not decide 'stream: fastest at the p99: inconclusive (too few requests)' " +
            "(too few calls in each trial at that quantile)", reason);
    }

    [Fact]
    public void StopsAtTheMostTrials()
    {
        var reason = AutoTrials.StopBecause(AutoTrials.MostTrials, minimum: 5, [Median], TimeSpan.Zero, PerTrial, TimeSpan.FromDays(1));

        Assert.StartsWith("inconclusive (most trials):", reason);
    }

    [Theory]
    [InlineData(new string[0], 5, true)]
    [InlineData(new[] { "--trials", "auto" }, 5, true)]
    [InlineData(new[] { "--trials", "AUTO" }, 5, true)]
    [InlineData(new[] { "--trials", "7" }, 7, false)]
    [InlineData(new[] { "--trials", "1" }, 1, false)]
    public void TrialsIsAutoOrACount(string[] arguments, int trials, bool auto)
    {
        var option = TrialsOption.Create();
        var command = new RootCommand { option };

        var result = command.Parse(arguments);

        Assert.Empty(result.Errors);
        Assert.Equal(new TrialCount(trials, auto), result.GetValue(option));
    }

    [Theory]
    [InlineData("0")]
    [InlineData("101")]
    [InlineData("many")]
    public void TrialsRefusesAnythingElseByName(string given)
    {
        var command = new RootCommand { TrialsOption.Create() };

        var error = Assert.Single(command.Parse(["--trials", given]).Errors);

        Assert.Equal($"--trials must be from 1 to 100 or 'auto' (was '{given}').", error.Message);
    }

    [Fact]
    public void BudgetNeedsAutoTrials()
    {
        Assert.Null(TrialsOption.BudgetRefusal(TrialCount.Default, "20m"));
        Assert.Null(TrialsOption.BudgetRefusal(new TrialCount(5, Auto: false), null));
        Assert.Equal("--budget applies to --trials auto only; with --trials 5 the run measures exactly 5 trials.",
            TrialsOption.BudgetRefusal(new TrialCount(5, Auto: false), "20m"));
    }

    [Fact]
    public void AnAutoPlanStartsWithTheFixedPlansOrdersAndCanAddMore()
    {
        var fixedPlan = Plan(auto: false);
        var autoPlan = Plan(auto: true);

        Assert.Equal((5, false), (fixedPlan.Trials, fixedPlan.AddsTrials));
        Assert.Equal((5, true, AutoTrials.MostTrials), (autoPlan.Trials, autoPlan.AddsTrials, autoPlan.Orders.Count));
        Assert.Equal(Keys(fixedPlan.Orders), Keys(autoPlan.Orders.Take(5)));
    }

    [Fact]
    public void AnAddedTrialMeasuresAsMuchAsAPlannedOne()
    {
        var plan = Plan(auto: true);
        var entry = plan.Entries[0];

        // 3002 requests over 5 planned trials: 601, 601, 600, 600, 600; trial 6 follows trial 1, trial 7 trial 2.
        Assert.Equal([601L, 601, 600, 600, 600, 601, 601, 600], Enumerable.Range(1, 8).Select(t => plan.LoadFor(entry, t).Requests!.Value));
    }

    [Fact]
    public void WindowsAlignedAcrossClientsNeverAddTrials()
    {
        var settings = Settings(auto: true) with { StartAt = DateTimeOffset.UnixEpoch, Duration = TimeSpan.FromSeconds(10), Requests = null };

        var plan = RunPlan.Build(settings, ScenarioCatalog.Create("base-case"), new ScenarioData(DatasetSpec.Tiny));

        Assert.False(plan.AddsTrials);
        Assert.Equal(5, plan.Orders.Count);
    }

    private static List<string> Keys(IEnumerable<IReadOnlyList<PlannedEntry>> orders) =>
        [.. orders.Select(order => string.Join(",", order.Select(e => e.Key)))];

    private static RunPlan Plan(bool auto) =>
        RunPlan.Build(Settings(auto), ScenarioCatalog.Create("base-case"), new ScenarioData(DatasetSpec.Tiny));

    private static RunSettings Settings(bool auto) => TestRunSettings.Create("base-case", "grpc", "wcf") with
    {
        Trials = 5,
        AutoTrials = auto,
        Requests = 3002,
        TrialSeed = 3,
    };
}

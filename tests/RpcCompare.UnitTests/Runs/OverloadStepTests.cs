using System.CommandLine;
using RpcCompare.Data.Generation;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

/// <summary>The overload ramp derived from the probe as documented: each step's share of the capacity, its senders, its
/// size from the run's trials, --requests or --duration, and each stack's steps climbing in every trial.</summary>
public sealed class OverloadStepTests
{
    private static readonly ScenarioData Data = new(DatasetSpec.Tiny);

    [Fact]
    public void TheDefaultRampIsTwentyFiveToTwoHundredPercent()
    {
        var steps = new OverloadScenario().Variants(StackTraits.Of("grpc"), Data);

        Assert.Equal(["load=25%", "load=50%", "load=75%", "load=100%", "load=125%", "load=150%", "load=200%"], steps.Select(v => v.Name));
        Assert.Equal([0.25, 0.5, 0.75, 1, 1.25, 1.5, 2], steps.Select(v => v.OfCapacity!.Value));
        Assert.All(steps, v => Assert.Equal(Scenario.DefaultThreads, v.Threads));
    }

    [Fact]
    public void StepsGivenOnTheCommandLineMakeTheRamp()
    {
        var settings = Settings() with { OverloadSteps = OverloadScenario.ParseSteps("50, 100%,300") };

        var steps = settings.ScenarioFor(OverloadScenario.ScenarioName).Variants(StackTraits.Of("grpc"), Data);

        Assert.Equal(["load=50%", "load=100%", "load=300%"], steps.Select(v => v.Name));
        Assert.Equal([0.5, 1, 3], steps.Select(v => v.OfCapacity!.Value));
    }

    [Theory]
    [InlineData("overload", null, 3)]
    [InlineData("overload", "auto", 3)]
    [InlineData("overload", "4", 4)]
    [InlineData("base-case", null, 5)]
    public void TrialsAutoPlansThreeTrialsOfTheRamp(string scenario, string? trials, int planned)
    {
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);

        var settings = options.Bind(root.Parse(trials is null ? ["--scenario", scenario] : ["--scenario", scenario, "--trials", trials]));

        Assert.Equal(planned, settings.Trials);
    }

    [Theory]
    [InlineData("100,50")]
    [InlineData("0,50")]
    [InlineData("25,,50")]
    [InlineData("2000")]
    [InlineData("1.5")]
    public void StepsThatDoNotClimbInWholePercentsAreRefused(string text)
    {
        var error = Assert.Throws<UserFacingException>(() => OverloadScenario.ParseSteps(text));

        Assert.Equal($"--steps: '{text}' is not a climbing list of whole percents from 1 to 1,000 of the probed capacity (e.g. 25,50,100,200).",
            error.Message);
    }

    [Fact]
    public void AStepOffersItsShareOfTheProbedCapacity()
    {
        var settings = Settings() with { Trials = 3 };
        var plan = RunPlan.Build(settings, new OverloadScenario(), Data);
        var step = plan.Entries.Single(e => e.Variant.Name == "load=125%");

        var load = OverloadStep.Load(plan.LoadFor(step, 2), capacityRps: 800, share: 1.25, settings, plan.Trials);

        // 1,000 req/s for the default 3 s split across 3 trials: 1,000 requests, 100 senders, 1 s of warm-up.
        Assert.Equal((1000.0, 1000L, 100, (TimeSpan?)null), (load.Rate!.Value, load.Requests!.Value, load.Threads, load.Duration));
        Assert.Equal(TimeSpan.FromSeconds(1), load.Warmup);
        Assert.Equal(100, OverloadStep.Resolve(step.Variant).Threads);
    }

    [Fact]
    public void DurationSetsHowLongEachStepSchedulesRequests()
    {
        var settings = Settings() with { Trials = 2, Duration = TimeSpan.FromSeconds(6) };
        var plan = RunPlan.Build(settings, new OverloadScenario(), Data);

        var load = OverloadStep.Load(plan.LoadFor(plan.Entries[0], 1), capacityRps: 400, share: 0.25, settings, plan.Trials);

        Assert.Equal((100.0, 300L, (TimeSpan?)null), (load.Rate!.Value, load.Requests!.Value, load.Duration));
    }

    [Fact]
    public void RequestsSetEachStepsRequestsWhateverTheRate()
    {
        var settings = Settings() with { Trials = 3, Requests = 10 };
        var plan = RunPlan.Build(settings, new OverloadScenario(), Data);

        var loads = Enumerable.Range(1, 3).Select(t => OverloadStep.Load(plan.LoadFor(plan.Entries[6], t), 50, 2, settings, plan.Trials)).ToList();

        Assert.Equal([4L, 3L, 3L], loads.Select(l => l.Requests!.Value));
        Assert.All(loads, l => Assert.Equal(100, l.Rate));
    }

    [Fact]
    public void AShortWarmupIsKeptAndALongOneCut()
    {
        var none = OverloadStep.Load(Load(TimeSpan.Zero), 100, 1, Settings(), 1);
        var cut = OverloadStep.Load(Load(TimeSpan.FromSeconds(10)), 100, 1, Settings(), 1);

        Assert.Equal((TimeSpan.Zero, TimeSpan.FromSeconds(1)), (none.Warmup, cut.Warmup));
    }

    [Fact]
    public void EachStacksStepsClimbTogetherInEveryTrial()
    {
        var settings = Settings() with { Stacks = ["grpc", "wcf", "rest"], Trials = 4, TrialSeed = 7 };

        var plan = RunPlan.Build(settings, new OverloadScenario(), Data);

        Assert.False(plan.AddsTrials);
        Assert.Equal(4, plan.Orders.Count);
        Assert.All(plan.Orders, order =>
        {
            var stacks = order.Select(e => e.Stack).Chunk(7).ToList();
            Assert.All(stacks, chunk => Assert.Single(chunk.Distinct()));
            Assert.All(order.Chunk(7), chunk => Assert.Equal(
                ["load=25%", "load=50%", "load=75%", "load=100%", "load=125%", "load=150%", "load=200%"], chunk.Select(e => e.Variant.Name)));
        });
        Assert.True(plan.Orders.Select(o => o[0].Stack).Distinct().Count() > 1);
    }

    [Theory]
    [InlineData("rate")]
    [InlineData("start-at")]
    [InlineData("client-processes")]
    [InlineData("steps")]
    public void OptionsThatCannotGoWithTheRampAreRefused(string option)
    {
        var settings = option switch
        {
            "rate" => Settings() with { Rate = 100 },
            "start-at" => Settings() with { StartAt = DateTimeOffset.UtcNow },
            "steps" => Settings() with { Scenario = "base-case", OverloadSteps = [100] },
            _ => Settings() with { ClientProcesses = 2 },
        };

        Assert.Contains($"--{option}", OverloadStep.Refusal(settings));
        Assert.Null(OverloadStep.Refusal(Settings()));
        Assert.Null(OverloadStep.Refusal(Settings() with { Scenario = "base-case", Rate = 100 }));
    }

    [Fact]
    public void AMixCannotHoldTheRamp()
    {
        var error = Assert.Throws<UserFacingException>(() => RequestMix.Parse("base-case=50,overload=50"));

        Assert.Equal("--mix: overload is a ramp of rates, not a kind of request; run it with --scenario overload.", error.Message);
    }

    private static LoadPlan Load(TimeSpan warmup) => new() { Threads = 10, Requests = 1, Warmup = warmup };

    private static RunSettings Settings() => TestRunSettings.Create(OverloadScenario.ScenarioName, "grpc");
}

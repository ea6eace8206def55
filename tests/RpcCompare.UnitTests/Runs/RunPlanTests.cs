using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

/// <summary>A run resolved before it starts: each entry's threads and load with the command line's overrides, the
/// clients' options, the trials' orders drawn from the seed and the budget split across them.</summary>
public sealed class RunPlanTests
{
    private static readonly string[] Entries = ["grpc", "grpc/stream", "wcf", "rest", "rest/stream", "graphql"];
    private static readonly ScenarioData Data = new(DatasetSpec.Tiny);

    [Fact]
    public void EveryTrialIsAPermutationOfEveryEntry()
    {
        var orders = TrialOrder.Draw(Entries, 7, seed: 12345);

        Assert.Equal(7, orders.Count);
        Assert.All(orders, order => Assert.Equal(Entries.Order(), order.Order()));
    }

    [Fact]
    public void TrialOrdersDependOnlyOnTheSeed()
    {
        var first = TrialOrder.Draw(Entries, 5, seed: 42);
        var again = TrialOrder.Draw(Entries, 5, seed: 42);
        var other = TrialOrder.Draw(Entries, 5, seed: 43);

        Assert.Equal(first, again);
        Assert.NotEqual(first.SelectMany(o => o), other.SelectMany(o => o));
        // Five shuffles of six entries: the orders are not all the same one.
        Assert.True(first.Select(o => string.Join(",", o)).Distinct().Count() > 1);
    }

    [Theory]
    [InlineData(3000, 5)]
    [InlineData(10, 3)]
    [InlineData(7, 7)]
    [InlineData(1, 1)]
    public void TheRequestBudgetIsSplitIntoNearlyEqualParts(long total, int trials)
    {
        var parts = Enumerable.Range(1, trials).Select(t => RunPlan.Share(total, trials, t)).ToList();

        Assert.Equal(total, parts.Sum());
        Assert.True(parts.Max() - parts.Min() <= 1);
    }

    [Fact]
    public void AVariantKeepsItsOwnLoadUnlessTheCommandLineGivesOne()
    {
        var load = Load(Settings("worst-case"), "stream");
        Assert.Equal((10, 100L, (TimeSpan?)null), (load.Threads, load.Requests, load.Duration));
        Assert.Equal(TimeSpan.FromSeconds(3), load.Warmup);
        Assert.Equal(TimeSpan.FromSeconds(7), load.RequestTimeout);
        Assert.Null(load.Rate);
        Assert.Equal(DatasetSpec.Tiny.Seed, load.Seed);

        Assert.Equal(5, Load(Settings("worst-case") with { Requests = 5 }, "stream").Requests);
        var timed = Load(Settings("worst-case") with { Requests = 5, Duration = TimeSpan.FromSeconds(30) }, "stream");
        Assert.Null(timed.Requests);
        Assert.Equal(TimeSpan.FromSeconds(30), timed.Duration);
        Assert.Equal(2.5, Load(Settings("worst-case") with { Rate = 2.5 }, "stream").Rate);
        Assert.Equal(TimeSpan.Zero, Load(Settings("worst-case") with { Warmup = TimeSpan.Zero }, "stream").Warmup);
    }

    [Fact]
    public void WithoutThreadsEachVariantRunsAtItsOwnDefault()
    {
        var ping = RunPlan.Build(Settings("ping"), new PingScenario(), Data);
        var nPlusOne = RunPlan.Build(Settings("n-plus-one"), new NPlusOneScenario(), Data);

        Assert.Equal([("1-thread", 1, 1), ("10-threads", 10, 10)], ping.Entries.Select(e => (e.Variant.Name, e.Variant.Threads, e.Load.Threads)));
        Assert.Equal([1, 1], nPlusOne.Entries.Select(e => e.Load.Threads));
    }

    [Fact]
    public void ThreadsReplaceEveryDefaultThatTheyApplyTo()
    {
        var ping = RunPlan.Build(Settings("ping") with { Threads = 4 }, new PingScenario(), Data);
        var nPlusOne = RunPlan.Build(Settings("n-plus-one") with { Threads = 4 }, new NPlusOneScenario(), Data);

        // The sequential run is what ping measures at one caller: --threads leaves it, and names the other.
        Assert.Equal([("1-thread", 1, 1), ("4-threads", 4, 4)], ping.Entries.Select(e => (e.Variant.Name, e.Variant.Threads, e.Load.Threads)));
        Assert.Equal([4, 4], nPlusOne.Entries.Select(e => e.Load.Threads));
    }

    [Fact]
    public void OneThreadMeasuresPingsSequentialRunOnce()
    {
        var ping = RunPlan.Build(Settings("ping") with { Threads = 1 }, new PingScenario(), Data);

        Assert.Equal([("1-thread", 1, 1)], ping.Entries.Select(e => (e.Variant.Name, e.Variant.Threads, e.Load.Threads)));
    }

    [Fact]
    public void AMixRunsAtTheGivenThreads()
    {
        var settings = Settings("mix") with { Threads = 3, Mix = RequestMix.Parse("base-case=70,ping/1-thread=30") };

        var plan = RunPlan.Build(settings, settings.ScenarioFor("mix"), Data);

        var entry = Assert.Single(plan.Entries);
        Assert.Equal((MixScenario.WholeMix, 3, 3), (entry.Variant.Name, entry.Variant.Threads, entry.Load.Threads));
    }

    [Fact]
    public void ATrialGetsItsShareAndALaterTrialOnlyTheReWarm()
    {
        var settings = Settings("base-case") with { Requests = 10, Trials = 3, Warmup = TimeSpan.FromSeconds(20), TrialSeed = 1 };
        var plan = RunPlan.Build(settings, new BaseCaseScenario(), Data);
        var entry = Assert.Single(plan.Entries);

        Assert.Equal([4L, 3L, 3L], Enumerable.Range(1, 3).Select(t => plan.LoadFor(entry, t).Requests!.Value));
        Assert.Equal(TimeSpan.FromSeconds(20), plan.LoadFor(entry, 1).Warmup);
        Assert.Equal(RunPlan.ReWarm, plan.LoadFor(entry, 2).Warmup);
        Assert.Equal(TimeSpan.FromSeconds(20), RunPlan.Build(settings with { FreshHosts = true }, new BaseCaseScenario(), Data)
            .LoadFor(entry, 2).Warmup);
    }

    [Fact]
    public void ClientsGetTheRunsTimeoutProtocolAndConnections()
    {
        var settings = Settings("base-case") with { RestHttp2 = true, Connections = 4 };

        var client = RunPlan.Build(settings, new BaseCaseScenario(), Data).Client;

        Assert.Equal((TimeSpan.FromSeconds(7), true, 4), (client.RequestTimeout, client.Http2, client.Connections));
    }

    private static RunSettings Settings(string scenario) => TestRunSettings.Create(scenario, "grpc");

    private static LoadPlan Load(RunSettings settings, string variant) =>
        RunPlan.Build(settings, ScenarioCatalog.Create(settings.Scenario), Data).Entries.Single(e => e.Variant.Name == variant).Load;
}

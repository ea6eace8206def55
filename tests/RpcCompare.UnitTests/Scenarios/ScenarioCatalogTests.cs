using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Scenarios;

/// <summary>What `--scenario all` runs, and the restart scenario's plan.</summary>
public sealed class ScenarioCatalogTests
{
    [Fact]
    public void AllRunsTheRestartLastWhenTheRunOwnsItsHosts() =>
        Assert.Equal([.. ScenarioCatalog.Names, "restart"], ScenarioCatalog.All(anyTarget: false));

    [Fact]
    public void AllLeavesTheRestartOutWhenAStackIsATarget() =>
        Assert.Equal(ScenarioCatalog.Names, ScenarioCatalog.All(anyTarget: true));

    [Fact]
    public void ARestartPlansTwoHundredCallersPerStack()
    {
        var plan = RunPlan.Build(TestRunSettings.Create("restart", "grpc", "wcf"), new RestartScenario(), new ScenarioData(DatasetSpec.Tiny));

        Assert.Equal(["grpc", "wcf"], plan.Entries.Select(e => e.Stack));
        Assert.All(plan.Entries, e => Assert.Equal(200, e.Variant.Threads));
    }

    [Fact]
    public void ThreadsSetTheRestartsCallers()
    {
        var plan = RunPlan.Build(TestRunSettings.Create("restart", "rest") with { Threads = 10 }, new RestartScenario(), new ScenarioData(DatasetSpec.Tiny));

        Assert.Equal(10, Assert.Single(plan.Entries).Variant.Threads);
    }
}

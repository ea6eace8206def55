using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>The overload ramp end to end on the fixture's REST host as a --target (no host start): the probe's capacity, the
/// steps' rates derived from it, their entries, and the report's chart and sentence.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class OverloadRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task AnOverloadRunRampsFromTheProbedCapacity()
    {
        var settings = await db.RunOnFixtureHostsAsync(OverloadScenario.ScenarioName, _temp.Path) with
        {
            Stacks = [StackCatalog.Rest],
            Requests = 3,
            Threads = 2,
            Warmup = TimeSpan.Zero,
            WriteReport = true,
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal(ResultsFormat.LoadModel.Open, results.Manifest.LoadModel);
        var overload = results.Manifest.Overload!;
        Assert.Equal(OverloadScenario.DefaultSteps, overload.StepsPercent);
        Assert.Equal(20, overload.Senders);
        var probe = Assert.Single(overload.Probes);
        Assert.Equal((StackCatalog.Rest, 2, 0L), (probe.Stack, probe.Threads, probe.Errors));
        Assert.True(probe.CapacityRps > 0, $"capacity {probe.CapacityRps}");
        Assert.Equal(OverloadScenario.DefaultSteps.Select(p => probe.CapacityRps * (p / 100.0)), probe.Steps.Select(s => s.OfferedRps));
        var entries = results.Summary!.Entries;
        Assert.Equal(OverloadScenario.DefaultSteps.Select(OverloadScenario.StepName), entries.Select(e => e.Variant));
        Assert.All(entries, e => Assert.Equal((ResultsFormat.EntryStatus.Ok, 20, 0L), (e.Status, e.Threads, e.Errors)));
        var summary = await File.ReadAllTextAsync(Path.Combine(_temp.Path, ResultFileNames.ReportMarkdown));
        Assert.Contains("## Overload: latency against offered load", summary, StringComparison.Ordinal);
        Assert.Contains("- REST: ", summary, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_temp.Path, ResultFileNames.ChartsFolder, "overload.png")));
    }

    public void Dispose() => _temp.Dispose();
}

using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>--mix on real hosts: one interleaved workload per stack, with an entry for the whole mix and one per kind, in
/// each of two trials.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class MixRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task AMixsKindsShareOneWindowInTheRatioOfTheirWeights()
    {
        const int Threads = 2;
        const int Trials = 2;
        var settings = db.Run(MixScenario.ScenarioName, _temp.Path) with
        {
            Mix = RequestMix.Parse("base-case=3,ping=1"),
            Stacks = [StackCatalog.Grpc, StackCatalog.Rest],
            Requests = 400,
            Threads = Threads,
            Trials = Trials,
        };

        Assert.Equal(0, await LoadClient.Runs.RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal(MixScenario.ScenarioName, results.Manifest.Scenario);
        Assert.Contains(results.Manifest.Notes, note => note.StartsWith("Mix: base-case 75%, ping 25%", StringComparison.Ordinal));
        foreach (var stack in settings.Stacks)
        {
            var entries = results.Summary!.Entries.Where(e => e.Stack == stack).ToDictionary(e => e.Variant);
            Assert.Equal(["all", "base-case", "ping"], entries.Keys.Order());
            Assert.All(entries.Values, e => Assert.Equal(ResultsFormat.EntryStatus.Ok, e.Status));
            var whole = entries["all"];
            var (links, pings) = (entries["base-case"], entries["ping"]);
            // Every request of the whole is one of a kind; a call ending right at the window's edge may fall on either side
            // of it for the whole and for its kind, at most one per worker at each edge.
            // Each trial has its two edges.
            Assert.InRange(links.Requests + pings.Requests, whole.Requests - (2 * Threads * Trials), whole.Requests + (2 * Threads * Trials));
            Assert.Equal(whole.DurationSeconds, links.DurationSeconds, 3);
            // The whole and each kind have both trials, over the same windows.
            Assert.All(entries.Values, e => Assert.Equal([1, 2], e.Trials!.Select(t => t.Trial)));
            Assert.Equal(whole.Trials!.Select(t => Math.Round(t.DurationSeconds, 3)), pings.Trials!.Select(t => Math.Round(t.DurationSeconds, 3)));
            // 3:1 drawn from seeded sources: about three quarters of ~400 requests are base-case.
            Assert.InRange((double)links.Requests / (links.Requests + pings.Requests), 0.65, 0.85);
            Assert.True(File.Exists(Path.Combine(_temp.Path, links.Files.Latencies!)), "each kind keeps its latencies");
            Assert.NotNull(whole.BytesReceivedPerRequest);
            Assert.Null(links.BytesReceivedPerRequest);
        }
    }

    public void Dispose() => _temp.Dispose();
}

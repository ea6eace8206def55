using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>--trials on real hosts: every entry once per trial in the recorded order, the trials' calls kept apart and pooled.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class TrialRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task EachTrialMeasuresEveryEntryOnce()
    {
        const int Trials = 3;
        var settings = db.Run("worst-case", _temp.Path) with
        {
            Stacks = [StackCatalog.Rest, StackCatalog.Grpc],
            Requests = 30,
            Threads = 2,
            Trials = Trials,
            TrialSeed = 7,
            WriteReport = true,
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        var trials = results.Manifest.Trials!;
        Assert.Equal((Trials, 7, false), (trials.Count, trials.Seed, trials.FreshHosts));
        var keys = results.Summary!.Entries.Select(e => e.Variant.Length == 0 ? e.Stack : $"{e.Stack}/{e.Variant}").ToList();
        Assert.Equal(["rest", "rest/stream", "grpc", "grpc/stream"], keys);
        Assert.All(trials.Orders, order => Assert.Equal(keys.Order(), order.Order()));
        Assert.Equal(TrialOrder.Draw(keys, Trials, 7), trials.Orders);
        // Hosts stay up across trials: one per stack.
        Assert.Equal(2, results.Manifest.Hosts.Count);
        foreach (var entry in results.Entries)
        {
            var summary = entry.Summary;
            Assert.Equal(ResultsFormat.EntryStatus.Ok, summary.Status);
            Assert.Equal([1, 2, 3], summary.Trials!.Select(t => t.Trial));
            Assert.Equal(summary.Requests, summary.Trials!.Sum(t => t.Requests));
            // 10 requests per trial, and a call in flight when the warm-up ended may count too (one per worker).
            Assert.All(summary.Trials!, t => Assert.InRange(t.Requests, 10, 12));
            Assert.Equal(summary.Trials!.Select(t => (int)t.Requests), entry.TrialLatenciesMs.Select(part => part.Count));
            Assert.All(summary.Trials!, t => Assert.True(File.Exists(Path.Combine(results.Folder, t.Intervals!)), t.Intervals));
            Assert.Empty(Directory.GetFiles(results.Folder, "*.trial*"));
        }
        Assert.True(File.Exists(Path.Combine(results.Folder, ResultFileNames.ReportHtml)));
    }

    [Fact]
    public async Task FreshHostsStartAHostForEachOfItsTrials()
    {
        var settings = db.Run("ping", _temp.Path) with
        {
            Stacks = [StackCatalog.Rest],
            Requests = 40,
            Trials = 2,
            FreshHosts = true,
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.True(results.Manifest.Trials!.FreshHosts);
        var hosts = results.Manifest.Hosts;
        Assert.Equal(2, hosts.Count);
        Assert.NotEqual(hosts[0].Pid, hosts[1].Pid);
        Assert.True(File.Exists(Path.Combine(results.Folder, ResultFileNames.HostLog(StackCatalog.Rest, 2))));
        Assert.True(File.Exists(Path.Combine(results.Folder, ResultFileNames.Counters(StackCatalog.Rest, 2))));
        Assert.All(results.Summary!.Entries, entry =>
        {
            Assert.Equal(ResultsFormat.EntryStatus.Ok, entry.Status);
            Assert.Equal([1, 2], entry.Trials!.Select(t => t.Trial));
            Assert.All(entry.Trials!, t => Assert.True(t.Requests >= 20));
        });
    }

    [Fact]
    public async Task AutoTrialsRecordHowManyRanAndWhyTheyStopped()
    {
        var settings = db.Run("ping", _temp.Path) with
        {
            Stacks = [StackCatalog.Rest, StackCatalog.Grpc],
            Requests = 80,
            Trials = 2,
            AutoTrials = true,
            Budget = TimeSpan.FromSeconds(40),
            TrialSeed = 5,
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        var trials = results.Manifest.Trials!;
        Assert.True(trials.Auto);
        Assert.InRange(trials.Count, 2, AutoTrials.MostTrials);
        Assert.Matches("^(decided|inconclusive)", trials.StoppedBecause);
        Assert.Equal(trials.Count, trials.Orders.Count);
        Assert.All(results.Summary!.Entries, entry =>
            Assert.Equal(Enumerable.Range(1, trials.Count), entry.Trials!.Select(t => t.Trial)));
    }

    public void Dispose() => _temp.Dispose();
}

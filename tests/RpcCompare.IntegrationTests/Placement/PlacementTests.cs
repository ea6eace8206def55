using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Placement;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Placement;

/// <summary>--cpus on real processes: the kernel's own view of where the client and the hosts may run.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class PlacementTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task AHostStartedOnACpuListMayRunOnlyThere()
    {
        var last = CpuAffinity.Available()[^1];

        await using var host = await HostProcess.StartAsync(StackCatalog.Rest, new HostLaunch { Cpus = [last] }, db.ConnectionString, default);

        Assert.Equal(last.ToString(System.Globalization.CultureInfo.InvariantCulture), AllowedCpus(host.Pid));
    }

    [Fact]
    public async Task ARunOnExplicitCpusRecordsThePlacement()
    {
        var available = CpuAffinity.Available();
        Assert.True(available.Count >= 2, "this test needs two CPUs to give the client and the host one each");
        var (client, hosts) = (available[0], available[^1]);

        var outcome = await LoadClientProcess.RunAsync(
            // The fixture's own dataset, so the shared database is used as it is, never reseeded under the other tests.
            ["--scenario", "ping", "--stacks", "rest", "--requests", "300", "--warmup", "0s", "--trials", "1", "--dataset", "tiny", "--connection", db.ConnectionString,
                "--cpus", $"client={client},hosts={hosts}", "--out", _temp.Path, "--no-report"],
            TimeSpan.FromMinutes(3));

        Assert.True(outcome.ExitCode == 0, outcome.Output + outcome.Error);
        Assert.Contains($"client on CPU {client}", outcome.Output, StringComparison.Ordinal);
        var results = await ResultsLoader.LoadAsync(_temp.Path, default);
        var placement = results.Manifest.CpuPlacement;
        Assert.NotNull(placement);
        Assert.Equal($"{client}", placement.Client);
        Assert.Equal($"{hosts}", placement.Hosts);
        Assert.Equal("all", placement.PostgreSql);
        Assert.NotEmpty(results.Summary!.Entries);
        Assert.All(results.Summary.Entries, entry =>
        {
            Assert.Equal(1, entry.Client!.Cpus);
            Assert.InRange(entry.Client.BusyPercent!.Value, 0.1, 100.5);
            Assert.True(entry.Client.CpuMsPerRequest > 0);
        });
        // The machine's speed, read as each window ended.
        Assert.Contains(results.Summary.Entries.SelectMany(e => e.Trials ?? []), t => t.Machine?.CpuLoopMicroseconds > 0);
        // The scheduling group: named in the manifest, and gone with the run that made it.
        var scheduling = Assert.Single(results.Manifest.Notes, n => n.StartsWith("Scheduling: ", StringComparison.Ordinal));
        var made = System.Text.RegularExpressions.Regex.Match(scheduling, @"starts in the CPU cgroup /(rpccompare-\d+)");
        if (made.Success)
        {
            Assert.False(Directory.Exists(Path.Combine("/sys/fs/cgroup/cpu", made.Groups[1].Value)), scheduling);
            Assert.False(Directory.Exists(Path.Combine("/sys/fs/cgroup", made.Groups[1].Value)), scheduling);
        }
    }

    [Fact]
    public async Task CpusTheMachineDoesNotHaveAreRefusedBeforeAnythingStarts()
    {
        var outcome = await LoadClientProcess.RunAsync(
            ["--scenario", "ping", "--stacks", "rest", "--dataset", "tiny", "--connection", db.ConnectionString, "--cpus", "client=0,hosts=1000",
                "--out", _temp.Path],
            TimeSpan.FromMinutes(1));

        Assert.Equal(2, outcome.ExitCode);
        Assert.Contains("CPU 1000, which this process may not use", outcome.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", outcome.Error, StringComparison.Ordinal);
        Assert.False(Directory.Exists(_temp.Path) && Directory.EnumerateFiles(_temp.Path).Any(), "nothing was measured, nothing written");
    }

    public void Dispose() => _temp.Dispose();

    private static string AllowedCpus(int pid) =>
        File.ReadLines($"/proc/{pid}/status").Single(l => l.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))
            .Split(':')[1].Trim();
}

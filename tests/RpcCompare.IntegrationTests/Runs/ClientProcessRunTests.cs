using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.Reports.Results;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>--client-processes on real hosts: one set of hosts (TLS), two load clients on one schedule, their folders merged.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class ClientProcessRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    // One run proves both the merge and TLS across client processes: each is a run of its own start-up (a parent, two
    // clients, their hosts), which costs more than the calls.
    [Fact]
    public async Task TwoTlsClientProcessesMeasureTogetherTrustTheRunsCertificateAndAreMerged()
    {
        var folder = _temp.Combine("run");

        var outcome = await LoadClientProcess.RunAsync(
            // The fixture's own dataset, so the shared database is used as it is, never reseeded under the other tests.
            ["--scenario", "ping", "--stacks", "rest,grpc", "--duration", "2s", "--warmup", "0s", "--trials", "1", "--client-processes", "2",
                "--security", "tls", "--cpus", "none", "--dataset", "tiny", "--connection", db.ConnectionString, "--out", folder, "--no-report"],
            TimeSpan.FromMinutes(4));

        Assert.True(outcome.ExitCode == 0, outcome.Output + outcome.Error);
        var results = await ResultsLoader.LoadAsync(folder, default);
        Assert.Equal(["client-1", "client-2"], results.Manifest.Merge!.Sources.Select(s => s.Folder));
        Assert.Equal(ResultsFormat.SecurityMode.Tls, results.Manifest.Security!.Mode);
        Assert.Equal(["grpc", "rest"], results.Manifest.Hosts.Select(h => h.Stack).Order());
        Assert.All(results.Manifest.Hosts, h => Assert.StartsWith("https://127.0.0.1:", h.Address, StringComparison.Ordinal));
        Assert.Equal(["rest", "rest", "grpc", "grpc"], results.Summary!.Entries.Select(e => e.Stack));
        Assert.All(results.Summary.Entries, entry =>
        {
            Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L), (entry.Status, entry.Errors));
            Assert.Equal(["client-1", "client-2"], entry.Clients!.Select(c => c.Source));
            Assert.All(entry.Clients!, c => Assert.True(c.Requests > 0, $"{entry.Stack} {entry.Variant}: {c.Source} made no request"));
            Assert.Equal(entry.Requests, entry.Clients!.Sum(c => c.Requests));
        });

        // Each client's own folder is kept; both ran on one schedule, and only the first read the hosts over EventPipe.
        var first = await ResultsLoader.LoadAsync(Path.Combine(folder + ".clients", "client-1"), default);
        var second = await ResultsLoader.LoadAsync(Path.Combine(folder + ".clients", "client-2"), default);
        Assert.All([first, second], client =>
        {
            Assert.Contains(client.Manifest.Notes, n => n.StartsWith("Aligned windows (--start-at ", StringComparison.Ordinal));
            Assert.All(client.Manifest.Hosts, h => Assert.True(h.Remote, $"{h.Stack} was started by a client"));
            // Spawning nothing, a client runs its socket completions inline (SocketCompletions) and says so.
            Assert.All(client.Manifest.Hosts, h => Assert.Contains("DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1", h.Configuration["client"],
                StringComparison.Ordinal));
        });
        Assert.Equal(first.Manifest.Trials!.Seed, second.Manifest.Trials!.Seed);
        Assert.Equal(first.Manifest.Options["start-at"], second.Manifest.Options["start-at"]);
        Assert.Contains(first.Manifest.Notes, n => n.Contains("its counters and timings are read over EventPipe", StringComparison.Ordinal));
        Assert.DoesNotContain(second.Manifest.Notes, n => n.Contains("read over EventPipe", StringComparison.Ordinal));

        // The certificate was made once, by the parent, and its folder is gone with the run.
        var made = outcome.Output.Split('\n').Single(l => l.StartsWith("Security: TLS with a self-signed certificate made for this run", StringComparison.Ordinal));
        Assert.False(Directory.Exists(made[(made.IndexOf(", in ", StringComparison.Ordinal) + 5)..made.IndexOf(';', StringComparison.Ordinal)]));
    }

    public void Dispose() => _temp.Dispose();
}

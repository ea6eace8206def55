using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.Reports.Results;

namespace RpcCompare.IntegrationTests.Cli;

/// <summary>
/// `servers --security tls` as a user runs it for a load client elsewhere: it serves TLS, names the certificate file and
/// prints the options that client takes, and a load client given exactly those options measures its hosts.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class ServersTlsTests(DatabaseFixture db) : IDisposable
{
    private const string OptionsLine = "Load client options: ";
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task AClientGivenServersTlsOptionsMeasuresItsHosts()
    {
        using var servers = LoadClientProcess.Start(["servers", "--stacks", "grpc,wcf", "--security", "tls", "--dataset", "tiny",
            "--connection", db.ConnectionString]);
        var errors = servers.StandardError.ReadToEndAsync();
        try
        {
            var seen = await ReadUntilRunningAsync(servers);
            var options = seen.Single(l => l.StartsWith(OptionsLine, StringComparison.Ordinal))[OptionsLine.Length..].Split(' ');
            var certificate = options[Array.IndexOf(options, "--certificate") + 1];

            var run = await LoadClientProcess.RunAsync([.. options, "--scenario", "ping", "--requests", "20", "--warmup", "0s", "--trials", "1",
                "--cpus", "none", "--out", _temp.Path, "--no-report"], TimeSpan.FromMinutes(3));

            Assert.True(run.ExitCode == 0, run.Output + run.Error);
            Assert.Equal(["--security", "tls", "--certificate"], options[..3]);
            Assert.Equal("-----BEGIN CERTIFICATE-----", (await File.ReadAllLinesAsync(certificate))[0]);
            Assert.DoesNotContain("PRIVATE KEY", await File.ReadAllTextAsync(certificate), StringComparison.Ordinal);
            var results = await ResultsLoader.LoadAsync(_temp.Path, default);
            Assert.Equal(["https://127.0.0.1:", "net.tcp://127.0.0.1:"], results.Manifest.Hosts.Select(h => h.Address[..h.Address.IndexOf(':', 8)] + ":"));
            Assert.Equal(["grpc", "grpc", "wcf", "wcf"], results.Summary!.Entries.Select(e => e.Stack));
            Assert.All(results.Summary.Entries, e => Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L), (e.Status, e.Errors)));

            Signals.Send(servers.Id, Signals.Interrupt);
            var rest = await servers.StandardOutput.ReadToEndAsync().WaitAsync(TimeSpan.FromMinutes(1));
            await servers.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));
            Assert.True(servers.ExitCode == 0, rest + await errors);
            Assert.False(File.Exists(certificate), $"{certificate} outlived servers");
        }
        finally
        {
            if (!servers.HasExited)
            {
                servers.Kill(entireProcessTree: true);
            }
        }
    }

    /// <summary>Its output up to the line saying the hosts run (at most three minutes: starting hosts on two busy cores).</summary>
    private static async Task<List<string>> ReadUntilRunningAsync(System.Diagnostics.Process servers)
    {
        var seen = new List<string>();
        using var guard = new CancellationTokenSource(TimeSpan.FromMinutes(3));
        while (await servers.StandardOutput.ReadLineAsync(guard.Token) is { } line)
        {
            seen.Add(line);
            if (line.StartsWith("Running;", StringComparison.Ordinal))
            {
                return seen;
            }
        }
        throw new InvalidOperationException("servers ended before its hosts ran: " + string.Join(Environment.NewLine, seen));
    }

    public void Dispose() => _temp.Dispose();
}

using System.Diagnostics;
using RpcCompare.Contracts;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Reliability;

/// <summary>Nobody in where they don't belong: loopback by default, a warning when exposed, read-only unless asked.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class ExposureTests(DatabaseFixture db)
{
    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task AHostStartedWithoutAllowWritesWritesNothing(string stack)
    {
        await using var host = await HostProcess.StartAsync(stack, new HostLaunch(), db.ConnectionString, default);
        await using var client = GraphClients.Create(stack, host.Ready.Endpoints, new ClientOptions());

        var error = await Assert.ThrowsAsync<GraphCallException>(() =>
            client.CreateNodeAsync(new NewNode { Name = "intruder", Type = "event" }, default));
        var snapshot = await Assert.ThrowsAsync<GraphCallException>(() => client.PrepareSnapshotAsync(7, default));

        Assert.Equal(ErrorKind.WritesDisabled, error.Kind);
        Assert.Contains("read-only", error.Message, StringComparison.Ordinal);
        Assert.Equal(0L, await db.ScalarAsync<long>("SELECT count(*) FROM nodes WHERE name = 'intruder'"));
        // A read-only host records only the bulk-transfer scenario's snapshot.
        Assert.Equal(ErrorKind.WritesDisabled, snapshot.Kind);
        Assert.Contains("--allow-writes", snapshot.Message, StringComparison.Ordinal);
        Assert.Equal(0L, await db.ScalarAsync<long>("SELECT count(*) FROM snapshots WHERE size = 7"));
        Assert.Equal(GraphContract.BulkSnapshotSize, (await client.PrepareSnapshotAsync(GraphContract.BulkSnapshotSize, default)).Size);
        Assert.Contains(host.Ready.Configuration, c => c.Key == "writes" && c.Value.StartsWith("refused", StringComparison.Ordinal));
        Assert.All(host.Ready.Endpoints.Values, address => Assert.Contains("127.0.0.1", address, StringComparison.Ordinal));
    }

    [Fact]
    public async Task AHostBoundBeyondLoopbackSaysSoLoudly()
    {
        var dll = ServerBinaries.PathOf(StackCatalog.Rest);
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in new[] { dll, "--port", "0", "--bind", "0.0.0.0" })
        {
            start.ArgumentList.Add(argument);
        }
        start.Environment["RPCCOMPARE_PG"] = db.ConnectionString;
        using var process = Process.Start(start)!;
        try
        {
            string? line;
            var seen = new List<string>();
            while ((line = await process.StandardOutput.ReadLineAsync().WaitAsync(TimeSpan.FromSeconds(60))) is not null)
            {
                seen.Add(line);
                if (line.StartsWith("RPCCOMPARE-READY", StringComparison.Ordinal))
                {
                    break;
                }
            }
            Assert.Contains(seen, l => l.StartsWith("WARNING: bound to 0.0.0.0", StringComparison.Ordinal));
            Assert.DoesNotContain(seen, l => l.Contains(new Npgsql.NpgsqlConnectionStringBuilder(db.ConnectionString).Password!,
                StringComparison.Ordinal));
        }
        finally
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
        }
    }

    [Theory]
    [InlineData("--bind", "localhost", "must be an IP address")]
    [InlineData("--port", "70000", "--port must be a whole number from 0 to 65535")]
    [InlineData("--prot", "7001", "Unknown option --prot")]
    public async Task AHostGivenABadOptionNamesIt(string option, string value, string expected)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in new[] { ServerBinaries.PathOf(StackCatalog.Grpc), option, value })
        {
            start.ArgumentList.Add(argument);
        }
        start.Environment["RPCCOMPARE_PG"] = db.ConnectionString;
        using var process = Process.Start(start)!;
        var error = await process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));

        Assert.Equal(2, process.ExitCode);
        Assert.Contains(expected, error, StringComparison.Ordinal);
    }
}

using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.ServerCommon;

/// <summary>
/// What the load client asks of a host before each measurement (SIGUSR1): close the idle PostgreSQL connections, so the
/// next calls run on new backends, and go on serving.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class ConnectionRenewalTests(DatabaseFixture db)
{
    [Fact]
    public async Task AHostAskedToRenewItsConnectionsServesTheNextCallOnNewBackends()
    {
        await using var host = await HostProcess.StartAsync(StackCatalog.Rest, new HostLaunch(), db.ConnectionString, default);
        await using var client = GraphClients.Create(StackCatalog.Rest, host.Ready.Endpoints, new ClientOptions());
        var hub = db.Generator.HubIds[0];
        var links = await client.GetLinksAsync(hub, default);
        var before = await BackendsAsync(host);
        Assert.NotEmpty(before);

        host.RenewConnections();
        await Eventually.TrueAsync(async () => (await BackendsAsync(host)).Count == 0, "the host's idle connections closed");

        Assert.Equal(links, await client.GetLinksAsync(hub, default));
        var after = await BackendsAsync(host);
        Assert.NotEmpty(after);
        Assert.Empty(after.Intersect(before));
        Assert.False(host.HasExited);
    }

    /// <summary>The pids of the PostgreSQL backends serving this host, which names its connections after itself.</summary>
    private async Task<List<int>> BackendsAsync(HostProcess host) =>
        [.. (await db.RowsAsync("SELECT pid FROM pg_stat_activity WHERE application_name = $1", $"rpccompare-{host.Stack}-{host.Pid}"))
            .Select(row => (int)row[0])];
}

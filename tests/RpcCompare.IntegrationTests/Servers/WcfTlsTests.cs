using RpcCompare.Contracts;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// The NetTcp host started with a certificate serves NetTcpBinding(SecurityMode.Transport) to Microsoft's client: the
/// [MC-NMF] upgrade to TLS, then the same answers as in cleartext, and a clear refusal for a client that does not match.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class WcfTlsTests(DatabaseFixture db)
{
    private TlsHosts Tls => db.TlsHosts;

    [Fact]
    public async Task EveryOperationOverTlsAnswersAsInCleartext()
    {
        var secure = await Tls.ClientAsync(StackCatalog.Wcf);
        var plain = (await db.ClientsAsync())[StackCatalog.Wcf];
        var hub = db.Generator.HubIds[0];
        var leaf = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 1");
        long[] ids = [hub, 3, -1, 4, 5];

        Assert.Equal(await Sql.LinksAsync(db.DataSource, hub), await secure.GetLinksAsync(hub, default));
        Assert.Equal(await plain.GetLinksAsync(leaf, default), await secure.GetLinksAsync(leaf, default));
        Assert.Equal(await plain.SearchNodesAsync("東京都", 10_000, default), await secure.SearchNodesAsync("東京都", 10_000, default));
        Assert.Equal(await plain.SearchNodesAsync("amber", 10_000, default), await secure.SearchNodesAsync("amber", 10_000, default));
        Assert.Equal(await plain.ListNodesAsync(777, 100, default), await secure.ListNodesAsync(777, 100, default));
        Assert.Equal(await plain.GetNodeAsync(hub, default), await secure.GetNodeAsync(hub, default));
        Assert.Equal(await plain.GetNeighbourhoodsAsync(ids, default), await secure.GetNeighbourhoodsAsync(ids, default));
        Assert.Equal("héllo ✓", await secure.PingAsync("héllo ✓", default));
        var snapshot = await secure.PrepareSnapshotAsync(4_000, default);
        Assert.Equal(await plain.GetRecordsAsync(snapshot.Id, 4_000, default), await secure.GetRecordsAsync(snapshot.Id, 4_000, default));
        var created = await secure.CreateNodeAsync(new NewNode { Name = "written over tls-ü", Type = "event" }, default);
        Assert.Equal(created, await plain.GetNodeAsync(created.Id, default));
        var notFound = await Assert.ThrowsAsync<GraphCallException>(() => secure.GetLinksAsync(987_654_321, default));
        Assert.Equal((ErrorKind.NotFound, "fault Sender/NotFound"), (notFound.Kind, notFound.NativeCode));
        Assert.True(await secure.CheckHealthAsync(default));
    }

    [Fact]
    public async Task TheHostNamesItsTransportSecurityInItsReadyLine()
    {
        var host = await Tls.HostAsync(StackCatalog.Wcf);
        var configuration = host.Ready.Configuration.ToDictionary(e => e.Key, e => e.Value);

        Assert.StartsWith("net.tcp://127.0.0.1:", host.Ready.Endpoints["nettcp"], StringComparison.Ordinal);
        Assert.Equal("net.tcp: .NET Message Framing, duplex session, SecurityMode.Transport", configuration["protocol"]);
        Assert.StartsWith("Transport (TLS, server certificate only)", configuration["security"], StringComparison.Ordinal);
        Assert.Contains("ChannelInitializationTimeout, the TLS handshake included", configuration["timeouts"], StringComparison.Ordinal);
    }

    [Fact]
    public async Task AClientTrustingAnotherCertificateIsRefused()
    {
        var host = await Tls.HostAsync(StackCatalog.Wcf);
        using var another = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        await using var stranger = GraphClients.Create(StackCatalog.Wcf, host.Ready.Endpoints, new ClientOptions { TrustedCertificate = another });

        var refused = await Assert.ThrowsAsync<GraphCallException>(() => stranger.PingAsync("never", default));

        Assert.Contains("not this run's certificate", Causes(refused), StringComparison.Ordinal);
        Assert.Equal("still serving", await (await Tls.ClientAsync(StackCatalog.Wcf)).PingAsync("still serving", default));
    }

    [Fact]
    public async Task ACleartextClientGetsAClearFaultAndTheHostServesOn()
    {
        var host = await Tls.HostAsync(StackCatalog.Wcf);
        await using var cleartext = GraphClients.Create(StackCatalog.Wcf, host.Ready.Endpoints, new ClientOptions());

        var refused = await Assert.ThrowsAsync<GraphCallException>(() => cleartext.PingAsync("plain", default));

        // Microsoft's client's words for the UpgradeInvalid framing fault.
        Assert.Contains("This could be due to mismatched bindings", refused.Message, StringComparison.Ordinal);
        Assert.Equal("still serving", await (await Tls.ClientAsync(StackCatalog.Wcf)).PingAsync("still serving", default));
    }

    /// <summary>
    /// With TLS the client counts the same plaintext plus the upgrade's records (21 bytes sent per session for the request
    /// of "application/ssl-tls", 1 received for the response) and a TLS 1.3 record's 22 bytes around each of a session's
    /// framing records and messages inside TLS: the preamble end, the end and the ping sent, the ack, the end and the
    /// reply received. The handshake is not in the count.
    /// </summary>
    [Fact]
    public async Task TheWireCountAddsTheUpgradeAndTheTlsRecords()
    {
        var secureHost = await Tls.HostAsync(StackCatalog.Wcf);
        var plainHost = await db.HostAsync(StackCatalog.Wcf);
        await using var secure = GraphClients.Create(StackCatalog.Wcf, secureHost.Ready.Endpoints, Tls.Options);
        await using var plain = GraphClients.Create(StackCatalog.Wcf, plainHost.Ready.Endpoints, new ClientOptions());

        await secure.PingAsync("counted", default);
        await plain.PingAsync("counted", default);

        Assert.Equal((plain.WireBytes.Sent + 21 + 3 * 22, plain.WireBytes.Received + 1 + 3 * 22), secure.WireBytes);
    }

    private static string Causes(Exception? e)
    {
        var text = new List<string>();
        for (; e is not null; e = e.InnerException)
        {
            text.Add(e.Message);
        }
        return string.Join(" | ", text);
    }
}

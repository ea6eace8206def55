using System.Net.Sockets;
using System.Text;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Abuse;

/// <summary>
/// Hostile bytes against the TLS hosts (started with a certificate): a handshake that stalls, a garbage ClientHello,
/// plain framing after asking for TLS. Each ends that connection with a bounded error; the host serves on.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class NetTcpTlsAbuseTests(DatabaseFixture db)
{
    private TlsHosts Tls => db.TlsHosts;

    private const string UpgradeInvalid = "http://schemas.microsoft.com/ws/2006/05/framing/faults/UpgradeInvalid";

    /// <summary>The host's preamble deadline (ChannelInitializationTimeout, 30 s) covers the TLS handshake too.</summary>
    [Fact]
    public async Task AStalledHandshakeIsClosedAtThePreambleDeadline()
    {
        var (host, socket) = await UpgradedAsync();
        using var _ = socket;

        await socket.SendAsync(new byte[] { 0x16, 0x03, 0x01 }, SocketFlags.None);
        var answer = await RawSocket.ReadToCloseAsync(socket);

        Assert.Empty(answer);
        await AssertServingAsync(host, "its TLS handshake did not complete within 00:00:30");
    }

    [Fact]
    public async Task AGarbageClientHelloClosesOnlyThatConnection()
    {
        var (host, socket) = await UpgradedAsync();
        using var _ = socket;

        await socket.SendAsync((byte[])[0x16, 0x03, 0x01, 0x00, 0x40, .. Enumerable.Repeat((byte)0xA5, 64)], SocketFlags.None);
        var answer = await RawSocket.ReadToCloseAsync(socket);

        Assert.DoesNotContain((byte)0x0B, answer);
        await AssertServingAsync(host, "the TLS handshake failed");
    }

    [Fact]
    public async Task PlainFramingAfterAskingForTlsGetsUpgradeInvalid()
    {
        var (host, socket) = await UpgradedAsync();
        using var _ = socket;

        await socket.SendAsync(new byte[] { 0x0C }, SocketFlags.None);
        var answer = await RawSocket.ReadToCloseAsync(socket);

        Assert.Equal([0x08, (byte)UpgradeInvalid.Length, .. Encoding.UTF8.GetBytes(UpgradeInvalid)], answer);
        await AssertServingAsync(host, "where a TLS ClientHello (0x16) was expected");
    }

    /// <summary>
    /// Kestrel's HTTPS (the SOAP host's listener) given a garbage ClientHello. Until the HTTPS listener is in this build
    /// the host serves HTTP/1.1 and answers the same bytes with a 400; either way only that connection ends.
    /// </summary>
    [Fact]
    public async Task AGarbageClientHelloToTheHttpsHostClosesOnlyThatConnection()
    {
        var host = await Tls.HostAsync(StackCatalog.WcfHttp);
        using var socket = await RawSocket.ConnectAsync(new Uri(host.Ready.Endpoints["http"]));

        await socket.SendAsync((byte[])[0x16, 0x03, 0x01, 0x00, 0x40, .. Enumerable.Repeat((byte)0xA5, 64), .. "\r\n\r\n"u8.ToArray()], SocketFlags.None);
        var answer = await RawSocket.ReadToCloseAsync(socket);

        Assert.DoesNotContain("200 OK", Encoding.ASCII.GetString(answer), StringComparison.Ordinal);
        Assert.Equal("still serving", await (await Tls.ClientAsync(StackCatalog.WcfHttp)).PingAsync("still serving", default));
    }

    /// <summary>A connection to the TLS NetTcp host whose preamble asked for the upgrade and got the UpgradeResponse (0x0A).</summary>
    private async Task<(HostProcess Host, Socket Socket)> UpgradedAsync()
    {
        var host = await Tls.HostAsync(StackCatalog.Wcf);
        var address = new Uri(host.Ready.Endpoints["nettcp"]);
        var socket = await RawSocket.ConnectAsync(address);
        var via = Encoding.UTF8.GetBytes(address.AbsoluteUri);
        var upgrade = "application/ssl-tls"u8.ToArray();
        await socket.SendAsync((byte[])[0x00, 0x01, 0x00, 0x01, 0x02, 0x02, (byte)via.Length, .. via, 0x03, 0x08, 0x09, (byte)upgrade.Length, .. upgrade], SocketFlags.None);
        var response = new byte[1];
        using var guard = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        Assert.Equal(1, await socket.ReceiveAsync(response, SocketFlags.None, guard.Token));
        Assert.Equal(0x0A, response[0]);
        return (host, socket);
    }

    /// <summary>The host logged why it closed the connection, and a client that trusts its certificate is still answered.</summary>
    private async Task AssertServingAsync(HostProcess host, string logged)
    {
        await Eventually.TrueAsync(() => host.RecentOutput.Contains(logged, StringComparison.Ordinal), $"the host to log '{logged}'");
        Assert.Equal("still serving", await (await Tls.ClientAsync(StackCatalog.Wcf)).PingAsync("still serving", default));
    }
}

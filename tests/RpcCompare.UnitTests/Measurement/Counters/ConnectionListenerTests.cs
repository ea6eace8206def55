using System.Net;
using System.Net.Sockets;
using RpcCompare.LoadClient.Measurement.Counters;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Measurement.Counters;

/// <summary>The connections a restart run counts: every TCP connection this process establishes, none it failed to.
/// Process-wide, so it runs alone.</summary>
[Collection(ProcessWideCollection.Name)]
public sealed class ConnectionListenerTests
{
    [Fact]
    public async Task EachEstablishedConnectionIsCountedOnce()
    {
        using var server = new TcpListener(IPAddress.Loopback, 0);
        server.Start();
        var port = ((IPEndPoint)server.LocalEndpoint).Port;
        var stamps = new List<long>();
        using var listener = new ConnectionListener(t => { lock (stamps) { stamps.Add(t); } });

        foreach (var endPoint in new EndPoint[] { new IPEndPoint(IPAddress.Loopback, port), new DnsEndPoint("127.0.0.1", port), new IPEndPoint(IPAddress.Loopback, port) })
        {
            using var client = new Socket(SocketType.Stream, ProtocolType.Tcp);
            await client.ConnectAsync(endPoint);
            using var accepted = await server.AcceptSocketAsync();
        }

        Assert.Equal(3, listener.Count);
        Assert.Equal(3, stamps.Count);
    }

    [Fact]
    public async Task ARefusedConnectIsNotAConnection()
    {
        int port;
        using (var probe = new TcpListener(IPAddress.Loopback, 0))
        {
            probe.Start();
            port = ((IPEndPoint)probe.LocalEndpoint).Port;
        }
        using var listener = new ConnectionListener(_ => { });
        using var client = new Socket(SocketType.Stream, ProtocolType.Tcp);

        await Assert.ThrowsAsync<SocketException>(async () => await client.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port)));

        Assert.Equal(0, listener.Count);
    }
}

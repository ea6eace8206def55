using System.Net.Sockets;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>A TCP connection for bytes made by hand, as the abuse tests send them.</summary>
public static class RawSocket
{
    /// <summary>A TCP connection to the address's host and port.</summary>
    public static async Task<Socket> ConnectAsync(Uri address)
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        await socket.ConnectAsync(address.Host, address.Port);
        return socket;
    }

    /// <summary>Everything the peer sends until it closes the connection (a reset counts as closed), within a minute and a half.</summary>
    public static async Task<byte[]> ReadToCloseAsync(Socket socket)
    {
        using var guard = new CancellationTokenSource(TimeSpan.FromSeconds(90));
        var received = new List<byte>();
        var buffer = new byte[4096];
        try
        {
            int count;
            while ((count = await socket.ReceiveAsync(buffer, SocketFlags.None, guard.Token)) > 0)
            {
                received.AddRange(buffer.AsSpan(0, count));
            }
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.ConnectionReset)
        {
        }
        return [.. received];
    }
}

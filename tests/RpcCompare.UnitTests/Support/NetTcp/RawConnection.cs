using System.Net;
using System.Net.Sockets;
using System.Text;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>A bare TCP client for sending hand-made framing bytes to the service and reading what comes back.</summary>
public sealed class RawConnection : IAsyncDisposable
{
    // Only a guard against a hanging test; no test asserts how long anything takes.
    private static readonly TimeSpan Guard = TimeSpan.FromSeconds(60);

    private readonly Socket _socket;

    private RawConnection(Socket socket) => _socket = socket;

    public static async Task<RawConnection> ConnectAsync(int port)
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port));
        return new RawConnection(socket);
    }

    /// <summary>Version, mode, via, known encoding and preamble end records ([MC-NMF] 2.2.3).</summary>
    public static byte[] Preamble(string via, byte major = 1, byte minor = 0, byte mode = 2, byte encoding = 8)
    {
        var viaBytes = Encoding.UTF8.GetBytes(via);
        return [0x00, major, minor, 0x01, mode, 0x02, (byte)viaBytes.Length, .. viaBytes, 0x03, encoding, 0x0C];
    }

    /// <summary>
    /// A SecurityMode.Transport client's preamble up to its upgrade request: version, mode, via, known encoding, then the
    /// upgrade request record (0x09) naming <paramref name="upgrade"/>; the preamble end follows inside TLS.
    /// </summary>
    public static byte[] UpgradePreamble(string via, string upgrade = "application/ssl-tls")
    {
        var plain = Preamble(via);
        var upgradeBytes = Encoding.UTF8.GetBytes(upgrade);
        return [.. plain.AsSpan(0, plain.Length - 1), 0x09, (byte)upgradeBytes.Length, .. upgradeBytes];
    }

    /// <summary>The connection as a stream (for TLS over it); the socket stays this object's.</summary>
    public Stream AsStream() => new NetworkStream(_socket, ownsSocket: false);

    public async Task SendAsync(params byte[] bytes) => await _socket.SendAsync(bytes, SocketFlags.None);

    public void ShutdownSend() => _socket.Shutdown(SocketShutdown.Send);

    public async Task<byte> ReadByteAsync()
    {
        var buffer = new byte[1];
        using var guard = new CancellationTokenSource(Guard);
        var count = await _socket.ReceiveAsync(buffer, SocketFlags.None, guard.Token);
        return count == 1 ? buffer[0] : throw new EndOfStreamException("The service closed the connection.");
    }

    /// <summary>Everything the service sends until it closes the connection (a reset after data also counts as closed).</summary>
    public async Task<byte[]> ReadToCloseAsync()
    {
        using var guard = new CancellationTokenSource(Guard);
        var received = new List<byte>();
        var buffer = new byte[4096];
        try
        {
            while (true)
            {
                var count = await _socket.ReceiveAsync(buffer, SocketFlags.None, guard.Token);
                if (count == 0)
                {
                    break;
                }

                received.AddRange(buffer.AsSpan(0, count));
            }
        }
        catch (SocketException ex) when (ex.SocketErrorCode == SocketError.ConnectionReset)
        {
        }

        return [.. received];
    }

    /// <summary>
    /// Reads one framing Fault record (0x08, size, UTF-8 URI) and returns its URI. Like a real client, the caller then
    /// closes the connection, which lets the service stop lingering.
    /// </summary>
    public async Task<string> ReadFaultAsync()
    {
        Assert.Equal(0x08, await ReadByteAsync());
        var size = await ReadByteAsync();
        Assert.True(size < 0x80, "fault strings here are shorter than 128 bytes");
        var bytes = new byte[size];
        for (var i = 0; i < size; i++)
        {
            bytes[i] = await ReadByteAsync();
        }

        return Encoding.UTF8.GetString(bytes);
    }

    public ValueTask DisposeAsync()
    {
        _socket.Dispose();
        return ValueTask.CompletedTask;
    }
}

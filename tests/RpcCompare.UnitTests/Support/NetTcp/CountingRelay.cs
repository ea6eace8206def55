using System.Net;
using System.Net.Sockets;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>A TCP relay on 127.0.0.1 to a local port that counts every byte it carries each way: the wire as it is.</summary>
public sealed class CountingRelay : IDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly List<Socket> _sockets = [];
    private long _up;
    private long _down;

    public CountingRelay(int targetPort)
    {
        _listener.Start();
        Port = ((IPEndPoint)_listener.LocalEndpoint).Port;
        _ = AcceptAsync(targetPort);
    }

    public int Port { get; }

    /// <summary>Bytes from the client to the target, and back.</summary>
    public (long Up, long Down) Bytes => (Interlocked.Read(ref _up), Interlocked.Read(ref _down));

    public void Dispose()
    {
        _listener.Stop();
        lock (_sockets)
        {
            _sockets.ForEach(s => s.Dispose());
        }
    }

    private async Task AcceptAsync(int targetPort)
    {
        try
        {
            while (true)
            {
                var client = await _listener.AcceptSocketAsync();
                var target = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
                lock (_sockets)
                {
                    _sockets.Add(client);
                    _sockets.Add(target);
                }
                await target.ConnectAsync(IPAddress.Loopback, targetPort);
                _ = PumpAsync(client, target, up: true);
                _ = PumpAsync(target, client, up: false);
            }
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            // Stopped.
        }
    }

    private async Task PumpAsync(Socket from, Socket to, bool up)
    {
        var buffer = new byte[64 * 1024];
        try
        {
            int count;
            while ((count = await from.ReceiveAsync(buffer, SocketFlags.None)) > 0)
            {
                // Counted before it is passed on, so whatever the other side has received is already counted.
                Interlocked.Add(ref up ? ref _up : ref _down, count);
                await to.SendAsync(buffer.AsMemory(0, count), SocketFlags.None);
            }
            to.Shutdown(SocketShutdown.Send);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            // One side closed or reset the connection.
        }
    }
}

using System.Buffers;
using System.Net;
using System.Net.Sockets;
using System.Threading.Channels;

namespace RpcCompare.Network;

/// <summary>
/// One client connection relayed to its upstream: each direction reads what its sender wrote, puts it on the shared link and
/// writes it on at its arrival time. A sender may have at most <see cref="WindowBytes"/> on the link per connection and
/// direction, so a slow link pushes back on the sender as TCP would, instead of the relay swallowing a whole response.
/// </summary>
internal sealed class RelayConnection(Socket inbound, DnsEndPoint upstream, LinkDirection up, LinkDirection down, Action<string> log)
    : IDisposable
{
    // 16 KiB is 1.3 ms at 100 Mbit/s: segments small enough that a response streams out at the link's rate.
    private const int SegmentBytes = 16 * 1024;
    private const int WindowBytes = 1024 * 1024;
    private readonly Socket _outbound = new(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
    // Never disposed: a pump may still cancel it while the connection closes, and it holds no timer.
    private readonly CancellationTokenSource _abort = new();
    private int _disposed;

    public async Task RunAsync(CancellationToken stop)
    {
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(stop, _abort.Token);
        inbound.NoDelay = true;
        try
        {
            await _outbound.ConnectAsync(upstream, linked.Token);
        }
        catch (Exception e) when (e is SocketException or OperationCanceledException)
        {
            log($"relay: could not reach {upstream.Host}:{upstream.Port}: {e.Message}");
            Abort(inbound);
            return;
        }
        await Task.WhenAll(PumpAsync(inbound, _outbound, up, linked.Token), PumpAsync(_outbound, inbound, down, linked.Token));
    }

    private async Task PumpAsync(Socket from, Socket to, LinkDirection link, CancellationToken cancellationToken)
    {
        var arrived = Channel.CreateUnbounded<(byte[] Buffer, int Count)>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
        using var window = new SemaphoreSlim(WindowBytes / SegmentBytes);
        var reading = ReadAsync(from, link, arrived.Writer, window, cancellationToken);
        try
        {
            await foreach (var (buffer, count) in arrived.Reader.ReadAllAsync(cancellationToken))
            {
                if (count == 0)
                {
                    // The sender closed its side: the far end sees the close after the data, as it would on the wire.
                    to.Shutdown(SocketShutdown.Send);
                    break;
                }
                await to.SendAsync(buffer.AsMemory(0, count), SocketFlags.None, cancellationToken);
                ArrayPool<byte>.Shared.Return(buffer);
                window.Release();
            }
        }
        catch (Exception e) when (e is SocketException or OperationCanceledException or ObjectDisposedException or ChannelClosedException)
        {
            // A reset or a stop on either side ends the whole connection, as a reset on a real link would.
            await _abort.CancelAsync();
        }
        await reading;
    }

    private async Task ReadAsync(Socket from, LinkDirection link, ChannelWriter<(byte[], int)> arrived, SemaphoreSlim window,
        CancellationToken cancellationToken)
    {
        try
        {
            while (true)
            {
                await window.WaitAsync(cancellationToken);
                var buffer = ArrayPool<byte>.Shared.Rent(SegmentBytes);
                int count = await from.ReceiveAsync(buffer.AsMemory(0, SegmentBytes), SocketFlags.None, cancellationToken);
                link.Send(count, () => arrived.TryWrite((buffer, count)));
                if (count == 0)
                {
                    return;
                }
            }
        }
        catch (Exception e) when (e is SocketException or OperationCanceledException or ObjectDisposedException)
        {
            await _abort.CancelAsync();
            arrived.TryComplete(e);
        }
    }

    private static void Abort(Socket socket)
    {
        // Linger 0: the client sees a reset, not a clean close, so it reports the upstream as unreachable.
        try
        {
            socket.LingerState = new LingerOption(true, 0);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            // Already closed: nothing to reset.
        }
        socket.Dispose();
    }

    /// <summary>Closes both sides: cleanly when both directions ended with a close, with a reset otherwise.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }
        if (_abort.IsCancellationRequested)
        {
            Abort(inbound);
            Abort(_outbound);
        }
        else
        {
            inbound.Dispose();
            _outbound.Dispose();
        }
    }
}

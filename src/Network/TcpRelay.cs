using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;

namespace RpcCompare.Network;

/// <summary>
/// Forwards TCP connections to upstream servers through one emulated link (<see cref="NetworkProfile"/>): every connection
/// to every upstream shares the link's two directions, as the calls of one client to one server share a real network.
/// Bytes pass unchanged and in order; only when they arrive changes.
/// </summary>
public sealed class TcpRelay : IAsyncDisposable
{
    private readonly LinkDirection _up;
    private readonly LinkDirection _down;
    private readonly List<(TcpListener Listener, DnsEndPoint Upstream)> _listeners = [];
    private readonly ConcurrentDictionary<RelayConnection, Task> _connections = new();
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Task> _acceptLoops = [];
    private readonly Action<string> _log;
    private long _accepted;

    private TcpRelay(NetworkProfile profile, TimeSpan calibrationDelay, Action<string> log)
    {
        Profile = profile;
        CalibrationDelay = calibrationDelay;
        _log = log;
        _up = new LinkDirection("up", profile.OneWayDelay, profile.UpBitsPerSecond, hold: calibrationDelay);
        _down = new LinkDirection("down", profile.OneWayDelay, profile.DownBitsPerSecond);
    }

    public NetworkProfile Profile { get; }

    /// <summary>Calibration only (the relay command's --calibration-delay; a run passes it only for a replica entry): an
    /// effect injected on purpose, added to every segment from the client to the upstream, so every call reaches the
    /// server at least this much later; zero otherwise.</summary>
    public TimeSpan CalibrationDelay { get; }

    /// <summary>What crossed the link from the clients to the upstreams, and back.</summary>
    public LinkCounts Up => _up.Counts;

    public LinkCounts Down => _down.Counts;

    /// <summary>The TCP connections the relay has accepted from clients so far, one upstream connection each.</summary>
    public long Accepted => Interlocked.Read(ref _accepted);

    /// <summary>Upstream address -> the relay's address for it (same scheme and path, the relay's host and port).</summary>
    public IReadOnlyDictionary<string, string> Addresses { get; private set; } = new Dictionary<string, string>();

    /// <summary>Listens on 127.0.0.1 (a port the OS picks) for each upstream URL (http://, net.tcp://, any scheme with a port).</summary>
    public static TcpRelay Start(NetworkProfile profile, IEnumerable<string> upstreams, Action<string>? log = null,
        TimeSpan calibrationDelay = default)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(calibrationDelay, TimeSpan.Zero);
        var relay = new TcpRelay(profile, calibrationDelay, log ?? (_ => { }));
        var addresses = new Dictionary<string, string>(StringComparer.Ordinal);
        try
        {
            foreach (var upstream in upstreams.Distinct(StringComparer.Ordinal))
            {
                if (!Uri.TryCreate(upstream, UriKind.Absolute, out var uri) || uri.Port <= 0)
                {
                    throw new ArgumentException($"'{upstream}' is not an address with a host and a port (e.g. http://127.0.0.1:5001).", nameof(upstreams));
                }
                var listener = new TcpListener(IPAddress.Loopback, 0);
                listener.Start();
                var port = ((IPEndPoint)listener.LocalEndpoint).Port;
                relay._listeners.Add((listener, new DnsEndPoint(uri.IdnHost, uri.Port)));
                addresses[upstream] = RelayAddress(uri, upstream, port);
            }
        }
        catch
        {
            relay.StopListening();
            relay._up.Dispose();
            relay._down.Dispose();
            throw;
        }
        relay.Addresses = addresses;
        foreach (var (listener, target) in relay._listeners)
        {
            relay._acceptLoops.Add(relay.AcceptAsync(listener, target));
        }
        return relay;
    }

    private static string RelayAddress(Uri upstream, string text, int port)
    {
        var pathAndQuery = upstream.PathAndQuery == "/" && !text.EndsWith('/') ? "" : upstream.PathAndQuery;
        return $"{upstream.Scheme}://127.0.0.1:{port}{pathAndQuery}";
    }

    private async Task AcceptAsync(TcpListener listener, DnsEndPoint upstream)
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket inbound;
            try
            {
                inbound = await listener.AcceptSocketAsync(_stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or ObjectDisposedException or SocketException)
            {
                return;
            }
            Interlocked.Increment(ref _accepted);
            var connection = new RelayConnection(inbound, upstream, _up, _down, _log);
            // Registered before it starts, so a connection that ends at once is still removed.
            var run = new Task<Task>(() => RunAsync(connection));
            _connections[connection] = run.Unwrap();
            run.Start(TaskScheduler.Default);
        }
    }

    private async Task RunAsync(RelayConnection connection)
    {
        try
        {
            await connection.RunAsync(_stop.Token);
        }
        catch (Exception e)
        {
            // One connection's failure ends that connection only; the others and the listeners go on.
            _log($"relay: a connection failed: {e.GetType().Name}: {e.Message}");
        }
        finally
        {
            _connections.TryRemove(connection, out _);
            connection.Dispose();
        }
    }

    private void StopListening()
    {
        foreach (var (listener, _) in _listeners)
        {
            listener.Stop();
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        StopListening();
        await Task.WhenAll(_acceptLoops);
        // Cancelling _stop ends every connection's pumps; each closes its sockets as it finishes.
        await Task.WhenAll(_connections.Values);
        _up.Dispose();
        _down.Dispose();
        _stop.Dispose();
    }
}

using Grpc.Core;
using Grpc.Health.V1;
using Grpc.Net.Client;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// The connections of both gRPC clients (contract-first and code-first): one GrpcChannel shared by every worker (or one
/// per --connections, calls spread in turn), each on its own SocketsHttpHandler configured as grpc-dotnet's performance
/// guide says (connections kept for the run, keep-alive pings, a further HTTP/2 connection when 100 streams are busy),
/// with no receive limit so the biggest hub's answer fits. Bytes are counted on the handlers' own connections.
/// </summary>
public sealed class GrpcConnections : IDisposable
{
    private readonly WireCounter _wire = new();
    private readonly HttpMessageHandler[] _handlers;
    private readonly GrpcChannel[] _channels;
    private readonly Health.HealthClient _health;
    private uint _next;

    public GrpcConnections(Uri address, int connections)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(connections, 1);
        // A handler of its own per channel: handlers pool connections, so channels sharing one would share its connection.
        _handlers = new HttpMessageHandler[connections];
        _channels = new GrpcChannel[connections];
        for (var i = 0; i < connections; i++)
        {
            _handlers[i] = new AnswerHeadersTiming(_wire.Count(new SocketsHttpHandler
            {
                PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
                KeepAlivePingDelay = TimeSpan.FromSeconds(60),
                KeepAlivePingTimeout = TimeSpan.FromSeconds(30),
                EnableMultipleHttp2Connections = true,
                ConnectTimeout = TimeSpan.FromSeconds(10),
            }));
            _channels[i] = GrpcChannel.ForAddress(address, new GrpcChannelOptions
            {
                HttpHandler = _handlers[i],
                DisposeHttpClient = false,
                MaxReceiveMessageSize = null,
            });
        }
        _health = new Health.HealthClient(_channels[0]);
    }

    public static string Library => $"Grpc.Net.Client {LibraryVersion.Of(typeof(GrpcChannel))}";

    public string Description => _channels.Length == 1
        ? $"{Library}: one GrpcChannel, one SocketsHttpHandler"
        : $"{Library}: {_channels.Length} GrpcChannels (--connections), calls spread in turn, each on its own SocketsHttpHandler";

    public (long Sent, long Received) WireBytes => (_wire.BytesSent, _wire.BytesReceived);

    /// <summary>One client per channel, made by <paramref name="create"/> from the channel's invoker, which times the
    /// answers' decoding (<see cref="GrpcDecodeTiming"/>).</summary>
    public T[] Create<T>(Func<CallInvoker, T> create) => [.. _channels.Select(channel => create(new GrpcDecodeTiming(channel.CreateCallInvoker())))];

    /// <summary>The client of the next call: calls go to the connections in turn, as ghz and h2load spread theirs.</summary>
    public T Next<T>(T[] clients) => clients.Length == 1
        ? clients[0]
        : clients[Interlocked.Increment(ref _next) % (uint)clients.Length];

    /// <summary>grpc.health.v1.Health: SERVING once the host's database answers.</summary>
    public async Task<bool> CheckHealthAsync(CallOptions options)
    {
        try
        {
            var reply = await _health.CheckAsync(new HealthCheckRequest(), options);
            return reply.Status == HealthCheckResponse.Types.ServingStatus.Serving;
        }
        catch (RpcException)
        {
            return false;
        }
    }

    public void Dispose()
    {
        foreach (var channel in _channels)
        {
            channel.Dispose();
        }
        foreach (var handler in _handlers)
        {
            handler.Dispose();
        }
    }
}

using System.Net;
using Grpc.Core;
using Grpc.Health.V1;
using Grpc.Net.Client;
using Grpc.Net.Client.Web;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>How a gRPC client's channels reach their host.</summary>
public enum GrpcProtocol
{
    /// <summary>gRPC proper, HTTP/2.</summary>
    Http2,

    /// <summary>gRPC-Web (binary, application/grpc-web) over HTTP/1.1 through GrpcWebHandler: grpc-dotnet's road for
    /// clients whose HttpClient cannot speak HTTP/2 gRPC (.NET Framework).</summary>
    GrpcWeb,
}

/// <summary>
/// The connections of the gRPC clients (contract-first, code-first and gRPC-Web): one GrpcChannel shared by every worker
/// (or one per --connections, calls spread in turn), each on its own SocketsHttpHandler configured as grpc-dotnet's
/// performance guide says (connections kept for the run, keep-alive pings, a further HTTP/2 connection when 100 streams
/// are busy), with no receive limit so the biggest hub's answer fits. Over gRPC-Web a GrpcWebHandler sits in front and
/// the handler opens an HTTP/1.1 connection per call in flight. Bytes are counted on the handlers' own connections.
/// </summary>
public sealed class GrpcConnections : IDisposable
{
    private readonly WireCounter _wire = new();
    private readonly HttpMessageHandler[] _handlers;
    private readonly GrpcChannel[] _channels;
    private readonly Health.HealthClient _health;
    private readonly GrpcProtocol _protocol;
    private readonly bool _newConnectionPerCall;
    private uint _next;

    /// <param name="trusted">With --security tls, the one certificate the channels trust (<see cref="ClientTls"/>); null: cleartext.</param>
    /// <param name="newConnectionPerCall">--connection-mode new-per-call: the channels stay, but each call goes over a
    /// handler and connection of its own (<see cref="PerCallConnectionHandler"/>).</param>
    public GrpcConnections(Uri address, int connections, GrpcProtocol protocol = GrpcProtocol.Http2,
        System.Security.Cryptography.X509Certificates.X509Certificate2? trusted = null, bool newConnectionPerCall = false)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(connections, 1);
        _protocol = protocol;
        _newConnectionPerCall = newConnectionPerCall;
        // A handler of its own per channel: handlers pool connections, so channels sharing one would share its connection.
        _handlers = new HttpMessageHandler[connections];
        _channels = new GrpcChannel[connections];
        for (var i = 0; i < connections; i++)
        {
            var counted = new AnswerHeadersTiming(HttpTransport.Connections(() => _wire.Count(new SocketsHttpHandler
            {
                PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
                KeepAlivePingDelay = TimeSpan.FromSeconds(60),
                KeepAlivePingTimeout = TimeSpan.FromSeconds(30),
                EnableMultipleHttp2Connections = true,
                ConnectTimeout = TimeSpan.FromSeconds(10),
            }.Trusting(trusted)), newConnectionPerCall));
            _handlers[i] = protocol == GrpcProtocol.GrpcWeb
                ? new GrpcWebHandler(GrpcWebMode.GrpcWeb, counted)
                : counted;
            _channels[i] = GrpcChannel.ForAddress(address, new GrpcChannelOptions
            {
                HttpHandler = _handlers[i],
                DisposeHttpClient = false,
                MaxReceiveMessageSize = null,
                // gRPC-Web is the road for a client without HTTP/2: HTTP/1.1 exactly, as that client would send it.
                HttpVersion = protocol == GrpcProtocol.GrpcWeb ? HttpVersion.Version11 : null,
                HttpVersionPolicy = protocol == GrpcProtocol.GrpcWeb ? HttpVersionPolicy.RequestVersionExact : null,
            });
        }
        _health = new Health.HealthClient(_channels[0]);
    }

    public static string Library => $"Grpc.Net.Client {LibraryVersion.Of(typeof(GrpcChannel))}";

    /// <summary>The library and its gRPC-Web handler, for the gRPC-Web client.</summary>
    private static string WebLibrary => $"{Library} with Grpc.Net.Client.Web {LibraryVersion.Of(typeof(GrpcWebHandler))}";

    public string Description => _protocol == GrpcProtocol.GrpcWeb
        ? $"{WebLibrary}: {Channels}, GrpcWebHandler (GrpcWebMode.GrpcWeb, HTTP/1.1, a connection per call in flight)"
        : $"{Library}: {Channels} (EnableMultipleHttp2Connections, keep-alive ping 60 s)";

    private string Channels => _newConnectionPerCall
        ? $"one GrpcChannel, {HttpTransport.Pooling(true)}: a SocketsHttpHandler of its own per call, closed after it"
        : _channels.Length == 1
        ? "one GrpcChannel, one SocketsHttpHandler"
        : $"{_channels.Length} GrpcChannels (--connections), calls spread in turn, each on its own SocketsHttpHandler";

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

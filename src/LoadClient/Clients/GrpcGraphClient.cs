using System.Net.Sockets;
using Grpc.Core;
using Grpc.Health.V1;
using Grpc.Net.Client;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Hosting;
using RpcCompare.Definitions;
using RpcCompare.LoadClient.Measurement;
using Proto = RpcCompare.Contracts.Grpc;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// gRPC through Grpc.Net.Client: one GrpcChannel shared by every worker (or one per --connections, calls spread in turn),
/// each on its own SocketsHttpHandler configured as grpc-dotnet's performance guide says (connections kept for the run, keep-alive pings, a further HTTP/2 connection when
/// 100 streams are busy), with no receive limit so the biggest hub's answer fits. Bytes are counted on the handler's own
/// connections; every call carries its deadline.
/// </summary>
public sealed class GrpcGraphClient : IGraphClient
{
    private readonly WireCounter _wire = new();
    private readonly SocketsHttpHandler[] _handlers;
    private readonly GrpcChannel[] _channels;
    private readonly Proto.Graph.GraphClient[] _graphs;
    private readonly Health.HealthClient _health;
    private readonly TimeSpan _timeout;
    private uint _nextChannel;

    public GrpcGraphClient(Uri address, ClientOptions options)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(options.Connections, 1);
        // A handler of its own per channel: handlers pool connections, so channels sharing one would share its connection.
        _handlers = new SocketsHttpHandler[options.Connections];
        _channels = new GrpcChannel[options.Connections];
        _graphs = new Proto.Graph.GraphClient[options.Connections];
        for (var i = 0; i < options.Connections; i++)
        {
            _handlers[i] = _wire.Count(new SocketsHttpHandler
            {
                PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
                KeepAlivePingDelay = TimeSpan.FromSeconds(60),
                KeepAlivePingTimeout = TimeSpan.FromSeconds(30),
                EnableMultipleHttp2Connections = true,
                ConnectTimeout = TimeSpan.FromSeconds(10),
            });
            _channels[i] = GrpcChannel.ForAddress(address, new GrpcChannelOptions
            {
                HttpHandler = _handlers[i],
                DisposeHttpClient = false,
                MaxReceiveMessageSize = null,
            });
            _graphs[i] = new Proto.Graph.GraphClient(_channels[i]);
        }
        _health = new Health.HealthClient(_channels[0]);
        _timeout = options.RequestTimeout;
    }

    /// <summary>The channel of the next call: calls go to the connections in turn, as ghz and h2load spread theirs.</summary>
    private Proto.Graph.GraphClient NextGraph => _graphs.Length == 1
        ? _graphs[0]
        : _graphs[Interlocked.Increment(ref _nextChannel) % (uint)_graphs.Length];

    public static string Library => $"Grpc.Net.Client {LibraryVersion.Of(typeof(GrpcChannel))}";

    public string Stack => Definitions.StackCatalog.Grpc;

    public string Description => (_channels.Length == 1
            ? $"{Library}: one GrpcChannel, one SocketsHttpHandler"
            : $"{Library}: {_channels.Length} GrpcChannels (--connections), calls spread in turn, each on its own SocketsHttpHandler") +
        " (EnableMultipleHttp2Connections, keep-alive ping 60 s), generated Graph.GraphClient, deadline per call, no receive limit";

    public (long Sent, long Received) WireBytes => (_wire.BytesSent, _wire.BytesReceived);

    public async Task<bool> CheckHealthAsync(CancellationToken cancellationToken)
    {
        try
        {
            var reply = await _health.CheckAsync(new HealthCheckRequest(), Options(cancellationToken));
            return reply.Status == HealthCheckResponse.Types.ServingStatus.Serving;
        }
        catch (RpcException)
        {
            return false;
        }
    }

    public async Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        (await Unary(o => NextGraph.PingAsync(new Proto.PingRequest { Payload = payload }, o), cancellationToken)).Payload;

    public async Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        Convert((await Unary(o => NextGraph.GetLinksAsync(new Proto.GetLinksRequest { NodeId = nodeId }, o), cancellationToken)).Links,
            ProtoMapping.FromProto);

    public async Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken)
    {
        var links = new List<LinkView>();
        await Streaming(o => NextGraph.StreamLinks(new Proto.GetLinksRequest { NodeId = nodeId }, o),
            batch => links.AddRange(batch.Links.Select(ProtoMapping.FromProto)), cancellationToken);
        return [.. links];
    }

    public async Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        Convert((await Unary(o => NextGraph.SearchNodesAsync(new Proto.SearchNodesRequest { Term = term, Limit = limit }, o),
            cancellationToken)).Nodes, ProtoMapping.FromProto);

    public async Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken)
    {
        var nodes = new List<NodeSummary>();
        await Streaming(o => NextGraph.StreamSearchNodes(new Proto.SearchNodesRequest { Term = term, Limit = limit }, o),
            batch => nodes.AddRange(batch.Nodes.Select(ProtoMapping.FromProto)), cancellationToken);
        return [.. nodes];
    }

    public async Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        (await Unary(o => NextGraph.PrepareSnapshotAsync(new Proto.PrepareSnapshotRequest { Size = size }, o), cancellationToken)).FromProto();

    public async Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        Convert((await Unary(o => NextGraph.GetRecordsAsync(new Proto.GetRecordsRequest { SnapshotId = snapshotId, Count = count }, o),
            cancellationToken)).Records, ProtoMapping.FromProto);

    public async Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        (await Unary(o => NextGraph.CreateNodeAsync(node.ToProto(), o), cancellationToken)).FromProto();

    public async Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        Convert((await Unary(o => NextGraph.ListNodesAsync(new Proto.ListNodesRequest { AfterId = afterId, Limit = limit }, o),
            cancellationToken)).Nodes, ProtoMapping.FromProto);

    public async Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        (await Unary(o => NextGraph.GetNodeAsync(new Proto.GetNodeRequest { Id = id }, o), cancellationToken)).FromProto();

    public async Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken)
    {
        var request = new Proto.GetNeighbourhoodsRequest();
        request.Ids.Add(ids);
        return Convert((await Unary(o => NextGraph.GetNeighbourhoodsAsync(request, o), cancellationToken)).Neighbourhoods,
            ProtoMapping.FromProto);
    }

    private CallOptions Options(CancellationToken cancellationToken) =>
        new(deadline: DateTime.UtcNow + _timeout, cancellationToken: cancellationToken);

    private async Task<TResponse> Unary<TResponse>(Func<CallOptions, AsyncUnaryCall<TResponse>> call,
        CancellationToken cancellationToken)
    {
        try
        {
            using var pending = call(Options(cancellationToken));
            return await pending.ResponseAsync;
        }
        catch (RpcException e)
        {
            throw Classify(e, cancellationToken);
        }
    }

    private async Task Streaming<TResponse>(Func<CallOptions, AsyncServerStreamingCall<TResponse>> call, Action<TResponse> each,
        CancellationToken cancellationToken)
    {
        try
        {
            using var pending = call(Options(cancellationToken));
            while (await pending.ResponseStream.MoveNext(cancellationToken))
            {
                each(pending.ResponseStream.Current);
            }
        }
        catch (RpcException e)
        {
            throw Classify(e, cancellationToken);
        }
    }

    private static T[] Convert<TMessage, T>(IReadOnlyList<TMessage> messages, Func<TMessage, T> convert)
    {
        var items = new T[messages.Count];
        for (var i = 0; i < items.Length; i++)
        {
            items[i] = convert(messages[i]);
        }
        return items;
    }

    private static GraphCallException Classify(RpcException e, CancellationToken cancellationToken) =>
        new(e.StatusCode switch
        {
            StatusCode.Unavailable when ErrorKinds.FromCause(e.Trailers.GetValue(FailureCauses.GrpcTrailer)) is { } cause => cause,
            StatusCode.NotFound => ErrorKind.NotFound,
            StatusCode.InvalidArgument => ErrorKind.InvalidArgument,
            StatusCode.ResourceExhausted => ErrorKind.OverLimit,
            StatusCode.PermissionDenied => ErrorKind.WritesDisabled,
            StatusCode.DeadlineExceeded => ErrorKind.Timeout,
            StatusCode.Cancelled when cancellationToken.IsCancellationRequested => ErrorKind.Cancelled,
            StatusCode.Unavailable when IsRefused(e.Status.DebugException) => ErrorKind.Refused,
            StatusCode.Unavailable or StatusCode.Internal or StatusCode.Unimplemented => ErrorKind.Protocol,
            StatusCode.Unknown => ErrorKind.Server,
            _ => ErrorKind.Other,
        }, $"grpc {e.StatusCode}", e.Status.Detail, e);

    private static bool IsRefused(Exception? e)
    {
        for (; e is not null; e = e.InnerException)
        {
            if (e is SocketException { SocketErrorCode: SocketError.ConnectionRefused })
            {
                return true;
            }
        }
        return false;
    }

    public ValueTask DisposeAsync()
    {
        foreach (var channel in _channels)
        {
            channel.Dispose();
        }
        foreach (var handler in _handlers)
        {
            handler.Dispose();
        }
        return ValueTask.CompletedTask;
    }
}

using RpcCompare.Contracts;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Protocols.Grpc;
using RpcCompare.Server.Grpc;
using Pb = RpcCompare.Contracts.Grpc;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// gRPC through one channel shared by every worker (HTTP/2 multiplexing, more connections when 100 streams are busy),
/// with no receive limit so the biggest hub's answer fits, as grpc-dotnet advises for large messages.
/// </summary>
public sealed class GrpcGraphClient : IGraphClient
{
    private readonly WireCounter _wire = new();
    private readonly SocketsHttpHandler _handler;
    private readonly GrpcChannel _channel;
    private readonly GrpcCallOptions _call;

    public GrpcGraphClient(Uri address, ClientOptions options)
    {
        _handler = _wire.Count(GrpcChannel.CreateHttpHandler());
        _channel = GrpcChannel.ForAddress(address, new GrpcChannelOptions { MaxReceiveMessageSize = null, HttpHandler = _handler });
        _call = GrpcCallOptions.WithTimeout(options.RequestTimeout);
    }

    public string Stack => "grpc";

    public bool SupportsStreaming => true;

    public (long Sent, long Received) WireBytes => (_wire.BytesSent, _wire.BytesReceived);

    public async Task<bool> CheckHealthAsync(CancellationToken cancellationToken)
    {
        try
        {
            return await _channel.CheckHealthAsync("", _call, cancellationToken)
                == Protocols.Grpc.Health.HealthCheckResponse.Types.ServingStatus.Serving;
        }
        catch (GrpcException)
        {
            return false;
        }
    }

    public async Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        (await Unary(GraphGrpcMethods.Ping, new Pb.PingRequest { Payload = payload }, cancellationToken)).Payload;

    public async Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        Convert((await Unary(GraphGrpcMethods.GetLinks, new Pb.GetLinksRequest { NodeId = nodeId }, cancellationToken)).Links,
            ProtoMapping.FromProto);

    public async Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken)
    {
        var links = new List<LinkView>();
        await foreach (var batch in Streaming(GraphGrpcMethods.StreamLinks, new Pb.GetLinksRequest { NodeId = nodeId }, cancellationToken))
        {
            foreach (var link in batch.Links)
            {
                links.Add(link.FromProto());
            }
        }
        return [.. links];
    }

    public async Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        Convert((await Unary(GraphGrpcMethods.SearchNodes, new Pb.SearchNodesRequest { Term = term, Limit = limit },
            cancellationToken)).Nodes, ProtoMapping.FromProto);

    public async Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken)
    {
        var nodes = new List<NodeSummary>();
        await foreach (var batch in Streaming(GraphGrpcMethods.StreamSearchNodes,
            new Pb.SearchNodesRequest { Term = term, Limit = limit }, cancellationToken))
        {
            foreach (var node in batch.Nodes)
            {
                nodes.Add(node.FromProto());
            }
        }
        return [.. nodes];
    }

    public async Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        (await Unary(GraphGrpcMethods.PrepareSnapshot, new Pb.PrepareSnapshotRequest { Size = size }, cancellationToken)).FromProto();

    public async Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        Convert((await Unary(GraphGrpcMethods.GetRecords, new Pb.GetRecordsRequest { SnapshotId = snapshotId, Count = count },
            cancellationToken)).Records, ProtoMapping.FromProto);

    public async Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        (await Unary(GraphGrpcMethods.CreateNode, node.ToProto(), cancellationToken)).FromProto();

    public async Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        Convert((await Unary(GraphGrpcMethods.ListNodes, new Pb.ListNodesRequest { AfterId = afterId, Limit = limit },
            cancellationToken)).Nodes, ProtoMapping.FromProto);

    public async Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        (await Unary(GraphGrpcMethods.GetNode, new Pb.GetNodeRequest { Id = id }, cancellationToken)).FromProto();

    public async Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken)
    {
        var request = new Pb.GetNeighbourhoodsRequest();
        request.Ids.Add(ids);
        return Convert((await Unary(GraphGrpcMethods.GetNeighbourhoods, request, cancellationToken)).Neighbourhoods,
            ProtoMapping.FromProto);
    }

    private async Task<TResponse> Unary<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method, TRequest request,
        CancellationToken cancellationToken)
        where TRequest : class, Google.Protobuf.IMessage<TRequest>, new()
        where TResponse : class, Google.Protobuf.IMessage<TResponse>, new()
    {
        try
        {
            return await _channel.UnaryAsync(method, request, _call, cancellationToken);
        }
        catch (GrpcException e)
        {
            throw Classify(e, cancellationToken);
        }
    }

    private async IAsyncEnumerable<TResponse> Streaming<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method,
        TRequest request, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
        where TRequest : class, Google.Protobuf.IMessage<TRequest>, new()
        where TResponse : class, Google.Protobuf.IMessage<TResponse>, new()
    {
        await using var messages = _channel.ServerStreamingAsync(method, request, _call, cancellationToken)
            .GetAsyncEnumerator(cancellationToken);
        while (true)
        {
            try
            {
                if (!await messages.MoveNextAsync())
                {
                    yield break;
                }
            }
            catch (GrpcException e)
            {
                throw Classify(e, cancellationToken);
            }
            yield return messages.Current;
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

    private static GraphCallException Classify(GrpcException e, CancellationToken cancellationToken) =>
        new(e.StatusCode switch
        {
            GrpcStatusCode.NotFound => ErrorKind.NotFound,
            GrpcStatusCode.InvalidArgument or GrpcStatusCode.ResourceExhausted => ErrorKind.InvalidArgument,
            GrpcStatusCode.PermissionDenied => ErrorKind.WritesDisabled,
            GrpcStatusCode.DeadlineExceeded => ErrorKind.Timeout,
            GrpcStatusCode.Cancelled when cancellationToken.IsCancellationRequested => ErrorKind.Cancelled,
            GrpcStatusCode.Unavailable when e.InnerException is HttpRequestException
                { InnerException: System.Net.Sockets.SocketException { SocketErrorCode: System.Net.Sockets.SocketError.ConnectionRefused } }
                => ErrorKind.Refused,
            GrpcStatusCode.Unavailable or GrpcStatusCode.Internal or GrpcStatusCode.Unimplemented => ErrorKind.Protocol,
            GrpcStatusCode.Unknown => ErrorKind.Server,
            _ => ErrorKind.Other,
        }, $"grpc {e.StatusCode}", e.Detail, e);

    public ValueTask DisposeAsync()
    {
        _channel.Dispose();
        _handler.Dispose();
        return ValueTask.CompletedTask;
    }
}

using Grpc.Core;
using RpcCompare.Contracts;
using Proto = RpcCompare.Contracts.Grpc;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// gRPC through Grpc.Net.Client and the stubs Grpc.Tools generates from graph.proto, on <see cref="GrpcConnections"/>;
/// every call carries its deadline. The grpc-web stack's client is this one over gRPC-Web (<see cref="GrpcProtocol.GrpcWeb"/>):
/// the same stubs and calls, only the channels' handler differs, as a team keeping its client code would have it.
/// </summary>
public sealed class GrpcGraphClient : IGraphClient
{
    private readonly GrpcConnections _connections;
    private readonly Proto.Graph.GraphClient[] _graphs;
    private readonly TimeSpan _timeout;

    public GrpcGraphClient(Uri address, ClientOptions options, GrpcProtocol protocol = GrpcProtocol.Http2)
    {
        _connections = new GrpcConnections(address, options.Connections, protocol, options.TrustedCertificate, options.NewConnectionPerCall);
        _graphs = _connections.Create(invoker => new Proto.Graph.GraphClient(invoker));
        _timeout = options.RequestTimeout;
        Stack = protocol == GrpcProtocol.GrpcWeb ? Stacks.StackCatalog.GrpcWeb : Stacks.StackCatalog.Grpc;
    }

    private Proto.Graph.GraphClient NextGraph => _connections.Next(_graphs);

    public static string Library => GrpcConnections.Library;

    public string Stack { get; }

    public string Description => _connections.Description + ", generated Graph.GraphClient, deadline per call, no receive limit";

    public (long Sent, long Received) WireBytes => _connections.WireBytes;

    public Task<bool> CheckHealthAsync(CancellationToken cancellationToken) =>
        _connections.CheckHealthAsync(Options(cancellationToken));

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
            throw GrpcErrors.Classify(e, cancellationToken);
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
            throw GrpcErrors.Classify(e, cancellationToken);
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

    public ValueTask DisposeAsync()
    {
        _connections.Dispose();
        return ValueTask.CompletedTask;
    }
}

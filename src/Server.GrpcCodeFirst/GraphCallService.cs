using ProtoBuf.Grpc;
using RpcCompare.Contracts;
using RpcCompare.Contracts.CodeFirst;
using RpcCompare.Services;

namespace RpcCompare.Server.GrpcCodeFirst;

/// <summary>
/// The shared <see cref="GraphService"/> behind the code-first contract: each operation runs under its call's token, which
/// grpc-dotnet cancels at the call's deadline or when the client resets the stream, so an abandoned call's query is
/// cancelled and its database connection freed, as on the contract-first host. Refusals become statuses in
/// <see cref="RefusalInterceptor"/>.
/// </summary>
public sealed class GraphCallService(GraphService service) : IGraphCallService
{
    public Task<string> PingAsync(string payload, CallContext context = default) => service.PingAsync(payload);

    public Task<LinkView[]> GetLinksAsync(GetLinksRequest request, CallContext context = default) =>
        service.GetLinksAsync(request, context.CancellationToken);

    public Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request, CallContext context = default) =>
        service.SearchNodesAsync(request, context.CancellationToken);

    public Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request, CallContext context = default) =>
        service.PrepareSnapshotAsync(request, context.CancellationToken);

    public Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request, CallContext context = default) =>
        service.GetRecordsAsync(request, context.CancellationToken);

    public Task<NodeDetails> CreateNodeAsync(NewNode node, CallContext context = default) =>
        service.CreateNodeAsync(node, context.CancellationToken);

    public Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request, CallContext context = default) =>
        service.ListNodesAsync(request, context.CancellationToken);

    public Task<NodeDetails> GetNodeAsync(GetNodeRequest request, CallContext context = default) =>
        service.GetNodeAsync(request, context.CancellationToken);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CallContext context = default) =>
        service.GetNeighbourhoodsAsync(ids, context.CancellationToken);

    public Task<string> CheckHealthAsync(CallContext context = default) => service.CheckHealthAsync(context.CancellationToken);
}

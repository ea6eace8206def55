using RpcCompare.Contracts;
using RpcCompare.Data.Queries;

namespace RpcCompare.Services;

/// <summary>
/// The shared service, transport-neutral: <see cref="Contracts.Wcf.IGraphService"/>'s operations, each one call of the
/// query service, whose refusals (<see cref="GraphException"/>) and database failures go out as they are. Each host
/// adapts it to its contract and turns those into its protocol's errors: the WCF host (SOAP faults) passes
/// <see cref="CancellationToken.None"/>, since WCF gives an operation no token; the code-first gRPC host (gRPC statuses)
/// passes the call's, cancelled by its deadline or the client's reset. One instance serves concurrent calls.
/// </summary>
public sealed class GraphService(GraphQueries queries)
{
    public Task<string> PingAsync(string payload) => Task.FromResult(queries.Ping(payload));

    public Task<LinkView[]> GetLinksAsync(GetLinksRequest? request, CancellationToken cancellationToken) =>
        AllAsync(queries.GetLinksAsync(OrEmpty(request).NodeId, cancellationToken), cancellationToken);

    public Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest? request, CancellationToken cancellationToken)
    {
        var search = OrEmpty(request);
        return AllAsync(queries.SearchNodesAsync(search.Term, search.Limit, cancellationToken), cancellationToken);
    }

    public Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest? request, CancellationToken cancellationToken) =>
        queries.PrepareSnapshotAsync(OrEmpty(request).Size, cancellationToken);

    public Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest? request, CancellationToken cancellationToken)
    {
        var read = OrEmpty(request);
        return AllAsync(queries.GetRecordsAsync(read.SnapshotId, read.Count, cancellationToken), cancellationToken);
    }

    public Task<NodeDetails> CreateNodeAsync(NewNode? node, CancellationToken cancellationToken) =>
        queries.CreateNodeAsync(OrEmpty(node), cancellationToken);

    public Task<NodeSummary[]> ListNodesAsync(ListNodesRequest? request, CancellationToken cancellationToken)
    {
        var list = OrEmpty(request);
        return AllAsync(queries.ListNodesAsync(list.AfterId, list.Limit, cancellationToken), cancellationToken);
    }

    public Task<NodeDetails> GetNodeAsync(GetNodeRequest? request, CancellationToken cancellationToken) =>
        queries.GetNodeAsync(OrEmpty(request).Id, cancellationToken);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[]? ids, CancellationToken cancellationToken) =>
        queries.GetNeighbourhoodsAsync(ids ?? [], cancellationToken);

    public async Task<string> CheckHealthAsync(CancellationToken cancellationToken) =>
        await queries.IsDatabaseReachableAsync(cancellationToken) ? "SERVING" : "NOT_SERVING";

    /// <summary>A query's rows read whole, for the buffered contracts; its connection is released when they are.</summary>
    private static async Task<T[]> AllAsync<T>(Task<QueryStream<T>> opening, CancellationToken cancellationToken)
    {
        await using var rows = await opening;
        return await rows.ToArrayAsync(cancellationToken);
    }

    /// <summary>A WCF request may omit its body's member (nil): that reads as the empty request, as protobuf reads no bytes.</summary>
    private static T OrEmpty<T>(T? request) where T : class, new() => request ?? new T();
}

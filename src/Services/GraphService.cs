using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Data.Queries;

namespace RpcCompare.Services;

/// <summary>
/// The shared service contract, transport-neutral: each operation is one call of the query service, whose refusals
/// (<see cref="GraphException"/>) and database failures go out as they are. Each host turns them into its protocol's
/// errors: the WCF host into SOAP faults, the code-first gRPC host into gRPC statuses. One instance serves concurrent
/// calls. Calls are not cancelled with their client: WCF gives an operation no token, and the shared contract has none.
/// </summary>
public sealed class GraphService(GraphQueries queries) : IGraphService
{
    public Task<string> PingAsync(string payload) => Task.FromResult(queries.Ping(payload));

    public async Task<LinkView[]> GetLinksAsync(GetLinksRequest request)
    {
        await using var links = await queries.GetLinksAsync(OrEmpty(request).NodeId, CancellationToken.None);
        return await links.ToArrayAsync();
    }

    public async Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request)
    {
        request = OrEmpty(request);
        await using var hits = await queries.SearchNodesAsync(request.Term, request.Limit, CancellationToken.None);
        return await hits.ToArrayAsync();
    }

    public Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request) =>
        queries.PrepareSnapshotAsync(OrEmpty(request).Size, CancellationToken.None);

    public async Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request)
    {
        request = OrEmpty(request);
        await using var records = await queries.GetRecordsAsync(request.SnapshotId, request.Count, CancellationToken.None);
        return await records.ToArrayAsync();
    }

    public Task<NodeDetails> CreateNodeAsync(NewNode node) => queries.CreateNodeAsync(OrEmpty(node), CancellationToken.None);

    public async Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request)
    {
        request = OrEmpty(request);
        await using var page = await queries.ListNodesAsync(request.AfterId, request.Limit, CancellationToken.None);
        return await page.ToArrayAsync();
    }

    public Task<NodeDetails> GetNodeAsync(GetNodeRequest request) => queries.GetNodeAsync(OrEmpty(request).Id, CancellationToken.None);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids) => queries.GetNeighbourhoodsAsync(ids ?? [], CancellationToken.None);

    public async Task<string> CheckHealthAsync() =>
        await queries.IsDatabaseReachableAsync(CancellationToken.None) ? "SERVING" : "NOT_SERVING";

    /// <summary>A WCF request may omit its body's member (nil): that reads as the empty request, as protobuf reads no bytes.</summary>
    private static T OrEmpty<T>(T? request) where T : class, new() => request ?? new T();
}

namespace RpcCompare.Contracts.Wcf;

/// <summary>
/// The WCF service contract, shared by the NetTcp host and its client (operation name = method name without "Async",
/// namespace and name from <see cref="GraphContract"/>). WCF has no streaming variant here: NetTcp streaming only carries a
/// raw Stream body, so the stack is measured buffered, as the studied team ran it.
/// </summary>
public interface IGraphService
{
    Task<string> PingAsync(string payload);
    Task<LinkView[]> GetLinksAsync(long nodeId);
    Task<NodeSummary[]> SearchNodesAsync(string term, int limit);
    Task<SnapshotInfo> PrepareSnapshotAsync(int size);
    Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count);
    Task<NodeDetails> CreateNodeAsync(NewNode node);
    Task<NodeSummary[]> ListNodesAsync(long afterId, int limit);
    Task<NodeDetails> GetNodeAsync(long id);
    Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids);

    /// <summary>Readiness probe: "SERVING" once the host can reach its database.</summary>
    Task<string> CheckHealthAsync();
}

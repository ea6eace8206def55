using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// A client that calls the WCF stack's service contract (<see cref="IGraphService"/>) through a proxy of some library:
/// every operation is adapted to the contract here, once. A subclass keeps only its invoker and its error mapping
/// (<see cref="CallAsync{T}"/>), and the streaming variants if its stack has them. WCF over NetTcp and code-first gRPC
/// use it, and so would a SOAP-over-HTTP client (BasicHttpBinding) of the same contract.
/// </summary>
public abstract class ServiceContractGraphClient : IGraphClient
{
    public abstract string Stack { get; }

    public abstract string Description { get; }

    public abstract (long Sent, long Received) WireBytes { get; }

    /// <summary>One call on a proxy of the contract; its failures become <see cref="GraphCallException"/>.</summary>
    protected abstract Task<T> CallAsync<T>(Func<IGraphService, Task<T>> operation, CancellationToken cancellationToken);

    /// <summary>The contract's own CheckHealth; a call that fails is not healthy.</summary>
    public virtual async Task<bool> CheckHealthAsync(CancellationToken cancellationToken)
    {
        try
        {
            return await CallAsync(c => c.CheckHealthAsync(), cancellationToken) == "SERVING";
        }
        catch (GraphCallException)
        {
            return false;
        }
    }

    public Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        CallAsync(c => c.PingAsync(payload), cancellationToken);

    public Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetLinksAsync(new GetLinksRequest { NodeId = nodeId }), cancellationToken);

    /// <summary>The contract has no streaming operation: a stack that streams serves it beside the contract.</summary>
    public virtual Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        throw NoStreaming();

    public Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        CallAsync(c => c.SearchNodesAsync(new SearchNodesRequest { Term = term, Limit = limit }), cancellationToken);

    public virtual Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        throw NoStreaming();

    public Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        CallAsync(c => c.PrepareSnapshotAsync(new PrepareSnapshotRequest { Size = size }), cancellationToken);

    public Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetRecordsAsync(new GetRecordsRequest { SnapshotId = snapshotId, Count = count }), cancellationToken);

    public Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        CallAsync(c => c.CreateNodeAsync(node), cancellationToken);

    public Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        CallAsync(c => c.ListNodesAsync(new ListNodesRequest { AfterId = afterId, Limit = limit }), cancellationToken);

    public Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetNodeAsync(new GetNodeRequest { Id = id }), cancellationToken);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetNeighbourhoodsAsync(ids), cancellationToken);

    public abstract ValueTask DisposeAsync();

    private NotSupportedException NoStreaming() =>
        new($"The {StackCatalog.DisplayName(Stack)} stack has no streaming variant.");
}

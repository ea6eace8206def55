using RpcCompare.Contracts;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// One typed client per stack behind one interface: the scenarios and the equivalence tests call the same operations on
/// every stack and get the same contract types back. A client is thread-safe and shared by all workers of a run (WCF's
/// holds one channel per concurrent caller, as a session allows one call at a time).
/// </summary>
public interface IGraphClient : IAsyncDisposable
{
    string Stack { get; }

    /// <summary>The client library with its version and how it is configured, for the results' manifest.</summary>
    string Description { get; }

    /// <summary>Bytes on this client's connections to its host so far, in each direction.</summary>
    (long Sent, long Received) WireBytes { get; }

    Task<bool> CheckHealthAsync(CancellationToken cancellationToken);

    Task<string> PingAsync(string payload, CancellationToken cancellationToken);

    Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken);

    /// <summary>The streaming variant, gathered into one array so it compares with the unary call.</summary>
    Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken);

    Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken);

    Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken);

    Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken);

    Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken);

    Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken);

    Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken);

    Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken);

    Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken);
}

/// <summary>A stack that can fetch a page of nodes with their links and targets in one request (GraphQL).</summary>
public interface ISingleRequestPage
{
    Task<Neighbourhood[]> GetPageWithLinksAsync(long afterId, int limit, CancellationToken cancellationToken);
}

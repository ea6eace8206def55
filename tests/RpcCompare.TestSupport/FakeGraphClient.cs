using RpcCompare.Contracts;
using RpcCompare.LoadClient.Clients;

namespace RpcCompare.TestSupport;

/// <summary>
/// A stack that answers a ping in-process, without I/O: what is left of a call is the load generator's own work (the
/// loop, the deadline, the recorder). Only the ping exists; the load generator's tests and the harness-overhead
/// benchmark need nothing else.
/// </summary>
/// <param name="yields">Complete every ping asynchronously (after a Task.Yield), as a real client does after its I/O;
/// false: complete synchronously, which allocates nothing.</param>
public sealed class FakeGraphClient(bool yields) : IGraphClient
{
    private static readonly Task<string> Pong = Task.FromResult("");

    public string Stack => "null";

    public string Description => $"in-process null stack ({(yields ? "completes after a yield" : "completes synchronously")})";

    public (long Sent, long Received) WireBytes => (0, 0);

    public Task<bool> CheckHealthAsync(CancellationToken cancellationToken) => Task.FromResult(true);

    public Task<string> PingAsync(string payload, CancellationToken cancellationToken) => yields ? YieldAsync() : Pong;

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

    public Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) => throw Unsupported();

    public Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) => throw Unsupported();

    public Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) => throw Unsupported();

    public Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) => throw Unsupported();

    public Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) => throw Unsupported();

    public Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) => throw Unsupported();

    public Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) => throw Unsupported();

    public Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) => throw Unsupported();

    public Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) => throw Unsupported();

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken) => throw Unsupported();

    private static async Task<string> YieldAsync()
    {
        await Task.Yield();
        return "";
    }

    private static NotSupportedException Unsupported() => new("The null stack only answers pings.");
}

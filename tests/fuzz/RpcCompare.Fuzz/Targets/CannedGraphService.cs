using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;

namespace RpcCompare.Fuzz;

/// <summary>
/// A service that ignores its arguments and answers at once with small fixed values, so a fuzzed session runs through
/// invocation and reply encoding without a database and without ever waiting.
/// </summary>
internal sealed class CannedGraphService : IGraphService
{
    private static readonly NodeSummary Node = new() { Id = 1, Name = "n1", Type = "t" };
    private static readonly LinkView Link = new() { Id = 2, Type = "k", Weight = 0.5, CreatedAt = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc), Target = Node };
    private static readonly NodeDetails Details = new() { Id = 1, Name = "n1", Type = "t", CreatedAt = Link.CreatedAt, LinkCount = 1 };

    public Task<string> PingAsync(string payload) => Task.FromResult("pong");

    public Task<LinkView[]> GetLinksAsync(GetLinksRequest request) => Task.FromResult(new[] { Link });

    public Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request) => Task.FromResult(new[] { Node });

    public Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request) => Task.FromResult(new SnapshotInfo { Id = 3, Size = 1 });

    public Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request) => Task.FromResult(new[] { new WideRecord { Id = 4 } });

    public Task<NodeDetails> CreateNodeAsync(NewNode node) => Task.FromResult(Details);

    public Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request) => Task.FromResult(new[] { Node });

    public Task<NodeDetails> GetNodeAsync(GetNodeRequest request) => Task.FromResult(Details);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids) => Task.FromResult(new[] { new Neighbourhood { Node = Node, Links = [Link] } });

    public Task<string> CheckHealthAsync() => Task.FromResult("SERVING");
}

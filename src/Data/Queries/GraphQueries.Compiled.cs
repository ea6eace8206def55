using Microsoft.EntityFrameworkCore;
using RpcCompare.Contracts;

namespace RpcCompare.Data.Queries;

// The hot queries are compiled once: the per-call cost is then the same small constant on every stack.
public sealed partial class GraphQueries
{
    private static readonly Func<GraphDb, long, IAsyncEnumerable<LinkView>> LinksOf = EF.CompileAsyncQuery(
        (GraphDb db, long nodeId) => db.Links.AsNoTracking()
            .Where(l => l.SourceId == nodeId)
            .OrderBy(l => l.Id)
            .Select(l => new LinkView
            {
                Id = l.Id,
                Type = l.Type.Name,
                Weight = l.Weight,
                CreatedAt = l.CreatedAt,
                Target = new NodeSummary { Id = l.Target.Id, Name = l.Target.Name, Type = l.Target.Type.Name },
            }));

    private static readonly Func<GraphDb, long[], IAsyncEnumerable<SourcedLink>> LinksOfMany = EF.CompileAsyncQuery(
        (GraphDb db, long[] nodeIds) => db.Links.AsNoTracking()
            .Where(l => nodeIds.Contains(l.SourceId))
            .OrderBy(l => l.SourceId).ThenBy(l => l.Id)
            .Select(l => new SourcedLink(l.SourceId, new LinkView
            {
                Id = l.Id,
                Type = l.Type.Name,
                Weight = l.Weight,
                CreatedAt = l.CreatedAt,
                Target = new NodeSummary { Id = l.Target.Id, Name = l.Target.Name, Type = l.Target.Type.Name },
            })));

    private static readonly Func<GraphDb, string, int, IAsyncEnumerable<NodeSummary>> NodesStartingWith = EF.CompileAsyncQuery(
        (GraphDb db, string prefix, int limit) => db.Nodes.AsNoTracking()
            .Where(n => n.NameKey.StartsWith(prefix))
            .OrderBy(n => n.NameKey).ThenBy(n => n.Id)
            .Take(limit)
            .Select(n => new NodeSummary { Id = n.Id, Name = n.Name, Type = n.Type.Name }));

    private static readonly Func<GraphDb, long, int, IAsyncEnumerable<NodeSummary>> NodesAfter = EF.CompileAsyncQuery(
        (GraphDb db, long afterId, int limit) => db.Nodes.AsNoTracking()
            .Where(n => n.Id > afterId)
            .OrderBy(n => n.Id)
            .Take(limit)
            .Select(n => new NodeSummary { Id = n.Id, Name = n.Name, Type = n.Type.Name }));

    private static readonly Func<GraphDb, long[], IAsyncEnumerable<CountedNode>> NodesByIds = EF.CompileAsyncQuery(
        (GraphDb db, long[] ids) => db.Nodes.AsNoTracking()
            .Where(n => ids.Contains(n.Id))
            .Select(n => new CountedNode(new NodeSummary { Id = n.Id, Name = n.Name, Type = n.Type.Name }, n.LinkCount)));

    private static readonly Func<GraphDb, long, CancellationToken, Task<NodeDetails?>> NodeById = EF.CompileAsyncQuery(
        (GraphDb db, long id, CancellationToken _) => db.Nodes.AsNoTracking()
            .Where(n => n.Id == id)
            .Select(n => new NodeDetails
            {
                Id = n.Id,
                Name = n.Name,
                Type = n.Type.Name,
                CreatedAt = n.CreatedAt,
                LinkCount = n.LinkCount,
            })
            .FirstOrDefault());

    private static readonly Func<GraphDb, long, int, IAsyncEnumerable<WideRecord>> RecordsOf = EF.CompileAsyncQuery(
        (GraphDb db, long snapshotId, int count) => db.SnapshotItems.AsNoTracking()
            .Where(i => i.SnapshotId == snapshotId && i.Seq <= count)
            .OrderBy(i => i.Seq)
            .Select(i => i.Record));

    private sealed record SourcedLink(long SourceId, LinkView Link);

    private sealed record CountedNode(NodeSummary Node, int LinkCount);
}

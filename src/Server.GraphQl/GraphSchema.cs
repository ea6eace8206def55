using RpcCompare.Contracts;
using RpcCompare.Data.Queries;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// The graph as a GraphQL schema over the shared contract types. Top-level fields call the query service once each; a
/// page of nodes resolves its links through a DataLoader over the service's batch method, so `nodes { links { target
/// { name } } }` costs two SQL round trips however many nodes the page holds.
/// </summary>
public static class GraphSchema
{
    public static void Build(SchemaBuilder schema) => schema
        .Description("RpcCompare's graph: nodes, their links, name search and wide records for bulk transfer.")
        .AddObjectType<NodeSummary>()
        .AddObjectType<NodeDetails>()
        .AddObjectType<WideRecord>()
        .AddObjectType<SnapshotInfo>()
        .AddObjectType<Neighbourhood>(t => t.BindProperties().Field(n => n.Links).Type("[Link!]!"))
        .AddObjectType<LinkView>(t => t.Name("Link").BindProperties())
        .AddObjectType<NodeSummary>(t => t
            .Name("Node")
            .Description("A node of a page, with its links (loaded in one batch for the whole page).")
            .BindProperties()
            .Field("links")
            .Type("[Link!]!")
            .ResolveAsync(async (ctx, ct) => await ctx
                .BatchDataLoader<long, LinkView[]>("linksByNode", (ids, token) => LinksByNodeAsync(ctx.Service<GraphQueries>(), ids, token),
                    new DataLoaderOptions { MaxBatchSize = GraphContract.MaxNeighbourhoodIds })
                .LoadAsync(ctx.Parent.Id, ct) ?? []))
        .AddQueryType(q =>
        {
            q.Field("ping").Argument<string>("payload").Type("String!")
                .Resolve(ctx => ctx.Service<GraphQueries>().Ping(ctx.Argument<string>("payload")));
            q.Field("node").Argument<long>("id").Type("NodeDetails")
                .ResolveAsync((ctx, ct) => ctx.Service<GraphQueries>().GetNodeAsync(ctx.Argument<long>("id"), ct));
            q.Field("nodes").Description("A page of nodes after the given id, in id order.")
                .Argument<long>("after", a => a.DefaultValue(0L))
                .Argument<int>("first", a => a.DefaultValue(100))
                .Type("[Node!]!")
                .ResolveAsync(async (ctx, ct) =>
                {
                    await using var page = await ctx.Service<GraphQueries>().ListNodesAsync(ctx.Argument<long>("after"),
                        ctx.Argument<int>("first"), ct);
                    return await page.ToArrayAsync(ct);
                });
            q.Field("links").Argument<long>("nodeId").Type("[Link!]!")
                .ResolveAsync(async (ctx, ct) =>
                {
                    await using var links = await ctx.Service<GraphQueries>().GetLinksAsync(ctx.Argument<long>("nodeId"), ct);
                    return await links.ToArrayAsync(ct);
                });
            q.Field("searchNodes").Description("Nodes whose name starts with the term, ignoring case; first by name.")
                .Argument<string>("term")
                .Argument<int>("limit", a => a.DefaultValue(10_000))
                .Type("[NodeSummary!]!")
                .ResolveAsync(async (ctx, ct) =>
                {
                    await using var hits = await ctx.Service<GraphQueries>().SearchNodesAsync(ctx.Argument<string>("term"),
                        ctx.Argument<int>("limit"), ct);
                    return await hits.ToArrayAsync(ct);
                });
            q.Field("records").Argument<long>("snapshotId").Argument<int>("count").Type("[WideRecord!]!")
                .ResolveAsync(async (ctx, ct) =>
                {
                    await using var records = await ctx.Service<GraphQueries>().GetRecordsAsync(ctx.Argument<long>("snapshotId"),
                        ctx.Argument<int>("count"), ct);
                    return await records.ToArrayAsync(ct);
                });
            q.Field("neighbourhoods").Argument<long[]>("ids").Type("[Neighbourhood!]!")
                .ResolveAsync((ctx, ct) => ctx.Service<GraphQueries>().GetNeighbourhoodsAsync(ctx.Argument<long[]>("ids"), ct));
        })
        .AddMutationType(m =>
        {
            m.Field("createNode").Argument<string>("name").Argument<string>("type").Type("NodeDetails!")
                .ResolveAsync((ctx, ct) => ctx.Service<GraphQueries>().CreateNodeAsync(
                    new NewNode { Name = ctx.Argument<string>("name"), Type = ctx.Argument<string>("type") }, ct));
            m.Field("prepareSnapshot").Argument<int>("size").Type("SnapshotInfo!")
                .ResolveAsync((ctx, ct) => ctx.Service<GraphQueries>().PrepareSnapshotAsync(ctx.Argument<int>("size"), ct));
        });

    private static async Task<IReadOnlyDictionary<long, LinkView[]>> LinksByNodeAsync(GraphQueries queries,
        IReadOnlyList<long> ids, CancellationToken cancellationToken)
    {
        var neighbourhoods = await queries.GetNeighbourhoodsAsync(ids.ToArray(), cancellationToken);
        return neighbourhoods.ToDictionary(n => n.Node.Id, n => n.Links);
    }
}

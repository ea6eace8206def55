using GraphQL;
using GraphQL.Types;
using RpcCompare.Contracts;
using RpcCompare.Data.Queries;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// The graph as a GraphQL schema over the shared contract types. Top-level fields call the query service once each; a
/// page of nodes resolves its links through <see cref="LinksByNodeLoader"/>.
/// </summary>
public sealed class GraphSchema : Schema
{
    public GraphSchema(IServiceProvider services) : base(services)
    {
        Description = "RpcCompare's graph: nodes, their links, name search and wide records for bulk transfer.";
        // The auto-registered types meet other contract types in their properties (Link.target is a NodeSummary, which
        // the page's Node type also wraps): name the graph type of each.
        this.RegisterTypeMapping<NodeSummary, NodeSummaryType>();
        this.RegisterTypeMapping<NodeDetails, NodeDetailsType>();
        this.RegisterTypeMapping<LinkView, LinkType>();
        this.RegisterTypeMapping<WideRecord, WideRecordType>();
        this.RegisterTypeMapping<SnapshotInfo, SnapshotInfoType>();
        Query = services.GetRequiredService<GraphQuery>();
        Mutation = services.GetRequiredService<GraphMutation>();
        GraphCost.ConfigureIntrospection(this);
    }
}

public sealed class GraphQuery : ObjectGraphType
{
    public GraphQuery(DegreeBounds degrees)
    {
        Name = "Query";
        Field<NonNullGraphType<StringGraphType>>("ping")
            .Argument<NonNullGraphType<StringGraphType>>("payload")
            .Resolve(ctx => Queries(ctx).Ping(ctx.GetArgument<string>("payload")))
            .Configure(f => f.WithComplexityImpact(GraphCost.ResolverImpact));
        Field<NodeDetailsType>("node")
            .Argument<NonNullGraphType<LongGraphType>>("id")
            .ResolveAsync(async ctx => await Queries(ctx).GetNodeAsync(ctx.GetArgument<long>("id"), ctx.CancellationToken))
            .Configure(f => f.WithComplexityImpact(GraphCost.ResolverImpact));
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<NodeType>>>>("nodes")
            .Description("A page of nodes after the given id, in id order.")
            .Argument<NonNullGraphType<LongGraphType>>("after", a => a.DefaultValue = 0L)
            .Argument<NonNullGraphType<IntGraphType>>("first", a => a.DefaultValue = 100)
            .ResolveAsync(async ctx => await AllAsync(ctx, token => Queries(ctx).ListNodesAsync(ctx.GetArgument<long>("after"),
                ctx.GetArgument<int>("first"), token)))
            .Configure(f => f.WithComplexityImpact(c => GraphCost.List(c.GetArgument("first", 100))));
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<LinkType>>>>("links")
            .Argument<NonNullGraphType<LongGraphType>>("nodeId")
            .ResolveAsync(async ctx => await AllAsync(ctx, token => Queries(ctx).GetLinksAsync(ctx.GetArgument<long>("nodeId"), token)))
            .Configure(f => f.WithComplexityImpact(c => GraphCost.Links(degrees, c)));
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<NodeSummaryType>>>>("searchNodes")
            .Description("Nodes whose name starts with the term, ignoring case; first by name.")
            .Argument<NonNullGraphType<StringGraphType>>("term")
            .Argument<NonNullGraphType<IntGraphType>>("limit", a => a.DefaultValue = 10_000)
            .ResolveAsync(async ctx => await AllAsync(ctx, token => Queries(ctx).SearchNodesAsync(ctx.GetArgument<string>("term"),
                ctx.GetArgument<int>("limit"), token)))
            .Configure(f => f.WithComplexityImpact(c => GraphCost.List(c.GetArgument("limit", 10_000))));
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<WideRecordType>>>>("records")
            .Argument<NonNullGraphType<LongGraphType>>("snapshotId")
            .Argument<NonNullGraphType<IntGraphType>>("count")
            .ResolveAsync(async ctx => await AllAsync(ctx, token => Queries(ctx).GetRecordsAsync(ctx.GetArgument<long>("snapshotId"),
                ctx.GetArgument<int>("count"), token)))
            .Configure(f => f.WithComplexityImpact(c => GraphCost.List(c.GetArgument("count", 0))));
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<NeighbourhoodType>>>>("neighbourhoods")
            .Argument<NonNullGraphType<ListGraphType<NonNullGraphType<LongGraphType>>>>("ids")
            .ResolveAsync(async ctx => await Queries(ctx).GetNeighbourhoodsAsync(ctx.GetArgument<long[]>("ids"), ctx.CancellationToken))
            .Configure(f => f.WithComplexityImpact(c => GraphCost.Neighbourhoods(c)));
    }

    private static GraphQueries Queries(IResolveFieldContext context) => context.RequestServices!.GetRequiredService<GraphQueries>();

    /// <summary>Every row of one query, as the list the field returns.</summary>
    private static async Task<T[]> AllAsync<T>(IResolveFieldContext context, Func<CancellationToken, Task<QueryStream<T>>> query)
    {
        await using var rows = await query(context.CancellationToken);
        return await rows.ToArrayAsync(context.CancellationToken);
    }
}

public sealed class GraphMutation : ObjectGraphType
{
    public GraphMutation()
    {
        Name = "Mutation";
        Field<NonNullGraphType<NodeDetailsType>>("createNode")
            .Argument<NonNullGraphType<StringGraphType>>("name")
            .Argument<NonNullGraphType<StringGraphType>>("type")
            .ResolveAsync(async ctx => await Queries(ctx).CreateNodeAsync(
                new NewNode { Name = ctx.GetArgument<string>("name"), Type = ctx.GetArgument<string>("type") }, ctx.CancellationToken))
            .Configure(f => f.WithComplexityImpact(GraphCost.ResolverImpact));
        Field<NonNullGraphType<SnapshotInfoType>>("prepareSnapshot")
            .Argument<NonNullGraphType<IntGraphType>>("size")
            .ResolveAsync(async ctx => await Queries(ctx).PrepareSnapshotAsync(ctx.GetArgument<int>("size"), ctx.CancellationToken))
            .Configure(f => f.WithComplexityImpact(GraphCost.ResolverImpact));
    }

    private static GraphQueries Queries(IResolveFieldContext context) => context.RequestServices!.GetRequiredService<GraphQueries>();
}

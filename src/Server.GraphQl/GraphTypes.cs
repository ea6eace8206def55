using GraphQL;
using GraphQL.Types;
using RpcCompare.Contracts;

namespace RpcCompare.Server.GraphQl;

/// <summary>The contract types as GraphQL object types, their fields read from the properties (GraphQL.NET's auto-registering types).</summary>
public sealed class NodeSummaryType : AutoRegisteringObjectGraphType<NodeSummary>;

public sealed class NodeDetailsType : AutoRegisteringObjectGraphType<NodeDetails>;

public sealed class SnapshotInfoType : AutoRegisteringObjectGraphType<SnapshotInfo>;

public sealed class WideRecordType : AutoRegisteringObjectGraphType<WideRecord>;

public sealed class LinkType : AutoRegisteringObjectGraphType<LinkView>
{
    public LinkType()
    {
        Name = "Link";
    }
}

public sealed class NeighbourhoodType : ObjectGraphType<Neighbourhood>
{
    public NeighbourhoodType(DegreeBounds degrees)
    {
        Field<NonNullGraphType<NodeSummaryType>>("node").Resolve(ctx => ctx.Source.Node);
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<LinkType>>>>("links").Resolve(ctx => ctx.Source.Links)
            .Configure(f => f.WithComplexityImpact(c => GraphCost.NeighbourhoodLinks(degrees, c)));
    }
}

/// <summary>A node of a page, with its links loaded for the whole page in one batch (<see cref="LinksByNodeLoader"/>).</summary>
public sealed class NodeType : ObjectGraphType<NodeSummary>
{
    public NodeType()
    {
        Name = "Node";
        Description = "A node of a page, with its links (loaded in one batch for the whole page).";
        Field(n => n.Id, type: typeof(NonNullGraphType<LongGraphType>));
        Field(n => n.Name);
        Field(n => n.Type);
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<LinkType>>>>("links")
            .Resolve(ctx => ctx.RequestServices!.GetRequiredService<LinksByNodeLoader>().Load(ctx.Source.Id))
            .Configure(f => f.WithComplexityImpact(GraphCost.NodeLinksEstimate, GraphCost.NodeLinksEstimate));
    }
}

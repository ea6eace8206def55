using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

/// <summary>A small schema with the project's shape (Long, DateTime, a DataLoader-backed Node.links, a mutation root).</summary>
public static class TestSchema
{
    public static Schema Build() => Configure(new SchemaBuilder()).Build();

    public static SchemaBuilder Configure(SchemaBuilder builder) => builder
        .Description("RpcCompare test graph")
        .AddObjectType<NodeSummary>()
        .AddObjectType<NodeSummary>(t => t
            .Name("Node")
            .Description("A node with its links, loaded in batches.")
            .BindProperties()
            .Field("links")
            .Type("[Link!]!")
            .Cost(1)
            .ResolveAsync((ctx, ct) => ctx
                .GroupDataLoader<long, LinkView>("linksByNode", (keys, token) => ctx.Service<TestGraph>().GetLinksBatchAsync(keys, token))
                .LoadAsync(ctx.Parent.Id, ct)))
        .AddObjectType<LinkView>(t => t.Name("Link").BindProperties())
        .AddObjectType<NodeDetails>(t =>
        {
            t.BindProperties();
            t.Field(x => x.LinkCount).Deprecated("Count the links instead.");
        })
        .AddObjectType<Neighbourhood>()
        .AddObjectType<Snapshot>()
        .AddObjectType<WideRecord>()
        .AddObjectType<Measurement>()
        .AddInputObjectType<NodeFilter>()
        .AddQueryType(q =>
        {
            q.Field("ping")
                .Argument<string>("payload")
                .Resolve(ctx => ctx.Argument<string>("payload"));
            q.Field("node")
                .Description("One node, or null when it does not exist.")
                .Argument<long>("id")
                .Type("NodeDetails")
                .ResolveAsync((ctx, ct) => ctx.Service<TestGraph>().GetNodeAsync(ctx.Argument<long>("id"), ct));
            q.Field("nodes")
                .Argument<long>("after", a => a.DefaultValue(0))
                .Argument<int>("first", a => a.DefaultValue(100))
                .Type("[Node!]!")
                .ResolveAsync((ctx, ct) => ctx.Service<TestGraph>().GetNodesAsync(ctx.Argument<long>("after"), ctx.Argument<int>("first"), ct));
            q.Field("links")
                .Argument<long>("nodeId")
                .Resolve(ctx => ctx.Service<TestGraph>().Links.GetValueOrDefault(ctx.Argument<long>("nodeId")) ?? []);
            q.Field("searchNodes")
                .Argument<string>("term")
                .Argument<int>("limit", a => a.DefaultValue(10_000))
                .Resolve(ctx => ctx.Service<TestGraph>().Nodes
                    .Where(n => n.Name.Contains(ctx.Argument<string>("term"), StringComparison.Ordinal))
                    .Take(ctx.Argument<int>("limit"))
                    .ToList());
            q.Field("records")
                .Argument<long>("snapshotId")
                .Argument<int>("count")
                .Resolve(ctx => ctx.Service<TestGraph>().GetRecords(ctx.Argument<int>("count")));
            q.Field("neighbourhoods")
                .Argument<long[]>("ids")
                .ResolveAsync(async (ctx, ct) =>
                {
                    var graph = ctx.Service<TestGraph>();
                    var links = await graph.GetLinksBatchAsync(ctx.Argument<long[]>("ids"), ct);
                    return ctx.Argument<long[]>("ids")
                        .Select(id => new Neighbourhood(graph.Nodes.First(n => n.Id == id), [.. links[id]]))
                        .ToList();
                });
            q.Field("filter")
                .Argument<NodeFilter>("input")
                .Resolve(ctx => ctx.Service<TestGraph>().Nodes
                    .Where(n => n.Name.Contains(ctx.Argument<NodeFilter>("input").Term, StringComparison.Ordinal))
                    .Take(ctx.Argument<NodeFilter>("input").Limit)
                    .ToList());
            q.Field("kinds", _ => new[] { NodeKind.Person, NodeKind.HubNode });
            q.Field("echoKind").Argument<NodeKind>("kind").Resolve(ctx => ctx.Argument<NodeKind>("kind"));
            q.Field("failing").Type("String").Resolve<string?>(_ => throw new InvalidOperationException("database password is hunter2"));
            q.Field("missing").Type("String!").Resolve<string?>(_ => null);
            q.Field("notFound").Type("NodeDetails").ResolveAsync((ctx, ct) => ctx.Service<TestGraph>().GetNodeAsync(404, ct));
            q.Field("invalid").Type("String").Resolve<string?>(_ => throw new GraphQlException("limit must be positive", ErrorCodes.InvalidArgument));
            q.Field("brokenList").Type("[String!]").Resolve(_ => new string?[] { "a", null });
            q.Field("measurements").Type("[Measurement]").Resolve(_ => new[] { new Measurement(1.5), new Measurement(double.NaN) });
            q.Field("slow").Type("String!").ResolveAsync(async (ctx, ct) =>
            {
                await Task.Delay(Timeout.Infinite, ct);
                return "never";
            });
        })
        .AddMutationType(m =>
        {
            m.Field("createNode")
                .Argument<string>("name")
                .Argument<string>("type")
                .ResolveAsync(async (ctx, ct) =>
                {
                    var graph = ctx.Service<TestGraph>();
                    var name = ctx.Argument<string>("name");
                    if (name == "first")
                    {
                        // Would finish last if mutations ran concurrently.
                        await Task.Delay(50, ct);
                    }

                    lock (graph.MutationLog)
                    {
                        graph.MutationLog.Add(name);
                    }

                    return new NodeDetails { Id = 1000 + graph.MutationLog.Count, Name = name, Kind = NodeKind.HubNode };
                });
            m.Field("prepareSnapshot")
                .Argument<int>("size")
                .Resolve(ctx => new Snapshot(7, ctx.Argument<int>("size")));
        });

    public static ServiceProvider Services(TestGraph? graph = null) =>
        new ServiceCollection()
            .AddSingleton(graph ?? new TestGraph())
            .AddScoped<BatchScheduler>()
            .BuildServiceProvider();
}

using System.Collections.Concurrent;
using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class DataLoaderTests : IDisposable
{
    // Raised like the benchmark will: 100 parents with their links exceed the default type cost of 1,000.
    private readonly GraphQlTestHost _host = new(new GraphQlOptions { Cost = new CostOptions { MaxFieldCost = 1e6, MaxTypeCost = 1e6 } }, new TestGraph(nodeCount: 100));

    public void Dispose() => _host.Dispose();

    [Fact]
    public async Task HundredParentsCostOneBatchCall()
    {
        var result = await _host.RunAsync("{ nodes(first: 100) { id links { target { name } } } }");

        Assert.Equal(100, result.GetProperty("data").GetProperty("nodes").GetArrayLength());
        Assert.Equal(1, _host.Graph.NodeCalls);
        var batch = Assert.Single(_host.Graph.LinkBatches);
        Assert.Equal(Enumerable.Range(1, 100).Select(i => (long)i), batch);
    }

    [Fact]
    public async Task KeysRequestedTwiceAreLoadedOnce()
    {
        var result = await _host.RunAsync("{ a: nodes(first: 5) { links { id } } b: nodes(first: 5) { links { weight } } }");

        Assert.Equal(3, result.GetProperty("data").GetProperty("b")[4].GetProperty("links").GetArrayLength());
        Assert.Equal(2, _host.Graph.NodeCalls);
        Assert.Equal([1L, 2, 3, 4, 5], Assert.Single(_host.Graph.LinkBatches));
    }

    [Fact]
    public async Task EachLevelIsDispatchedOnce()
    {
        var calls = new ConcurrentQueue<IReadOnlyList<long>>();
        var schema = new SchemaBuilder()
            .AddObjectType<NodeSummary>(t => t
                .BindProperties()
                .Field("next")
                .Type("NodeSummary")
                .ResolveAsync((ctx, ct) => ctx.BatchDataLoader<long, NodeSummary>("next", (keys, _) =>
                {
                    calls.Enqueue(keys.ToArray());
                    return Task.FromResult<IReadOnlyDictionary<long, NodeSummary>>(keys.ToDictionary(k => k, k => new NodeSummary { Id = k + 1 }));
                }).LoadAsync(ctx.Parent.Id, ct)))
            .AddQueryType(q => q.Field("roots", _ => Enumerable.Range(1, 4).Select(i => new NodeSummary { Id = i * 10 }).ToList()))
            .Build();
        var executor = new GraphQlExecutor(schema);

        var result = await executor.ExecuteAsync(new GraphQlRequest("{ roots { next { next { next { id } } } } }"));

        Assert.Equal("""{"data":{"roots":[{"next":{"next":{"next":{"id":13}}}},{"next":{"next":{"next":{"id":23}}}},{"next":{"next":{"next":{"id":33}}}},{"next":{"next":{"next":{"id":43}}}}]}}""", result.ToJson());
        Assert.Equal([[10L, 20, 30, 40], [11L, 21, 31, 41], [12L, 22, 32, 42]], calls);
    }

    [Fact]
    public async Task MaxBatchSizeSplitsLargeDispatches()
    {
        var calls = new ConcurrentQueue<int>();
        var schema = new SchemaBuilder()
            .AddObjectType<NodeSummary>(t => t
                .BindProperties()
                .Field("twin")
                .ResolveAsync((ctx, ct) => ctx.BatchDataLoader<long, NodeSummary>(
                    "twin",
                    (keys, _) =>
                    {
                        calls.Enqueue(keys.Count);
                        return Task.FromResult<IReadOnlyDictionary<long, NodeSummary>>(keys.ToDictionary(k => k, k => new NodeSummary { Id = -k }));
                    },
                    new DataLoaderOptions { MaxBatchSize = 4 }).LoadAsync(ctx.Parent.Id, ct)))
            .AddQueryType(q => q.Field("roots", _ => Enumerable.Range(1, 10).Select(i => new NodeSummary { Id = i }).ToList()))
            .Build();

        var result = await new GraphQlExecutor(schema).ExecuteAsync(new GraphQlRequest("{ roots { twin { id } } }"));

        Assert.Empty(result.Errors);
        Assert.Equal([4, 4, 2], calls);
    }

    [Fact]
    public async Task KeysQueuedAfterAnAwaitAreStillDispatched()
    {
        var schema = new SchemaBuilder()
            .AddObjectType<NodeSummary>(t => t
                .BindProperties()
                .Field("late")
                .ResolveAsync(async (ctx, ct) =>
                {
                    await Task.Delay(5, ct);
                    var loader = ctx.BatchDataLoader<long, string>("late", (keys, _) =>
                        Task.FromResult<IReadOnlyDictionary<long, string>>(keys.ToDictionary(k => k, k => $"late-{k}")));
                    return await loader.LoadAsync(ctx.Parent.Id, ct);
                }))
            .AddQueryType(q => q.Field("roots", _ => Enumerable.Range(1, 3).Select(i => new NodeSummary { Id = i }).ToList()))
            .Build();

        var result = await new GraphQlExecutor(schema).ExecuteAsync(new GraphQlRequest("{ roots { late } }"));

        Assert.Equal("""{"data":{"roots":[{"late":"late-1"},{"late":"late-2"},{"late":"late-3"}]}}""", result.ToJson());
    }

    [Fact]
    public async Task ClassLoadersComeFromTheRequestScope()
    {
        var schema = new SchemaBuilder()
            .AddObjectType<NodeSummary>(t => t
                .BindProperties()
                .Field("links")
                .Type("[Link!]!")
                .ResolveAsync((ctx, ct) => ctx.DataLoader<LinksByNodeLoader>().LoadAsync(ctx.Parent.Id, ct)))
            .AddObjectType<LinkView>(t => t.Name("Link").BindProperties())
            .AddQueryType(q => q.Field("nodes").ResolveAsync((ctx, ct) => ctx.Service<TestGraph>().GetNodesAsync(0, 20, ct)))
            .Build();
        var graph = new TestGraph(nodeCount: 20);
        await using var provider = new ServiceCollection()
            .AddSingleton(graph)
            .AddGraphQlServer(schema)
            .AddDataLoader<LinksByNodeLoader>()
            .BuildServiceProvider();
        var executor = provider.GetRequiredService<GraphQlExecutor>();

        await using var scope = provider.CreateAsyncScope();
        var result = await executor.ExecuteAsync(new GraphQlRequest("{ nodes { id links { id } } }"), scope.ServiceProvider);

        Assert.Empty(result.Errors);
        Assert.Equal(1, scope.ServiceProvider.GetRequiredService<LinksByNodeLoader>().BatchCallCount);
        Assert.Equal(1, scope.ServiceProvider.GetRequiredService<BatchScheduler>().DispatchCount);
        Assert.Single(graph.LinkBatches);
    }

    [Fact]
    public async Task MissingKeysResolveToEmptyGroupsAndDefaults()
    {
        var scheduler = new BatchScheduler();
        var grouped = new GroupedDataLoader<long, string>(scheduler, (_, _) => Task.FromResult(Array.Empty<string>().ToLookup(s => 0L)));
        var single = new DataLoader<long, string>(scheduler, (_, _) => Task.FromResult<IReadOnlyDictionary<long, string>>(new Dictionary<long, string>()));
        var schema = new SchemaBuilder()
            .AddQueryType(q =>
            {
                q.Field("group").ResolveAsync((_, ct) => grouped.LoadAsync(1, ct));
                q.Field("single").Type("String").ResolveAsync((_, ct) => single.LoadAsync(1, ct));
            })
            .Build();
        await using var provider = new ServiceCollection().AddSingleton(scheduler).BuildServiceProvider();

        var result = await new GraphQlExecutor(schema).ExecuteAsync(new GraphQlRequest("{ group single }"), provider);

        Assert.Equal("""{"data":{"group":[],"single":null}}""", result.ToJson());
        Assert.Equal(1, scheduler.DispatchCount);
    }

    [Fact]
    public async Task FailedBatchBecomesAFieldErrorForEveryParent()
    {
        var schema = new SchemaBuilder()
            .AddObjectType<NodeSummary>(t => t
                .BindProperties()
                .Field("broken")
                .Type("String")
                .ResolveAsync((ctx, ct) => ctx.BatchDataLoader<long, string>("broken", (_, _) =>
                    Task.FromException<IReadOnlyDictionary<long, string>>(new TimeoutException("db down"))).LoadAsync(ctx.Parent.Id, ct)))
            .AddQueryType(q => q.Field("roots", _ => Enumerable.Range(1, 3).Select(i => new NodeSummary { Id = i }).ToList()))
            .Build();

        var result = await new GraphQlExecutor(schema).ExecuteAsync(new GraphQlRequest("{ roots { id broken } }"));

        Assert.Equal(3, result.Errors.Count);
        Assert.All(result.Errors, e => Assert.Equal(ErrorCodes.UnexpectedExecutionError, e.Code));
        Assert.Equal(["roots", 2, "broken"], result.Errors[2].Path!);
        Assert.Contains("\"roots\":[{\"id\":1,\"broken\":null}", result.ToJson(), StringComparison.Ordinal);
    }

    public sealed class LinksByNodeLoader(BatchScheduler scheduler, TestGraph graph) : GroupedDataLoader<long, LinkView>(scheduler)
    {
        protected override Task<ILookup<long, LinkView>> LoadGroupedBatchAsync(IReadOnlyList<long> keys, CancellationToken cancellationToken) =>
            graph.GetLinksBatchAsync(keys, cancellationToken);
    }
}

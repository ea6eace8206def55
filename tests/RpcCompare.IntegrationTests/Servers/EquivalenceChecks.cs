using RpcCompare.Contracts;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// What "the same answer on every stack" means, for a set of clients: every operation against the hand-written SQL and the
/// query service. <see cref="EquivalenceTests"/> asks it of the cleartext hosts, <see cref="TlsTests"/> of the TLS ones.
/// </summary>
public sealed class EquivalenceChecks(DatabaseFixture db, IReadOnlyDictionary<string, IGraphClient> clients)
{
    /// <summary>Every check that applies to <paramref name="stack"/>, one after the other.</summary>
    public async Task AllAsync(string stack)
    {
        await LinksOfTheBiggestHubEqualTheSql(stack);
        await LinksOfALeafAndOfAnIsolatedNodeEqualTheSql(stack);
        await AnUnknownNodeIsNotFoundInTheStacksOwnTerms(stack);
        await SearchesEqualTheSqlIncludingNoHitAndUnicode(stack);
        await RecordsOfASnapshotAreTheSameOnEveryStack(stack);
        await ANodeCreatedThroughOneStackIsVisibleThroughAll(stack);
        await PagesNodesAndNeighbourhoodsEqualTheSql(stack);
        if (StackCatalog.Get(stack).Streaming)
        {
            await StreamingVariantsEqualTheUnaryCalls(stack);
        }
        if (stack == StackCatalog.GraphQl && clients.ContainsKey(StackCatalog.Rest))
        {
            await TheGraphQlPageQueryEqualsTheChattyCalls();
        }
    }

    public async Task LinksOfTheBiggestHubEqualTheSql(string stack)
    {
        var client = clients[stack];
        var hub = db.Generator.HubIds[0];

        var links = await client.GetLinksAsync(hub, default);

        Assert.Equal(db.Spec.MaxDegree, links.Length);
        Assert.Equal(await Sql.LinksAsync(db.DataSource, hub), links);
    }

    public async Task LinksOfALeafAndOfAnIsolatedNodeEqualTheSql(string stack)
    {
        var client = clients[stack];
        var leaf = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 1");
        var isolated = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 0");

        Assert.Equal(await Sql.LinksAsync(db.DataSource, leaf), await client.GetLinksAsync(leaf, default));
        Assert.Empty(await client.GetLinksAsync(isolated, default));
    }

    public async Task AnUnknownNodeIsNotFoundInTheStacksOwnTerms(string stack)
    {
        var client = clients[stack];

        var links = await Assert.ThrowsAsync<GraphCallException>(() => client.GetLinksAsync(987_654_321, default));
        var node = await Assert.ThrowsAsync<GraphCallException>(() => client.GetNodeAsync(987_654_321, default));

        Assert.Equal(ErrorKind.NotFound, links.Kind);
        Assert.Equal(ErrorKind.NotFound, node.Kind);
        Assert.Equal(ExpectedNotFoundCode(stack), links.NativeCode);
        Assert.Contains("987654321 does not exist", links.Message, StringComparison.Ordinal);
    }

    public async Task SearchesEqualTheSqlIncludingNoHitAndUnicode(string stack)
    {
        var client = clients[stack];

        Assert.Empty(await client.SearchNodesAsync("zzzz", 100, default));
        Assert.Equal(await Sql.NodesAsync(db.DataSource, Sql.SearchPrefix, "東京都", 10_000),
            await client.SearchNodesAsync("東京都", 10_000, default));
        Assert.Equal(await Sql.NodesAsync(db.DataSource, Sql.SearchPrefix, "amber", 10_000),
            await client.SearchNodesAsync("amber", 10_000, default));
    }

    public async Task RecordsOfASnapshotAreTheSameOnEveryStack(string stack)
    {
        var client = clients[stack];
        var reference = db.CreateQueries();
        var snapshot = await client.PrepareSnapshotAsync(4_000, default);

        foreach (var count in new[] { 1, 100, 4_000 })
        {
            await using var expected = await reference.GetRecordsAsync(snapshot.Id, count, default);
            Assert.Equal(await expected.ToArrayAsync(), await client.GetRecordsAsync(snapshot.Id, count, default));
        }
        Assert.Equal(snapshot, await reference.PrepareSnapshotAsync(4_000, default));
    }

    public async Task ANodeCreatedThroughOneStackIsVisibleThroughAll(string stack)
    {

        var created = await clients[stack].CreateNodeAsync(new NewNode { Name = $"written-by-{stack}-ü", Type = "event" }, default);

        foreach (var reader in clients.Values)
        {
            Assert.Equal(created, await reader.GetNodeAsync(created.Id, default));
        }
        Assert.Equal(created.Name, await db.ScalarAsync<string>("SELECT name FROM nodes WHERE id = $1", created.Id));
    }

    public async Task PagesNodesAndNeighbourhoodsEqualTheSql(string stack)
    {
        var client = clients[stack];
        var hub = db.Generator.HubIds[3];
        var reference = db.CreateQueries();

        Assert.Equal(await Sql.NodesAsync(db.DataSource, Sql.NodesAfter, 777L, 100), await client.ListNodesAsync(777, 100, default));
        Assert.Equal(await reference.GetNodeAsync(hub, default), await client.GetNodeAsync(hub, default));
        long[] ids = [hub, 3, -1, 4, 5];
        Assert.Equal(await reference.GetNeighbourhoodsAsync(ids, default), await client.GetNeighbourhoodsAsync(ids, default));
        Assert.Equal("héllo ✓", await client.PingAsync("héllo ✓", default));
    }

    public async Task StreamingVariantsEqualTheUnaryCalls(string stack)
    {
        var client = clients[stack];
        var hub = db.Generator.HubIds[0];

        Assert.Equal(await client.GetLinksAsync(hub, default), await client.StreamLinksAsync(hub, default));
        Assert.Equal(await client.SearchNodesAsync("a", 3_000, default), await client.StreamSearchNodesAsync("a", 3_000, default));
        Assert.Empty(await client.StreamLinksAsync(await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 0"), default));
    }

    public async Task TheGraphQlPageQueryEqualsTheChattyCalls()
    {
        var single = (ISingleRequestPage)clients["graphql"];
        var rest = clients["rest"];

        var page = await single.GetPageWithLinksAsync(100, 100, default);

        var nodes = await rest.ListNodesAsync(100, 100, default);
        Assert.Equal(nodes, page.Select(n => n.Node));
        foreach (var neighbourhood in page)
        {
            Assert.Equal(await rest.GetLinksAsync(neighbourhood.Node.Id, default), neighbourhood.Links);
        }
    }

    private static string ExpectedNotFoundCode(string stack) => stack switch
    {
        "grpc" or "grpc-codefirst" or "grpc-web" => "grpc NotFound",
        "wcf" => "fault Sender/NotFound",
        // SOAP 1.1 has no subcodes: the cause is the fault code itself.
        "wcf-http" => "fault NotFound",
        "rest" => "http 404",
        "grpc-json" => "http 404 grpc NotFound",
        _ => "graphql NOT_FOUND",
    };
}

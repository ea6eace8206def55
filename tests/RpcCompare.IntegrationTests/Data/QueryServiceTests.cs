using RpcCompare.Contracts;
using RpcCompare.Data.Queries;
using RpcCompare.IntegrationTests.Infrastructure;

namespace RpcCompare.IntegrationTests.Data;

[Collection(DatabaseCollection.Name)]
public sealed class QueryServiceTests(DatabaseFixture db)
{
    private readonly GraphQueries _queries = db.CreateQueries();

    [Fact]
    public async Task LinksOfTheBiggestHubEqualTheHandWrittenJoin()
    {
        var hub = db.Generator.HubIds[0];

        await using var links = await _queries.GetLinksAsync(hub, default);
        var actual = await links.ToArrayAsync();

        Assert.Equal(db.Spec.MaxDegree, actual.Length);
        Assert.Equal(await Sql.LinksAsync(db.DataSource, hub), actual);
    }

    [Fact]
    public async Task LinksOfAnIsolatedNodeAreEmpty()
    {
        var isolated = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 0");

        await using var links = await _queries.GetLinksAsync(isolated, default);

        Assert.Empty(await links.ToArrayAsync());
    }

    [Fact]
    public async Task LinksOfALeafHoldItsOneLink()
    {
        var leaf = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 1");

        await using var links = await _queries.GetLinksAsync(leaf, default);

        Assert.Equal(await Sql.LinksAsync(db.DataSource, leaf), await links.ToArrayAsync());
    }

    [Fact]
    public async Task LinksOfAnUnknownNodeAreNotFound()
    {
        var error = await Assert.ThrowsAsync<GraphException>(() => _queries.GetLinksAsync(-5, default));

        Assert.Equal(GraphErrorKind.NotFound, error.Kind);
        Assert.Contains("-5", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("amber", 10_000)]
    [InlineData("AMBER-F", 50)]
    [InlineData("東京都", 20)]
    [InlineData("café", 5)]
    [InlineData("Ωmega", 1_000)]
    public async Task SearchReturnsTheFirstNodesByNameIgnoringCase(string term, int limit)
    {
        await using var hits = await _queries.SearchNodesAsync(term, limit, default);
        var actual = await hits.ToArrayAsync();

        var expected = await Sql.NodesAsync(db.DataSource, Sql.SearchPrefix, term, limit);
        Assert.NotEmpty(expected);
        Assert.Equal(expected, actual);
    }

    [Theory]
    [InlineData("zzzz")]
    [InlineData("%")]
    [InlineData("_mber")]
    [InlineData("amber_falcon")]
    [InlineData("'; DROP TABLE nodes; --")]
    [InlineData("\\")]
    public async Task SearchTakesTheTermAsPlainText(string term)
    {
        await using var hits = await _queries.SearchNodesAsync(term, 100, default);

        Assert.Empty(await hits.ToArrayAsync());
        Assert.Equal(db.Spec.Nodes, await db.ScalarAsync<long>("SELECT count(*) FROM nodes WHERE id <= $1", (long)db.Spec.Nodes));
    }

    [Theory]
    [InlineData("amber", 100_001, "100,000")]
    [InlineData("amber", 0, "limit")]
    [InlineData("", 10, "empty")]
    public async Task SearchRejectsBadArgumentsWithAClearMessage(string term, int limit, string mentioned)
    {
        var error = await Assert.ThrowsAsync<GraphException>(() => _queries.SearchNodesAsync(term, limit, default));

        Assert.Equal(GraphErrorKind.InvalidArgument, error.Kind);
        Assert.Contains(mentioned, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task SearchRejectsAMegabyteTerm()
    {
        var error = await Assert.ThrowsAsync<GraphException>(() =>
            _queries.SearchNodesAsync(new string('a', 1_048_576), 10, default));

        Assert.Equal(GraphErrorKind.InvalidArgument, error.Kind);
    }

    [Fact]
    public async Task ListNodesPagesByIdAfterTheGivenOne()
    {
        await using var page = await _queries.ListNodesAsync(1234, 100, default);

        Assert.Equal(await Sql.NodesAsync(db.DataSource, Sql.NodesAfter, 1234L, 100), await page.ToArrayAsync());
    }

    [Fact]
    public async Task GetNodeReportsTheLinkCountOfAHub()
    {
        var hub = db.Generator.HubIds[1];

        var node = await _queries.GetNodeAsync(hub, default);

        Assert.Equal(hub, node.Id);
        Assert.Equal(await db.ScalarAsync<long>("SELECT count(*) FROM links WHERE source_id = $1", hub), node.LinkCount);
        Assert.Equal(await db.ScalarAsync<string>("SELECT name FROM nodes WHERE id = $1", hub), node.Name);
    }

    [Fact]
    public async Task GetNodeOfAnUnknownIdIsNotFound()
    {
        var error = await Assert.ThrowsAsync<GraphException>(() => _queries.GetNodeAsync(long.MaxValue, default));

        Assert.Equal(GraphErrorKind.NotFound, error.Kind);
    }

    [Fact]
    public async Task NeighbourhoodsKeepTheOrderOfTheIds()
    {
        var hub = db.Generator.HubIds[2];
        var isolated = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 0");
        var leaf = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count = 1");

        var result = await _queries.GetNeighbourhoodsAsync([leaf, -1, hub, isolated, hub], default);

        Assert.Equal([leaf, hub, isolated], result.Select(n => n.Node.Id));
        foreach (var neighbourhood in result)
        {
            Assert.Equal(await Sql.LinksAsync(db.DataSource, neighbourhood.Node.Id), neighbourhood.Links);
        }
    }

    [Fact]
    public async Task NeighbourhoodsRefuseMoreIdsThanTheCap()
    {
        var ids = Enumerable.Range(1, GraphContract.MaxNeighbourhoodIds + 1).Select(i => (long)i).ToArray();

        var error = await Assert.ThrowsAsync<GraphException>(() => _queries.GetNeighbourhoodsAsync(ids, default));

        Assert.Equal(GraphErrorKind.InvalidArgument, error.Kind);
    }

    [Fact]
    public async Task NeighbourhoodsRefuseMoreLinksThanTheCapBeforeReadingThem()
    {
        var hubs = db.Generator.HubIds.Take(3).ToArray();
        var total = hubs.Sum(id => db.Generator.DegreeOf(id));
        var capped = db.CreateQueries(new GraphQueryOptions { MaxNeighbourhoodLinks = total - 1 });

        var error = await Assert.ThrowsAsync<GraphException>(() => capped.GetNeighbourhoodsAsync(hubs, default));

        Assert.Equal(GraphErrorKind.InvalidArgument, error.Kind);
        Assert.Contains($"{total:N0} links", error.Message, StringComparison.Ordinal);
        Assert.Equal(3, (await db.CreateQueries(new GraphQueryOptions { MaxNeighbourhoodLinks = total }).GetNeighbourhoodsAsync(hubs, default)).Length);
    }

    [Fact]
    public void PingEchoesAndRefusesOversizedPayloads()
    {
        Assert.Equal("hello", _queries.Ping("hello"));
        var error = Assert.Throws<GraphException>(() => _queries.Ping(new string('x', GraphContract.MaxPingPayloadLength + 1)));
        Assert.Equal(GraphErrorKind.InvalidArgument, error.Kind);
    }
}

using RpcCompare.Contracts;
using RpcCompare.Data.Queries;
using RpcCompare.IntegrationTests.Infrastructure;

namespace RpcCompare.IntegrationTests.Data;

[Collection(DatabaseCollection.Name)]
public sealed class SnapshotAndWriteTests(DatabaseFixture db)
{
    private readonly GraphQueries _queries = db.CreateQueries();

    [Theory]
    [InlineData(1)]
    [InlineData(100)]
    [InlineData(4_000)]
    public async Task RecordsOfASnapshotAreTheFirstOnesOfTheBulkQueryInOrder(int count)
    {
        var snapshot = await _queries.PrepareSnapshotAsync(4_000, default);

        await using var records = await _queries.GetRecordsAsync(snapshot.Id, count, default);
        var actual = await records.ToArrayAsync();

        var expectedIds = await Sql.ReadAsync(db.DataSource,
            "SELECT id FROM records ORDER BY updated_at DESC, id LIMIT $1", [count], r => r.GetInt64(0));
        Assert.Equal(expectedIds, actual.Select(r => r.Id));
        Assert.Equal(await WideRecords.ReadAsync(db.DataSource, actual[^1].Id), actual[^1]);
    }

    [Fact]
    public async Task PreparingTheSameSizeTwiceGivesTheSameSnapshot()
    {
        var writer = db.CreateQueries(allowWrites: true);
        var first = await writer.PrepareSnapshotAsync(250, default);
        var second = await writer.PrepareSnapshotAsync(250, default);

        Assert.Equal(first, second);
        Assert.Equal(250, await db.ScalarAsync<long>("SELECT count(*) FROM snapshot_items WHERE snapshot_id = $1", first.Id));
    }

    [Fact]
    public async Task RecordsBeyondTheSnapshotSizeAreRefused()
    {
        var snapshot = await db.CreateQueries(allowWrites: true).PrepareSnapshotAsync(100, default);

        var error = await Assert.ThrowsAsync<GraphException>(() => _queries.GetRecordsAsync(snapshot.Id, 101, default));

        Assert.Equal(GraphErrorKind.InvalidArgument, error.Kind);
    }

    [Fact]
    public async Task AReadOnlyServiceRecordsOnlyTheBulkSnapshot()
    {
        var error = await Assert.ThrowsAsync<GraphException>(() => _queries.PrepareSnapshotAsync(123, default));

        Assert.Equal(GraphErrorKind.WritesDisabled, error.Kind);
        Assert.Contains("--allow-writes", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, await db.ScalarAsync<long>("SELECT count(*) FROM snapshots WHERE size = 123"));
        Assert.Equal(GraphContract.BulkSnapshotSize, (await _queries.PrepareSnapshotAsync(GraphContract.BulkSnapshotSize, default)).Size);
    }

    [Fact]
    public async Task ConcurrentPreparationsNeverPassTheSnapshotCap()
    {
        var kept = (int)await db.ScalarAsync<long>("SELECT count(*) FROM snapshots");
        var writer = db.CreateQueries(new GraphQueryOptions { AllowWrites = true, MaxSnapshots = kept + 2 });
        var sizes = Enumerable.Range(0, 12).Select(i => 3_000 + i).ToArray();

        var outcomes = await Task.WhenAll(sizes.Select(async size =>
        {
            try
            {
                await writer.PrepareSnapshotAsync(size, default);
                return true;
            }
            catch (GraphException e) when (e.Kind == GraphErrorKind.InvalidArgument)
            {
                return false;
            }
        }));

        Assert.Equal(2, outcomes.Count(created => created));
        Assert.Equal(kept + 2, await db.ScalarAsync<long>("SELECT count(*) FROM snapshots"));
    }

    [Fact]
    public async Task RecordsOfAnUnknownSnapshotAreNotFound()
    {
        var error = await Assert.ThrowsAsync<GraphException>(() => _queries.GetRecordsAsync(987_654, 1, default));

        Assert.Equal(GraphErrorKind.NotFound, error.Kind);
    }

    [Fact]
    public async Task CreateNodeIsRefusedWhileWritesAreOff()
    {
        var error = await Assert.ThrowsAsync<GraphException>(() =>
            _queries.CreateNodeAsync(new NewNode { Name = "written-x", Type = "event" }, default));

        Assert.Equal(GraphErrorKind.WritesDisabled, error.Kind);
    }

    [Fact]
    public async Task ACreatedNodeIsCommittedAndReadBackEqual()
    {
        var writer = db.CreateQueries(allowWrites: true);

        var created = await writer.CreateNodeAsync(new NewNode { Name = "  written-ünïcode  ", Type = "event" }, default);

        Assert.True(created.Id > db.Spec.Nodes);
        Assert.Equal("written-ünïcode", created.Name);
        Assert.Equal(created, await _queries.GetNodeAsync(created.Id, default));
        Assert.Equal("written-ünïcode", await db.ScalarAsync<string>("SELECT name FROM nodes WHERE id = $1", created.Id));
    }

    [Theory]
    [InlineData("", "event", "1 to 200")]
    [InlineData("ok", "spaceship", "Unknown node type")]
    [InlineData("bad\u0001name", "event", "control")]
    public async Task CreateNodeRejectsBadInput(string name, string type, string mentioned)
    {
        var writer = db.CreateQueries(allowWrites: true);

        var error = await Assert.ThrowsAsync<GraphException>(() =>
            writer.CreateNodeAsync(new NewNode { Name = name, Type = type }, default));

        Assert.Equal(GraphErrorKind.InvalidArgument, error.Kind);
        Assert.Contains(mentioned, error.Message, StringComparison.Ordinal);
    }
}

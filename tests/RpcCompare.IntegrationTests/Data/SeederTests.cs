using Npgsql;
using RpcCompare.Data.Generation;
using RpcCompare.Data.Seeding;
using RpcCompare.IntegrationTests.Infrastructure;

namespace RpcCompare.IntegrationTests.Data;

[Collection(DatabaseCollection.Name)]
public sealed class SeederTests(DatabaseFixture db)
{
    [Fact]
    public async Task CopyLoadsEveryGeneratedRow()
    {
        Assert.Equal(db.Spec.Nodes, await db.ScalarAsync<long>("SELECT count(*) FROM nodes WHERE id <= $1", (long)db.Spec.Nodes));
        Assert.Equal(db.Generator.LinkCount, await db.ScalarAsync<long>("SELECT count(*) FROM links"));
        Assert.Equal(db.Spec.Records, await db.ScalarAsync<long>("SELECT count(*) FROM records"));
        Assert.Equal(Vocabulary.NodeTypes.Count, await db.ScalarAsync<long>("SELECT count(*) FROM node_types"));
        Assert.Equal(Vocabulary.LinkTypes.Count, await db.ScalarAsync<long>("SELECT count(*) FROM link_types"));
    }

    [Fact]
    public async Task EveryLinkPointsAtExistingNodesAndTypes()
    {
        Assert.Equal(0L, await db.ScalarAsync<long>("""
            SELECT count(*) FROM links l
            LEFT JOIN nodes s ON s.id = l.source_id
            LEFT JOIN nodes t ON t.id = l.target_id
            LEFT JOIN link_types lt ON lt.id = l.type_id
            WHERE s.id IS NULL OR t.id IS NULL OR lt.id IS NULL
            """));
    }

    [Fact]
    public async Task LinkCountsKeptOnNodesMatchTheLinks()
    {
        Assert.Equal(0L, await db.ScalarAsync<long>("""
            SELECT count(*) FROM nodes n
            LEFT JOIN (SELECT source_id, count(*) AS c FROM links GROUP BY source_id) l ON l.source_id = n.id
            WHERE n.link_count <> coalesce(l.c, 0)
            """));
    }

    [Fact]
    public async Task ASeededDatasetIsVacuumedFrozenAndAnalyzed()
    {
        // The load's own transactions are the youngest in a fresh cluster: a frozen table's relfrozenxid is newer than them.
        const string tables = "('nodes', 'links', 'records', 'node_types', 'link_types')";

        Assert.Equal(0L, await db.ScalarAsync<long>(
            $"SELECT count(*) FROM pg_stat_user_tables WHERE relname IN {tables} AND (last_vacuum IS NULL OR last_analyze IS NULL)"));
        Assert.Equal(0L, await db.ScalarAsync<long>(
            $"SELECT count(*) FROM pg_class c WHERE c.relname IN {tables} AND c.relfrozenxid::text::bigint <= " +
            "(SELECT min(xmin::text::bigint) FROM nodes)"));
    }

    [Fact]
    public async Task SeedingTheSameDatasetAgainIsSkippedByFingerprint()
    {
        var again = await new Seeder(db.DataSource).EnsureSeededAsync(db.Spec, null, default);

        Assert.True(again.Skipped);
        Assert.False(db.FirstSeed.Skipped && Environment.GetEnvironmentVariable("RPCCOMPARE_PG") is null);
        Assert.Equal(db.Spec.Fingerprint, await db.ScalarAsync<string>("SELECT fingerprint FROM dataset_info WHERE complete"));
    }

    [Fact]
    public async Task TablesThatRpcCompareDidNotCreateAreNeverDropped()
    {
        var name = $"rc_foreign_{Guid.NewGuid():N}"[..24];
        await db.ScalarAsync<object>($"CREATE DATABASE {name}");
        try
        {
            var builder = new NpgsqlConnectionStringBuilder(db.ConnectionString) { Database = name };
            await using var foreign = NpgsqlDataSource.Create(builder.ConnectionString);
            await using (var create = foreign.CreateCommand("CREATE TABLE nodes (precious text)"))
            {
                await create.ExecuteNonQueryAsync();
            }

            var error = await Assert.ThrowsAsync<InvalidOperationException>(() =>
                new Seeder(foreign).EnsureSeededAsync(db.Spec, null, default));

            Assert.Contains("'nodes'", error.Message, StringComparison.Ordinal);
            await using var stillThere = foreign.CreateCommand("SELECT to_regclass('nodes') IS NOT NULL");
            Assert.True((bool)(await stillThere.ExecuteScalarAsync())!);
        }
        finally
        {
            NpgsqlConnection.ClearAllPools();
            await db.ScalarAsync<object>($"DROP DATABASE {name} WITH (FORCE)");
        }
    }

    [Fact]
    public async Task TheCacheWarmerReadsEveryTableAndIndexOfTheDataset()
    {
        var warmer = new CacheWarmer(db.DataSource);

        var installed = await warmer.WarmAsync(mayInstallExtension: true, CancellationToken.None);
        var reused = await warmer.WarmAsync(mayInstallExtension: false, CancellationToken.None);

        var atLeast = await db.ScalarAsync<long>("""
            SELECT sum(pg_relation_size(c.oid))::bigint FROM pg_class c
            WHERE c.relname IN ('nodes', 'links', 'records', 'pk_nodes', 'pk_links')
            """);
        Assert.Null(installed.NotWarmedBecause);
        Assert.True(installed.Bytes >= atLeast, $"{installed.Bytes:N0} bytes read, the tables alone hold {atLeast:N0}");
        Assert.Equal(installed, reused);
    }
}

using Npgsql;

namespace RpcCompare.Data.Seeding;

/// <summary>
/// Reads the dataset's tables and indexes into PostgreSQL's shared buffers (pg_prewarm) before the first stack runs.
/// Every stack asks for the same nodes in the same order, so without this the first stack would pay for a cold cache
/// and the later ones would be served from the pages it loaded: the order of the stacks would decide the result.
/// </summary>
public sealed class CacheWarmer(NpgsqlDataSource dataSource)
{
    private const int BlockBytes = 8192;

    /// <param name="mayInstallExtension">Create the pg_prewarm extension when it is missing: for the project's own
    /// cluster only; someone else's database is used as it is.</param>
    public async Task<CacheWarmth> WarmAsync(bool mayInstallExtension, CancellationToken cancellationToken)
    {
        await using var connection = await dataSource.OpenConnectionAsync(cancellationToken);
        try
        {
            if (mayInstallExtension)
            {
                await using var create = new NpgsqlCommand("CREATE EXTENSION IF NOT EXISTS pg_prewarm", connection);
                await create.ExecuteNonQueryAsync(cancellationToken);
            }
            else if (!await HasExtensionAsync(connection, cancellationToken))
            {
                return new CacheWarmth(0, "the pg_prewarm extension is not installed in this database");
            }

            await using var db = GraphDataServices.CreateContext(dataSource);
            var tables = SchemaScript.From(db).Tables.Keys.ToArray();
            await using var warm = new NpgsqlCommand(
                """
                SELECT coalesce(sum(pg_prewarm(c.oid)), 0)::bigint
                FROM (SELECT c.oid FROM pg_class c
                      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY(@tables)
                      UNION
                      SELECT i.indexrelid FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
                      WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY(@tables)) r
                JOIN pg_class c ON c.oid = r.oid
                """, connection);
            warm.Parameters.AddWithValue("tables", tables);
            var blocks = (long)(await warm.ExecuteScalarAsync(cancellationToken))!;
            return new CacheWarmth(blocks * BlockBytes, null);
        }
        catch (PostgresException e)
        {
            return new CacheWarmth(0, e.MessageText);
        }
    }

    private static async Task<bool> HasExtensionAsync(NpgsqlConnection connection, CancellationToken cancellationToken)
    {
        await using var command = new NpgsqlCommand("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_prewarm')", connection);
        return (bool)(await command.ExecuteScalarAsync(cancellationToken))!;
    }
}

/// <summary>How much was read into the cache, or why nothing was.</summary>
public sealed record CacheWarmth(long Bytes, string? NotWarmedBecause);

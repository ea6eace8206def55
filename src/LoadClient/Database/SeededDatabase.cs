using Npgsql;
using RpcCompare.Data.Generation;
using RpcCompare.Data.Seeding;
using RpcCompare.LoadClient.Terminal;

namespace RpcCompare.LoadClient.Database;

/// <summary>A database session with the dataset loaded in it: what `seed`, `servers` and a run all begin with.</summary>
public static class SeededDatabase
{
    /// <summary>
    /// Opens the database (or starts the local cluster), says which one, and loads <paramref name="spec"/> unless that very
    /// dataset is there already (or <paramref name="force"/>), with progress. The session is closed again if loading fails.
    /// </summary>
    public static async Task<(DatabaseSession Database, SeedResult Seeded)> OpenAsync(string? connection, string? pgData,
        DatasetSpec spec, CancellationToken cancellationToken, bool force = false)
    {
        Clients.SocketCompletions.RefuseForDatabase();
        var database = await DatabaseSession.OpenAsync(connection, pgData, Console.WriteLine, cancellationToken);
        try
        {
            Console.WriteLine($"Database: {database.Description}");
            await using var dataSource = NpgsqlDataSource.Create(database.ConnectionString);
            var seeder = new Seeder(dataSource);
            if (!force && (await seeder.LoadedDatasetAsync(cancellationToken))?.Fingerprint != spec.Fingerprint)
            {
                Console.WriteLine($"Loading the {spec.Preset} dataset ({spec.Nodes:N0} nodes); this happens once.");
            }
            var seeded = await StepProgress.RunAsync(progress => seeder.EnsureSeededAsync(spec, progress, cancellationToken, force));
            return (database, seeded);
        }
        catch
        {
            await database.DisposeAsync();
            throw;
        }
    }
}

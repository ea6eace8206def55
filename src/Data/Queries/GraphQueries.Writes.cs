using System.Diagnostics;
using Microsoft.EntityFrameworkCore;
using RpcCompare.Contracts;
using RpcCompare.Data.Model;
using RpcCompare.Stacks;

namespace RpcCompare.Data.Queries;

public sealed partial class GraphQueries
{
    /// <summary>
    /// Records, once per size, the first <paramref name="size"/> records of the bulk query (most recently updated first),
    /// as the studied server pre-recorded a result set; later calls with the same size return the same snapshot. A
    /// read-only host records only the bulk-transfer scenario's size; the number kept is checked under a lock, inside the
    /// transaction that inserts, so concurrent callers cannot pass it together.
    /// </summary>
    public async Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken)
    {
        long started = Stopwatch.GetTimestamp();
        try
        {
            if (size < 1 || size > GraphContract.MaxSnapshotSize)
            {
                throw GraphException.Invalid($"size must be between 1 and {GraphContract.MaxSnapshotSize:N0} (was {size:N0}).");
            }
            if (!Options.AllowWrites && size != GraphContract.BulkSnapshotSize)
            {
                throw new GraphException(GraphErrorKind.WritesDisabled,
                    $"This host is read-only: it prepares only the bulk-transfer snapshot of {GraphContract.BulkSnapshotSize:N0} " +
                    $"records (asked for {size:N0}); start it with --allow-writes to record other sizes.");
            }
            await using var db = await contexts.CreateDbContextAsync(cancellationToken);
            if (await ExistingSnapshotAsync(db, size, cancellationToken) is { } existing)
            {
                return existing;
            }

            await using var transaction = await db.Database.BeginTransactionAsync(cancellationToken);
            await db.Database.ExecuteSqlAsync($"SELECT pg_advisory_xact_lock({SnapshotLock})", cancellationToken);
            if (await ExistingSnapshotAsync(db, size, cancellationToken) is { } recorded)
            {
                return recorded;
            }
            var available = await db.Records.CountAsync(cancellationToken);
            if (size > available)
            {
                throw GraphException.Invalid($"size {size:N0} exceeds the {available:N0} records in the dataset.");
            }
            var kept = await db.Snapshots.CountAsync(cancellationToken);
            if (kept >= Options.MaxSnapshots)
            {
                throw GraphException.Invalid(
                    $"{kept} snapshots are kept already (the limit); prepare one of the sizes that exist instead.");
            }

            var snapshot = new Snapshot { Size = size, CreatedAt = Timestamps.Now() };
            db.Snapshots.Add(snapshot);
            await db.SaveChangesAsync(cancellationToken);
            await db.Database.ExecuteSqlInterpolatedAsync(
                $"""
                INSERT INTO snapshot_items (snapshot_id, seq, record_id)
                SELECT {snapshot.Id}, row_number() OVER (ORDER BY updated_at DESC, id), id
                FROM (SELECT id, updated_at FROM records ORDER BY updated_at DESC, id LIMIT {size}) AS first_records
                """,
                cancellationToken);
            await transaction.CommitAsync(cancellationToken);
            return new SnapshotInfo { Id = snapshot.Id, Size = size };
        }
        finally
        {
            ServerMetrics.RecordQuery(Stopwatch.GetTimestamp() - started);
        }
    }

    /// <summary>The advisory lock key that serialises snapshot creation across hosts ("snap" in ASCII).</summary>
    private const long SnapshotLock = 0x736E6170;

    private static async Task<SnapshotInfo?> ExistingSnapshotAsync(GraphDb db, int size, CancellationToken cancellationToken) =>
        await db.Snapshots.AsNoTracking().Where(s => s.Size == size)
            .Select(s => new SnapshotInfo { Id = s.Id, Size = s.Size })
            .FirstOrDefaultAsync(cancellationToken);

    /// <summary>The first <paramref name="count"/> wide records of a prepared snapshot, in snapshot order.</summary>
    public async Task<QueryStream<WideRecord>> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken)
    {
        var db = await contexts.CreateDbContextAsync(cancellationToken);
        long started = Stopwatch.GetTimestamp();
        try
        {
            var size = await db.Snapshots.Where(s => s.Id == snapshotId).Select(s => (int?)s.Size)
                .FirstOrDefaultAsync(cancellationToken)
                ?? throw GraphException.NotFound($"Snapshot {snapshotId} does not exist; prepare it first.");
            if (count < 1 || count > size)
            {
                throw GraphException.Invalid($"count must be between 1 and the snapshot's size {size:N0} (was {count:N0}).");
            }
        }
        catch
        {
            await db.DisposeAsync();
            throw;
        }
        long lookup = Stopwatch.GetTimestamp() - started;
        var records = await QueryStream<WideRecord>.OpenAsync(db, RecordsOf(db, snapshotId, count), cancellationToken);
        records.AddDatabaseTime(lookup);
        return records;
    }

    /// <summary>Inserts one node and commits: the write scenario's unit of work. Refused unless writes are allowed.</summary>
    public async Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken)
    {
        long started = Stopwatch.GetTimestamp();
        try
        {
            ArgumentNullException.ThrowIfNull(node);
            if (!Options.AllowWrites)
            {
                throw new GraphException(GraphErrorKind.WritesDisabled,
                    "This host is read-only; start it with --allow-writes (the write scenario does) to create nodes.");
            }
            var name = node.Name?.Trim() ?? "";
            if (name.Length == 0 || name.Length > GraphContract.MaxNodeNameLength)
            {
                throw GraphException.Invalid(
                    $"A node name must have 1 to {GraphContract.MaxNodeNameLength} characters (had {name.Length:N0}).");
            }
            if (name.Any(char.IsControl))
            {
                throw GraphException.Invalid("A node name must not contain control characters.");
            }

            await using var db = await contexts.CreateDbContextAsync(cancellationToken);
            var types = _nodeTypes ??= await NodeTypeCache.LoadAsync(db, cancellationToken);
            if (!types.TryGetId(node.Type ?? "", out var typeId))
            {
                throw GraphException.Invalid($"Unknown node type '{node.Type}'; known types: {types.Names}.");
            }
            var entity = new Node { Name = name, NameKey = Node.KeyOf(name), TypeId = typeId, CreatedAt = Timestamps.Now() };
            db.Nodes.Add(entity);
            await db.SaveChangesAsync(cancellationToken);
            return new NodeDetails { Id = entity.Id, Name = name, Type = node.Type!, CreatedAt = entity.CreatedAt };
        }
        finally
        {
            ServerMetrics.RecordQuery(Stopwatch.GetTimestamp() - started);
        }
    }

    /// <summary>True when the database answers: what each host's readiness probe reports.</summary>
    public async Task<bool> IsDatabaseReachableAsync(CancellationToken cancellationToken)
    {
        try
        {
            await using var db = await contexts.CreateDbContextAsync(cancellationToken);
            return await db.Database.CanConnectAsync(cancellationToken);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            return false;
        }
    }

    private sealed class NodeTypeCache(Dictionary<string, short> ids)
    {
        public string Names { get; } = string.Join(", ", ids.Keys.Order(StringComparer.Ordinal));

        public bool TryGetId(string name, out short id) => ids.TryGetValue(name, out id);

        public static async Task<NodeTypeCache> LoadAsync(GraphDb db, CancellationToken cancellationToken) =>
            new(await db.NodeTypes.AsNoTracking().ToDictionaryAsync(t => t.Name, t => t.Id, StringComparer.Ordinal,
                cancellationToken));
    }
}

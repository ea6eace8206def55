namespace RpcCompare.Data.Seeding;

/// <summary>How far one step of loading is: rows written of a table, or an index built.</summary>
public readonly record struct SeedProgress(string Step, long Done, long Total);

public sealed record TableLoad(string Table, long Rows, TimeSpan Elapsed);

public sealed record SeedResult(
    string Fingerprint,
    bool Skipped,
    IReadOnlyList<TableLoad> Tables,
    TimeSpan LoadTime,
    TimeSpan IndexTime,
    TimeSpan Total)
{
    public long Rows => Tables.Sum(t => t.Rows);

    public double RowsPerSecond => Total.TotalSeconds > 0 ? Rows / Total.TotalSeconds : 0;
}

using RpcCompare.Contracts;

namespace RpcCompare.Data.Queries;

public sealed record GraphQueryOptions
{
    /// <summary>CreateNode, and PrepareSnapshot of any size but the bulk scenario's, are refused unless this is set: hosts are read-only outside the write scenario.</summary>
    public bool AllowWrites { get; init; }

    /// <summary>Distinct snapshot sizes kept on the server; bounds what repeated PrepareSnapshot calls can store.</summary>
    public int MaxSnapshots { get; init; } = 16;

    /// <summary>The most links a GetNeighbourhoods batch may hold in total (<see cref="GraphContract.MaxNeighbourhoodLinks"/>;
    /// tests lower it to reach it on a small dataset).</summary>
    public int MaxNeighbourhoodLinks { get; init; } = GraphContract.MaxNeighbourhoodLinks;

    /// <summary>A pg_sleep of this length before every GetLinks query: a slower database on purpose, to see where it lands in
    /// the latency breakdown (the tests use it; zero, the default, adds nothing).</summary>
    public TimeSpan QueryDelay { get; init; }
}

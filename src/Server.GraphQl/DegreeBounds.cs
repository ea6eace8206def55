using System.Collections.Frozen;
using RpcCompare.Data.Generation;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// An upper bound of any node's out-degree, for the cost model (<see cref="GraphCost"/>), whose impact functions run
/// synchronously during validation and so cannot ask the database. Holds the degree of every node with more than
/// <see cref="Threshold"/> links (the hubs: a few hundred rows in the presets), loaded once by
/// <see cref="DegreeBoundsLoader"/>; any other node has at most <see cref="Threshold"/>. Until the table is loaded every
/// node is bounded by <see cref="FallbackMaxDegree"/>, so a host whose database was unreachable at start refuses more, never
/// less. Nodes created later have no links (createNode adds none), so the table does not go stale.
/// </summary>
public sealed class DegreeBounds
{
    /// <summary>No node outside the table has more links: the generator's non-hub nodes have at most this many.</summary>
    public const int Threshold = GraphGenerator.MinHubDegree - 1;

    /// <summary>The bound of every node until the table is loaded: the largest max degree of the dataset presets.</summary>
    public static readonly int FallbackMaxDegree = Math.Max(DatasetSpec.Default.MaxDegree, DatasetSpec.Large.MaxDegree);

    private volatile Table? _table;

    public bool IsLoaded => _table is not null;

    /// <summary>The biggest out-degree of the dataset (or the fallback until loaded).</summary>
    public int MaxDegree => _table?.MaxDegree ?? FallbackMaxDegree;

    /// <summary>How many nodes the table holds (0 until loaded).</summary>
    public int Count => _table?.Degrees.Count ?? 0;

    public int BoundOf(long nodeId) => _table is { } table
        ? table.Degrees.GetValueOrDefault(nodeId, Threshold)
        : FallbackMaxDegree;

    public void Load(IEnumerable<KeyValuePair<long, int>> degreesAboveThreshold)
    {
        var degrees = degreesAboveThreshold.ToFrozenDictionary();
        _table = new Table(degrees, degrees.Count == 0 ? Threshold : Math.Max(Threshold, degrees.Values.Max()));
    }

    private sealed record Table(FrozenDictionary<long, int> Degrees, int MaxDegree);
}

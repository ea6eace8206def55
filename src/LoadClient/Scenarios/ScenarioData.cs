using RpcCompare.Data.Generation;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// What scenarios draw their arguments from, computed from the dataset spec (the generator is deterministic), so it needs
/// no database and is the same for every stack and for remote targets.
/// </summary>
public sealed class ScenarioData
{
    private readonly HashSet<long> _allHubs;

    public ScenarioData(DatasetSpec spec, int worstCaseHubs = 10)
    {
        Spec = spec;
        var generator = new GraphGenerator(spec);
        Hubs = [.. generator.HubIds.Take(worstCaseHubs)];
        _allHubs = [.. generator.HubIds];
    }

    public DatasetSpec Spec { get; }

    /// <summary>The best-connected nodes, biggest first: the worst case's targets.</summary>
    public IReadOnlyList<long> Hubs { get; }

    /// <summary>Search terms that each match many thousands of names in the default dataset (ASCII adjectives).</summary>
    public IReadOnlyList<string> SearchTerms { get; } =
        [.. Vocabulary.Adjectives.Where(a => a.All(char.IsAsciiLetterLower))];

    /// <summary>A uniformly random node that is not a hub: 98% of them have fewer than two links.</summary>
    public long RandomNonHub(Random random)
    {
        while (true)
        {
            var id = random.NextInt64(1, Spec.Nodes + 1);
            if (!_allHubs.Contains(id))
            {
                return id;
            }
        }
    }
}

namespace RpcCompare.Data.Generation;

public readonly record struct NodeRow(long Id, string Name, short TypeId, DateTime CreatedAt, int LinkCount);

public readonly record struct LinkRow(long Id, long SourceId, long TargetId, short TypeId, double Weight, DateTime CreatedAt);

/// <summary>
/// A deterministic rich-club graph. 98% of the nodes have zero or one outgoing link; the rest have at least two, and the
/// best connected of them, the hubs, follow a Zipf-like law from <see cref="DatasetSpec.MaxDegree"/> down and all link to
/// each other. Other links prefer hubs as targets (preferential attachment), so hubs are also the most linked-to.
/// Rows are produced as streams (never a list of millions of links), each from its own seeded random source, so nodes,
/// links and records can be written in parallel and still come out the same for the same spec.
/// </summary>
public sealed class GraphGenerator
{
    /// <summary>Hubs always have more links than any non-hub can get, so "the hubs" are unambiguous.</summary>
    public const int MinHubDegree = MaxMiddleDegree + 1;

    private const int MaxMiddleDegree = 50;
    private const double HubExponent = 1.1;
    private static readonly DateTime Epoch = new(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc);
    private const long SpanMicroseconds = 6L * 365 * 24 * 3600 * 1_000_000;

    private readonly int[] _degrees;
    private readonly long[] _hubIds;
    private readonly long[] _hubCumulativeDegrees;

    public GraphGenerator(DatasetSpec spec)
    {
        var problems = spec.Validate();
        if (problems.Count > 0)
        {
            throw new ArgumentException("The dataset cannot be generated: " + string.Join(" ", problems), nameof(spec));
        }
        Spec = spec;
        _degrees = AssignDegrees(spec);
        _hubIds = Enumerable.Range(0, _degrees.Length).Where(i => _degrees[i] >= MinHubDegree)
            .Select(i => (long)i + 1).OrderByDescending(id => _degrees[id - 1]).ThenBy(id => id).ToArray();
        _hubCumulativeDegrees = new long[_hubIds.Length];
        long total = 0;
        for (var i = 0; i < _hubIds.Length; i++)
        {
            total += _degrees[_hubIds[i] - 1];
            _hubCumulativeDegrees[i] = total;
        }
        LinkCount = _degrees.Sum(d => (long)d);
    }

    public DatasetSpec Spec { get; }

    public long LinkCount { get; }

    /// <summary>Hub ids, best connected first.</summary>
    public IReadOnlyList<long> HubIds => _hubIds;

    public int DegreeOf(long nodeId) => _degrees[nodeId - 1];

    /// <summary>The hub degrees for k = 1..hubs: MaxDegree / k^1.1, never below <see cref="MinHubDegree"/>.</summary>
    public static int HubDegree(DatasetSpec spec, int rank) =>
        Math.Max(Math.Max(MinHubDegree, spec.Hubs - 1), (int)Math.Round(spec.MaxDegree / Math.Pow(rank, HubExponent)));

    public IEnumerable<NodeRow> Nodes()
    {
        var random = new Random(unchecked(Spec.Seed * 31 + 1));
        var adjectives = Vocabulary.Adjectives;
        var nouns = Vocabulary.Nouns;
        for (var i = 0; i < _degrees.Length; i++)
        {
            var name = $"{adjectives[random.Next(adjectives.Count)]}-{nouns[random.Next(nouns.Count)]}-{Base36(random.Next(1_679_616))}";
            var typeId = (short)(random.Next(Vocabulary.NodeTypes.Count) + 1);
            yield return new NodeRow(i + 1, name, typeId, RandomTime(random), _degrees[i]);
        }
    }

    public IEnumerable<LinkRow> Links()
    {
        var random = new Random(unchecked(Spec.Seed * 31 + 2));
        long linkId = 0;
        var hubRank = _hubIds.Select((id, rank) => (id, rank)).ToDictionary(x => x.id, x => x.rank);
        for (var i = 0; i < _degrees.Length; i++)
        {
            var source = (long)i + 1;
            var degree = _degrees[i];
            var isHub = hubRank.ContainsKey(source);
            for (var j = 0; j < degree; j++)
            {
                long target;
                if (isHub && j < _hubIds.Length - 1)
                {
                    // The rich club: every hub links to every other hub first.
                    var other = j < hubRank[source] ? j : j + 1;
                    target = _hubIds[other];
                }
                else
                {
                    target = PickTarget(random, source, preferHubs: !isHub);
                }
                var typeId = (short)(random.Next(Vocabulary.LinkTypes.Count) + 1);
                var weight = Math.Round(random.NextDouble(), 3);
                yield return new LinkRow(++linkId, source, target, typeId, weight, RandomTime(random));
            }
        }
    }

    private long PickTarget(Random random, long source, bool preferHubs)
    {
        while (true)
        {
            long target;
            if (preferHubs && random.Next(2) == 0)
            {
                var ticket = random.NextInt64(_hubCumulativeDegrees[^1]);
                var index = Array.BinarySearch(_hubCumulativeDegrees, ticket + 1);
                target = _hubIds[index >= 0 ? index : ~index];
            }
            else
            {
                target = random.NextInt64(_degrees.Length) + 1;
            }
            if (target != source)
            {
                return target;
            }
        }
    }

    private static int[] AssignDegrees(DatasetSpec spec)
    {
        var random = new Random(unchecked(spec.Seed * 31));
        var degrees = new int[spec.Nodes];
        var position = 0;
        for (var rank = 1; rank <= spec.Hubs; rank++)
        {
            degrees[position++] = HubDegree(spec, rank);
        }
        var connected = (int)Math.Round(spec.Nodes * DatasetSpec.ConnectedShare);
        while (position < connected)
        {
            // 2 plus a geometric tail: most connected non-hubs have a handful of links.
            var degree = 2;
            while (degree < MaxMiddleDegree && random.NextDouble() < 0.65)
            {
                degree++;
            }
            degrees[position++] = degree;
        }
        while (position < degrees.Length)
        {
            degrees[position++] = random.NextDouble() < 0.6 ? 1 : 0;
        }
        // Spread hubs and the rest over the id range, as real ids would be. Fisher-Yates by hand: the same order for the
        // same seed on every runtime, which Random.Shuffle does not promise.
        for (var i = degrees.Length - 1; i > 0; i--)
        {
            var j = random.Next(i + 1);
            (degrees[i], degrees[j]) = (degrees[j], degrees[i]);
        }
        return degrees;
    }

    private static DateTime RandomTime(Random random) =>
        Epoch.AddTicks(random.NextInt64(SpanMicroseconds) * 10);

    internal static string Base36(int value)
    {
        Span<char> digits = stackalloc char[4];
        for (var i = 3; i >= 0; i--)
        {
            var d = value % 36;
            digits[i] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
            value /= 36;
        }
        return new string(digits);
    }
}

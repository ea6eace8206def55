using RpcCompare.LoadClient.Clients;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>Study 1, base case: the links of random nodes; 98% of them have fewer than two links.</summary>
public sealed class BaseCaseScenario : Scenario
{
    public override string Name => "base-case";

    public override string Origin => "gRPC vs WCF on a graph database: 10,000 requests, 10 threads, links of a random node";

    public override double EstimatedMsPerUnit(string variant) => 2;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data) =>
    [
        new("", DefaultThreads, 10_000, 1, (c, random, ct) => c.GetLinksAsync(data.RandomNonHub(random), ct)),
    ];
}

/// <summary>Study 1, worst case: the links of the hubs, up to 250,000 per answer; unary, plus streaming where a stack has it.</summary>
public sealed class WorstCaseScenario : Scenario
{
    public const int DefaultRequests = 100;

    public override string Name => "worst-case";

    public override string Origin => "gRPC vs WCF on a graph database: links of the hub nodes, the pathological ones up to 250,000";

    public override double EstimatedMsPerUnit(string variant) => variant == "stream" ? 900 : 1300;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data)
    {
        Task Unary(IGraphClient c, Random random, CancellationToken ct) => c.GetLinksAsync(Hub(data, random), ct);
        Task Streamed(IGraphClient c, Random random, CancellationToken ct) => c.StreamLinksAsync(Hub(data, random), ct);
        var variants = new List<Variant> { new("", DefaultThreads, DefaultRequests, 1, Unary) };
        if (stack.Streaming)
        {
            variants.Add(new("stream", DefaultThreads, DefaultRequests, 1, Streamed));
        }
        return variants;
    }

    private static long Hub(ScenarioData data, Random random) => data.Hubs[random.Next(data.Hubs.Count)];
}

/// <summary>Study 1, search: a name search returning its first 10,000 nodes.</summary>
public sealed class SearchScenario : Scenario
{
    public const int Limit = 10_000;

    public override string Name => "search";

    public override string Origin => "gRPC vs WCF on a graph database: name search returning the first 10,000 nodes";

    public override double EstimatedMsPerUnit(string variant) => 60;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data)
    {
        string Term(Random random) => data.SearchTerms[random.Next(data.SearchTerms.Count)];
        var variants = new List<Variant>
        {
            new("", DefaultThreads, 1_000, 1, (c, random, ct) => c.SearchNodesAsync(Term(random), Limit, ct)),
        };
        if (stack.Streaming)
        {
            variants.Add(new("stream", DefaultThreads, 1_000, 1, (c, random, ct) => c.StreamSearchNodesAsync(Term(random), Limit, ct)));
        }
        return variants;
    }
}

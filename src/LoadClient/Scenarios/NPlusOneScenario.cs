using RpcCompare.LoadClient.Clients;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// Study 2, N+1: a page of 100 nodes with their links and the linked nodes' names. "chatty" asks for the page and then
/// each node's links (101 calls); "fat" asks for the page and then one batch (2 calls); "query" is one GraphQL request.
/// Latency is per unit of work, all its calls together.
/// </summary>
public sealed class NPlusOneScenario : Scenario
{
    public const int PageSize = 100;

    public override string Name => "n-plus-one";

    public override string Origin => "REST vs GraphQL vs gRPC: 100 customers with their articles, chatty vs one query";

    public override double EstimatedMsPerUnit(string variant) => variant switch
    {
        "chatty" => 150,
        "fat" => 10,
        _ => 10,
    };

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data)
    {
        long RandomPage(Random random) => random.NextInt64(0, Math.Max(1, data.Spec.Nodes - PageSize));
        var variants = new List<Variant>
        {
            new("chatty", 1, 100, PageSize + 1, async (c, random, ct) =>
            {
                var page = await c.ListNodesAsync(RandomPage(random), PageSize, ct);
                foreach (var node in page)
                {
                    await c.GetLinksAsync(node.Id, ct);
                }
            }),
            new("fat", 1, 100, 2, async (c, random, ct) =>
            {
                var page = await c.ListNodesAsync(RandomPage(random), PageSize, ct);
                await c.GetNeighbourhoodsAsync([.. page.Select(n => n.Id)], ct);
            }),
        };
        if (stack.SingleRequestPage)
        {
            variants.Add(new("query", 1, 100, 1,
                (c, random, ct) => ((ISingleRequestPage)c).GetPageWithLinksAsync(RandomPage(random), PageSize, ct)));
        }
        return variants;
    }
}

using RpcCompare.LoadClient.Runs;

namespace RpcCompare.UnitTests.Runs;

/// <summary>The trials of a run: orders drawn from the seed and budgets split.</summary>
public sealed class TrialPlanTests
{
    private static readonly string[] Entries = ["grpc", "grpc/stream", "wcf", "rest", "rest/stream", "graphql"];

    [Fact]
    public void EveryTrialIsAPermutationOfEveryEntry()
    {
        var orders = TrialOrder.Draw(Entries, 7, seed: 12345);

        Assert.Equal(7, orders.Count);
        Assert.All(orders, order => Assert.Equal(Entries.Order(), order.Order()));
    }

    [Fact]
    public void TrialOrdersDependOnlyOnTheSeed()
    {
        var first = TrialOrder.Draw(Entries, 5, seed: 42);
        var again = TrialOrder.Draw(Entries, 5, seed: 42);
        var other = TrialOrder.Draw(Entries, 5, seed: 43);

        Assert.Equal(first, again);
        Assert.NotEqual(first.SelectMany(o => o), other.SelectMany(o => o));
        // Five shuffles of six entries: the orders are not all the same one.
        Assert.True(first.Select(o => string.Join(",", o)).Distinct().Count() > 1);
    }

    [Theory]
    [InlineData(3000, 5)]
    [InlineData(10, 3)]
    [InlineData(7, 7)]
    [InlineData(1, 1)]
    public void TheRequestBudgetIsSplitIntoNearlyEqualParts(long total, int trials)
    {
        var parts = Enumerable.Range(1, trials).Select(t => RunPlan.Share(total, trials, t)).ToList();

        Assert.Equal(total, parts.Sum());
        Assert.True(parts.Max() - parts.Min() <= 1);
    }
}

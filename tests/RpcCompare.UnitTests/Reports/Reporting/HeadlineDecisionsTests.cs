using RpcCompare.Reports;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>What --trials auto asks after a trial: the verdict's headline comparisons still inconclusive, and how many trials
/// would decide each.</summary>
public sealed class HeadlineDecisionsTests
{
    [Fact]
    public async Task ASteadyGapLeavesTheMedianDecided()
    {
        using var temp = new TempFolder();
        await SyntheticResults.TwoStacksByTrialAsync(temp.Path, [10, 10.1, 9.9, 10, 10], [12, 12.1, 11.9, 12.05, 12]);

        var open = await HeadlineDecisions.OpenAsync(temp.Path, margin: null, CancellationToken.None);

        Assert.DoesNotContain(open, o => o.Question == "fastest at the median");
    }

    [Fact]
    public async Task AGapWithinTheSpreadNamesTheTrialsThatWouldDecide()
    {
        // REST behind by 0.3 ms on average with a spread of 0.39 ms between trials: about ten trials would decide it.
        using var temp = new TempFolder();
        await SyntheticResults.TwoStacksByTrialAsync(temp.Path, [10, 10, 10, 10, 10], [10.8, 9.9, 10.3, 10.6, 9.9]);

        var open = await HeadlineDecisions.OpenAsync(temp.Path, margin: null, CancellationToken.None);

        var median = Assert.Single(open, o => o.Question == "fastest at the median");
        Assert.InRange(median.TrialsToDecide!.Value, 6, 100);
        Assert.Equal($"fastest at the median: inconclusive (~{median.TrialsToDecide} trials)", median.ToString());
    }

    [Fact]
    public async Task DriftNoTrialCountWouldOvercomeHasNoTrialsToDecide()
    {
        using var temp = new TempFolder();
        await SyntheticResults.TwoStacksByTrialAsync(temp.Path, [10, 12, 9, 13, 11], [11.5, 10, 13, 9, 12]);

        var open = await HeadlineDecisions.OpenAsync(temp.Path, margin: null, CancellationToken.None);

        var median = Assert.Single(open, o => o.Question == "fastest at the median");
        Assert.Null(median.TrialsToDecide);
        Assert.Equal("inconclusive", median.Answer);
    }
}

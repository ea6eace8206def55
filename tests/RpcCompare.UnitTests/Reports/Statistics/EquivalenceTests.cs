using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Statistics;

public class EquivalenceTests
{
    [Fact]
    public void DifferencesInsideTheMarginAreEquivalent()
    {
        // Mean 0, standard deviation 0.0791; t(4, 0.975) = 2.7764 gives a half-width of 0.0982.
        var test = Equivalence.Test([0.1, -0.1, 0.05, -0.05, 0], margin: 1, confidenceLevel: 0.95);

        Assert.True(test.Holds);
        Assert.Equal(-0.0982, test.Lower, 4);
        Assert.Equal(0.0982, test.Upper, 4);
        Assert.Equal(5, test.Trials);
    }

    [Fact]
    public void AClearShiftIsNotEquivalent()
    {
        var test = Equivalence.Test([2, 2.1, 1.9, 2, 2], margin: 1, confidenceLevel: 0.95);

        Assert.False(test.Holds);
        Assert.True(test.Lower > 1);
    }

    [Fact]
    public void FewNoisyTrialsAreNotEquivalent()
    {
        // Two trials that disagree: the mean is 0, but its interval is as wide as the disagreement allows.
        var test = Equivalence.Test([0.5, -0.5], margin: 1, confidenceLevel: 0.95);

        Assert.Equal(0, test.Mean);
        Assert.False(test.Holds);
    }

    [Fact]
    public void TrialsToDecideFindsTheFewestThatWouldFit()
    {
        // Mean 0, standard deviation 0.1155: t(n-1) * 0.1155 / sqrt(n) first falls below 0.1 at n = 8 (0.0966; 0.1068 at 7).
        Assert.Equal(8, Equivalence.TrialsToDecide([0.1, -0.1, 0.1, -0.1], margin: 0.1, confidenceLevel: 0.95));
    }

    [Fact]
    public void TrialsToDecideCountsADifferenceOnlyWhenAsked()
    {
        // Mean 1, standard deviation 0.894: one trial more (n = 7, t(6) * 0.894 / sqrt(7) = 0.83) would exclude zero, but
        // no number of trials puts a mean of 1 inside a margin of 0.1.
        double[] differences = [0, 2, 1, 1, 2, 0];

        Assert.Equal(7, Equivalence.TrialsToDecide(differences, margin: 0.1, confidenceLevel: 0.95));
        Assert.Null(Equivalence.TrialsToDecide(differences, margin: 0.1, confidenceLevel: 0.95, differenceCounts: false));
    }

    [Fact]
    public void AMeanOnTheMarginCannotBeDecidedByEquivalence()
    {
        Assert.Null(Equivalence.TrialsToDecide([1, 1.2, 0.8, 1], margin: 1, confidenceLevel: 0.95, differenceCounts: false));
    }

    [Theory]
    [InlineData(0.02, "7", 0.02)]   // given on the command line: it wins
    [InlineData(null, "7", 0.07)]   // the run's own --margin, recorded in percent
    [InlineData(null, "", 0.05)]    // nothing usable: the default
    [InlineData(null, "150", 0.05)]
    public void TheMarginIsTheGivenOneElseTheRunsOwn(double? given, string recorded, double expected)
    {
        var options = new Dictionary<string, string> { ["margin"] = recorded };

        Assert.Equal(expected, new BootstrapSettings().WithMargin(given, options).EquivalenceMargin, 10);
    }
}

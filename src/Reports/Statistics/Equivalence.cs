using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace RpcCompare.Reports.Statistics;

/// <summary>
/// Two one-sided tests (Schuirmann 1987) over paired per-trial differences: the two figures are equivalent within
/// ±<c>margin</c> when the (1 − 2α) Student-t interval of the mean difference lies inside (−margin, +margin), which is
/// both one-sided tests rejecting at α. Paired by trial, a drift that both entries saw in a trial cancels; the trials
/// are the unit of repetition, as in the verdict's other rules.
/// </summary>
public sealed record Equivalence(int Trials, double Mean, double Lower, double Upper, double Margin, double IntervalLevel)
{
    /// <summary>The interval lies strictly inside the margin.</summary>
    public bool Holds => Lower > -Margin && Upper < Margin;

    /// <param name="differences">One difference per trial (A − B); at least two.</param>
    /// <param name="margin">The half-width of the equivalence region, in the differences' unit; positive.</param>
    /// <param name="confidenceLevel">The verdict's level (0.95 tests each side at α = 0.025, a 95% interval; see remarks).</param>
    /// <remarks>
    /// Each one-sided test runs at α = (1 − level) / 2, so the interval compared with the margin is the same two-sided
    /// interval the verdict prints for a difference: a pair is never called both "faster" and "equivalent" by intervals of
    /// different widths, and the false "equivalent" rate stays at or below α per side.
    /// </remarks>
    public static Equivalence Test(IReadOnlyList<double> differences, double margin, double confidenceLevel)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(differences.Count, 2, nameof(differences));
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(margin);
        var spread = TrialSpread.Of(differences);
        var half = HalfWidth(spread.StandardDeviation, differences.Count, confidenceLevel);
        return new Equivalence(differences.Count, spread.Mean, spread.Mean - half, spread.Mean + half, margin, confidenceLevel);
    }

    /// <summary>
    /// About how many trials, at the spread and mean difference seen, would decide the comparison one way: the fewest
    /// n (up to <paramref name="most"/>) whose interval would fit inside the margin or, when
    /// <paramref name="differenceCounts"/>, exclude zero. Null when even <paramref name="most"/> would not (the mean sits
    /// near the margin's edge, or the spread is too wide).
    /// </summary>
    /// <param name="differenceCounts">False: count only equivalence (a caller for which a difference cannot decide).</param>
    public static int? TrialsToDecide(IReadOnlyList<double> differences, double margin, double confidenceLevel, bool differenceCounts = true,
        int most = 100)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(differences.Count, 2, nameof(differences));
        var spread = TrialSpread.Of(differences);
        var mean = Math.Abs(spread.Mean);
        for (var n = differences.Count + 1; n <= most; n++)
        {
            var half = HalfWidth(spread.StandardDeviation, n, confidenceLevel);
            if ((differenceCounts && half < mean) || mean + half < margin)
            {
                return n;
            }
        }

        return null;
    }

    private static double HalfWidth(double standardDeviation, int trials, double confidenceLevel)
    {
        var quantile = new StudentDistribution(trials - 1).Quantile(1 - (1 - confidenceLevel) / 2);
        return quantile * standardDeviation / Math.Sqrt(trials);
    }
}

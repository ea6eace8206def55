using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace RpcCompare.Reports.Statistics;

/// <summary>
/// The Harrell-Davis weights for one (n, p): W_i = I_{i/n}(a, b) - I_{(i-1)/n}(a, b) with a = (n+1)p,
/// b = (n+1)(1-p), the same Beta CDF Perfolizer's estimator uses. They depend on n and p only, so the bootstrap
/// computes them once and applies them to every resample. Weights outside the window where the Beta mass is above
/// <see cref="NegligibleMass"/> are dropped, which makes a resample's estimate cost O(window) instead of O(n).
/// </summary>
internal sealed class HarrellDavisWeights
{
    /// <summary>Mass left out on each side; far below double rounding of any latency.</summary>
    internal const double NegligibleMass = 1e-15;

    private readonly double[] _weights;

    private HarrellDavisWeights(int first, double[] weights)
    {
        First = first;
        _weights = weights;
    }

    /// <summary>0-based index of the first order statistic with a weight.</summary>
    public int First { get; }

    public int Length => _weights.Length;

    public static HarrellDavisWeights For(int sampleSize, double probability)
    {
        Quantiles.CheckProbability(probability);
        var beta = new BetaDistribution((sampleSize + 1) * probability, (sampleSize + 1) * (1 - probability));
        double Cdf(int i) => i <= 0 ? 0 : i >= sampleSize ? 1 : beta.Cdf(i / (double)sampleSize);

        // The last i with CDF(i/n) <= eps and the first with CDF(i/n) >= 1 - eps bound the window.
        var low = LastAtOrBelow(0, sampleSize, i => Cdf(i) <= NegligibleMass);
        var high = LastAtOrBelow(0, sampleSize, i => Cdf(i) < 1 - NegligibleMass) + 1;
        high = Math.Min(high, sampleSize);
        var weights = new double[high - low];
        var previous = Cdf(low);
        for (var i = low + 1; i <= high; i++)
        {
            var current = Cdf(i);
            weights[i - low - 1] = current - previous;
            previous = current;
        }

        return new HarrellDavisWeights(low, weights);
    }

    public double Apply(ReadOnlySpan<double> sorted)
    {
        // Four independent sums in a fixed order: faster than one running sum (no dependency chain) and, unlike
        // Vector<T>, the same bits on every CPU, which keeps bands reproducible across machines.
        var window = sorted.Slice(First, _weights.Length);
        var weights = _weights.AsSpan();
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        var i = 0;
        for (; i + 4 <= window.Length; i += 4)
        {
            s0 += weights[i] * window[i];
            s1 += weights[i + 1] * window[i + 1];
            s2 += weights[i + 2] * window[i + 2];
            s3 += weights[i + 3] * window[i + 3];
        }

        for (; i < window.Length; i++)
        {
            s0 += weights[i] * window[i];
        }

        return (s0 + s1) + (s2 + s3);
    }

    // Binary search for the largest i in [from, to] where a monotone (true..true, false..false) predicate holds;
    // from - 1 when it holds nowhere, so callers treat "from" as always true (CDF(0) = 0).
    private static int LastAtOrBelow(int from, int to, Func<int, bool> holds)
    {
        int low = from, high = to;
        while (low < high)
        {
            var middle = low + ((high - low + 1) / 2);
            if (holds(middle))
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }

        return low;
    }
}

namespace RpcCompare.Reports.Statistics;

/// <summary>
/// Nonparametric bootstrap of a quantile grid: each resample draws n values with replacement from the sample and
/// re-estimates every quantile with the same estimator as the point estimate (<see cref="Quantiles.MethodFor"/>).
/// Two exact shortcuts keep it affordable for n up to ~10^6:
/// <list type="bullet">
/// <item>Harrell-Davis (n &lt;= 10,000): the resample is drawn as counts per original order statistic (no sort) and
/// the precomputed, windowed HD weights are applied: O(n + grid x window) per resample.</item>
/// <item>Type 7 (larger n): only the two order statistics around each h are needed. The k-th order statistic of a
/// resample is F_n^-1(U_(k)) with U_(k) the k-th of n uniform order statistics, and those are drawn jointly from
/// Gamma spacings (U_(k) = G_k / G_(n+1)). That is O(grid) per resample, independent of n, and has exactly the
/// distribution of resampling n values and sorting them.</item>
/// </list>
/// </summary>
public static class QuantileBootstrap
{
    public static QuantileReplicates Run(
        SortedSample sample,
        IReadOnlyList<double> probabilities,
        int resamples,
        ulong seed,
        CancellationToken cancellationToken) =>
        Run(sample, probabilities, resamples, seed, Quantiles.MethodFor(sample.Count), cancellationToken);

    /// <summary>With the estimator forced, so tests can check each resampling path at any sample size.</summary>
    internal static QuantileReplicates Run(
        SortedSample sample,
        IReadOnlyList<double> probabilities,
        int resamples,
        ulong seed,
        QuantileMethod method,
        CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(resamples, 1);
        foreach (var p in probabilities)
        {
            Quantiles.CheckProbability(p);
        }

        var estimates = probabilities.Select(p => Quantiles.Estimate(sample, p, method)).ToArray();
        var replicates = new double[resamples * probabilities.Count];
        var random = new SeededRandom(seed);
        if (method == QuantileMethod.HarrellDavis)
        {
            HarrellDavisResamples(sample, probabilities, random, replicates, cancellationToken);
        }
        else
        {
            TypeSevenResamples(sample, probabilities, random, replicates, cancellationToken);
        }

        return new QuantileReplicates([.. probabilities], estimates, replicates, resamples, sample.Count, method);
    }

    private static void HarrellDavisResamples(
        SortedSample sample, IReadOnlyList<double> probabilities, SeededRandom random, double[] replicates, CancellationToken cancellationToken)
    {
        var n = sample.Count;
        var weights = probabilities.Select(p => HarrellDavisWeights.For(n, p)).ToArray();
        var sorted = sample.AsSpan();
        var counts = new int[n];
        var resample = new double[n];
        var resamples = replicates.Length / probabilities.Count;
        for (var b = 0; b < resamples; b++)
        {
            if ((b & 63) == 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
            }

            Array.Clear(counts);
            for (var i = 0; i < n; i++)
            {
                counts[random.NextInt(n)]++;
            }

            // Expanding the counts over the sorted original yields the resample already sorted.
            var k = 0;
            for (var j = 0; j < n; j++)
            {
                for (var c = counts[j]; c > 0; c--)
                {
                    resample[k++] = sorted[j];
                }
            }

            for (var q = 0; q < weights.Length; q++)
            {
                replicates[(b * weights.Length) + q] = weights[q].Apply(resample);
            }
        }
    }

    private static void TypeSevenResamples(
        SortedSample sample, IReadOnlyList<double> probabilities, SeededRandom random, double[] replicates, CancellationToken cancellationToken)
    {
        var n = sample.Count;
        var sorted = sample.AsSpan();

        // 1-based ranks of the order statistics type 7 interpolates between, for every probability.
        var lower = new int[probabilities.Count];
        var fractions = new double[probabilities.Count];
        var needed = new SortedSet<int>();
        for (var q = 0; q < probabilities.Count; q++)
        {
            var h = (n - 1) * probabilities[q];
            var low = (int)Math.Floor(h);
            lower[q] = low + 1;
            fractions[q] = h - low;
            needed.Add(low + 1);
            if (low + 2 <= n)
            {
                needed.Add(low + 2);
            }
        }

        var ranks = needed.ToArray();
        var rankIndex = new Dictionary<int, int>(ranks.Length);
        for (var i = 0; i < ranks.Length; i++)
        {
            rankIndex.Add(ranks[i], i);
        }

        var cumulative = new double[ranks.Length];
        var values = new double[ranks.Length];
        var resamples = replicates.Length / probabilities.Count;
        for (var b = 0; b < resamples; b++)
        {
            if ((b & 63) == 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
            }

            var sum = 0.0;
            var previous = 0;
            for (var i = 0; i < ranks.Length; i++)
            {
                sum += random.NextGamma(ranks[i] - previous);
                cumulative[i] = sum;
                previous = ranks[i];
            }

            var total = sum + random.NextGamma(n + 1 - previous);
            for (var i = 0; i < ranks.Length; i++)
            {
                // The empirical quantile function: F_n^-1(u) = x_(ceil(n u)).
                var index = (int)Math.Ceiling(n * (cumulative[i] / total));
                values[i] = sorted[Math.Clamp(index, 1, n) - 1];
            }

            for (var q = 0; q < probabilities.Count; q++)
            {
                var at = values[rankIndex[lower[q]]];
                var next = rankIndex.TryGetValue(lower[q] + 1, out var i) ? values[i] : at;
                replicates[(b * probabilities.Count) + q] = at + (fractions[q] * (next - at));
            }
        }
    }
}

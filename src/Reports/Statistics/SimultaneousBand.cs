namespace RpcCompare.Reports.Statistics;

/// <summary>
/// A simultaneous percentile-bootstrap band from bootstrap curves: the pointwise percentile envelope
/// [k-th smallest, k-th largest] at every grid point, with k the largest count for which at least the confidence
/// level of the curves lie wholly inside the envelope. So it keeps the asymmetry of percentile intervals (latency
/// quantiles are skewed) while covering all grid points at once, calibrated on the bootstrap curves themselves
/// (a rank envelope: no normality or symmetry assumed).
/// </summary>
internal static class SimultaneousBand
{
    /// <param name="columns">One array of replicate differences per grid point, all of the same length.</param>
    /// <returns>Band edges per grid point and the pointwise level each point ended up with.</returns>
    public static (double[] Lower, double[] Upper, double PointwiseLevel) Percentile(double[][] columns, double confidenceLevel)
    {
        if (columns.Length == 0)
        {
            return ([], [], confidenceLevel);
        }

        var resamples = columns[0].Length;
        var sorted = new double[columns.Length][];

        // A curve's depth: how many curves it leaves outside on its more extreme side, at its most extreme point.
        // A curve lies inside the envelope of k iff its depth >= k (ties count as inside).
        var depth = new int[resamples];
        Array.Fill(depth, int.MaxValue);
        var order = new int[resamples];
        for (var j = 0; j < columns.Length; j++)
        {
            var values = (double[])columns[j].Clone();
            for (var r = 0; r < resamples; r++)
            {
                order[r] = r;
            }

            Array.Sort(values, order);
            sorted[j] = values;
            for (var start = 0; start < resamples;)
            {
                var end = start;
                while (end + 1 < resamples && values[end + 1] == values[start])
                {
                    end++;
                }

                // Curves tied at this value: 'start' curves lie strictly below, resamples - 1 - end strictly above.
                var tiedDepth = Math.Min(end, resamples - 1 - start);
                for (var i = start; i <= end; i++)
                {
                    depth[order[i]] = Math.Min(depth[order[i]], tiedDepth);
                }

                start = end + 1;
            }
        }

        Array.Sort(depth);
        Array.Reverse(depth);
        var inside = (int)Math.Ceiling((confidenceLevel * resamples) - 1e-9);
        var k = Math.Max(0, depth[Math.Clamp(inside, 1, resamples) - 1]);
        var lower = new double[columns.Length];
        var upper = new double[columns.Length];
        for (var j = 0; j < columns.Length; j++)
        {
            lower[j] = sorted[j][k];
            upper[j] = sorted[j][resamples - 1 - k];
        }

        return (lower, upper, 1.0 - (2.0 * k / resamples));
    }

    /// <summary>
    /// Each grid point's own percentile interval at <paramref name="confidenceLevel"/>, from the same replicates: what a
    /// claim about one quantile needs (the median verdict), where the band covers all of them at once and, over a grid of
    /// a hundred correlated quantiles, is about as wide as a 99.5-99.9% interval at each.
    /// </summary>
    /// <param name="columns">One array of replicate differences per grid point, all of the same length.</param>
    public static (double[] Lower, double[] Upper) Pointwise(double[][] columns, double confidenceLevel)
    {
        var lower = new double[columns.Length];
        var upper = new double[columns.Length];
        for (var j = 0; j < columns.Length; j++)
        {
            var values = (double[])columns[j].Clone();
            Array.Sort(values);
            // The k-th smallest and k-th largest, k the replicates each tail may hold (50 of 2,000 at 95%).
            var k = Math.Clamp((int)Math.Floor(((1 - confidenceLevel) / 2 * values.Length) + 1e-9), 0, (values.Length - 1) / 2);
            lower[j] = values[k];
            upper[j] = values[values.Length - 1 - k];
        }

        return (lower, upper);
    }
}

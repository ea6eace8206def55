namespace RpcCompare.LoadClient.Measurement;

/// <summary>What the warm-up's intervals said when it ended.</summary>
/// <param name="Steady">No trend left: the warm-up may end.</param>
/// <param name="Intervals">Intervals with calls that were judged.</param>
/// <param name="Truncation">MSER's truncation point: how many of those intervals the warm-up's transient took.</param>
/// <param name="Drift">The trend over the judged window's last half, as a fraction of its mean (0.12: 12% from its first
/// to its last interval).</param>
public readonly record struct Steadiness(bool Steady, int Intervals, int Truncation, double Drift);

/// <summary>
/// Whether a warm-up has reached a steady state, from the mean latency of its 500 ms intervals: White's MSER rule (1997;
/// here on intervals that each already average many calls, so batches of one) finds where the transient ends, and a
/// least-squares slope over the last half checks that nothing still drifts. Steady when both agree: MSER truncates no
/// more than the first half (the rule's own condition for a series long enough to judge) and the last half drifts by
/// less than <see cref="MaximumDrift"/>. A ramp of R intervals is thus confirmed after about 2R intervals, with R as its
/// truncation point; a flat series at <see cref="MinimumIntervals"/>.
/// </summary>
public static class SteadyState
{
    /// <summary>Intervals before anything is judged (3 s of 500 ms intervals): fewer let a slow ramp pass as noise.</summary>
    public const int MinimumIntervals = 6;

    /// <summary>A last half that moves by less than this (10%) from its first interval to its last is flat.</summary>
    public const double MaximumDrift = 0.10;

    /// <param name="intervalMeans">The mean latency of each interval with calls, oldest first (any unit).</param>
    public static Steadiness Assess(IReadOnlyList<double> intervalMeans)
    {
        var n = intervalMeans.Count;
        if (n < MinimumIntervals)
        {
            return new Steadiness(false, n, 0, double.NaN);
        }

        var truncation = Truncation(intervalMeans);
        var window = Math.Max(MinimumIntervals, n / 2);
        var drift = Drift(intervalMeans, n - window, window);
        return new Steadiness(truncation < n / 2 && drift < MaximumDrift, n, truncation, drift);
    }

    /// <summary>MSER: the d in [0, n/2] that minimizes the squared deviations of what follows it about their mean, over the
    /// square of their count; the earliest on a tie.</summary>
    public static int Truncation(IReadOnlyList<double> series)
    {
        var n = series.Count;
        var best = (Score: double.PositiveInfinity, At: 0);
        for (var d = 0; d <= n / 2; d++)
        {
            var count = n - d;
            var mean = 0.0;
            for (var i = d; i < n; i++)
            {
                mean += series[i];
            }
            mean /= count;
            var squares = 0.0;
            for (var i = d; i < n; i++)
            {
                squares += (series[i] - mean) * (series[i] - mean);
            }
            var score = squares / ((double)count * count);
            if (score < best.Score)
            {
                best = (score, d);
            }
        }

        return best.At;
    }

    /// <summary>The least-squares line's change from the window's first interval to its last, relative to the window's
    /// mean, in size.</summary>
    public static double Drift(IReadOnlyList<double> series, int start, int length)
    {
        var meanX = (length - 1) / 2.0;
        var meanY = 0.0;
        for (var i = 0; i < length; i++)
        {
            meanY += series[start + i];
        }
        meanY /= length;
        double covariance = 0, variance = 0;
        for (var i = 0; i < length; i++)
        {
            covariance += (i - meanX) * (series[start + i] - meanY);
            variance += (i - meanX) * (i - meanX);
        }

        return meanY > 0 ? Math.Abs(covariance / variance * (length - 1)) / meanY : double.PositiveInfinity;
    }
}

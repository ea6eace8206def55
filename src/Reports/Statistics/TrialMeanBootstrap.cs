namespace RpcCompare.Reports.Statistics;

/// <summary>
/// The percentile-bootstrap interval of a mean over trials, resampling the trials alone: for figures a trial measures
/// once (throughput, bytes or server CPU per request), where the trials are the only repetition there is.
/// </summary>
public static class TrialMeanBootstrap
{
    /// <param name="values">One value per trial, e.g. the paired difference of two stacks in each trial.</param>
    public static (double Lower, double Upper) Interval(IReadOnlyList<double> values, BootstrapSettings settings)
    {
        ArgumentOutOfRangeException.ThrowIfZero(values.Count, nameof(values));
        var random = new SeededRandom(settings.Seed);
        var means = new double[settings.Resamples];
        for (var r = 0; r < means.Length; r++)
        {
            var sum = 0.0;
            for (var i = 0; i < values.Count; i++)
            {
                sum += values[random.NextInt(values.Count)];
            }

            means[r] = sum / values.Count;
        }

        Array.Sort(means);
        var k = (int)Math.Floor((1 - settings.ConfidenceLevel) / 2 * means.Length);
        return (means[k], means[means.Length - 1 - k]);
    }
}

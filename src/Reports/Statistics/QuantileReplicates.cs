namespace RpcCompare.Reports.Statistics;

/// <summary>
/// One group's quantile estimates on a probability grid plus the same estimates on each bootstrap resample. Computed
/// once per group and reusable: a baseline's replicates serve every stack compared with it.
/// </summary>
public sealed class QuantileReplicates
{
    private readonly double[] _replicates;

    internal QuantileReplicates(
        IReadOnlyList<double> probabilities,
        double[] estimates,
        double[] replicates,
        int resamples,
        int sampleSize,
        QuantileMethod method)
    {
        Probabilities = probabilities;
        Estimates = estimates;
        _replicates = replicates;
        Resamples = resamples;
        SampleSize = sampleSize;
        Method = method;
    }

    public IReadOnlyList<double> Probabilities { get; }

    /// <summary>Quantile estimates of the sample itself, one per probability.</summary>
    public IReadOnlyList<double> Estimates { get; }

    public int Resamples { get; }
    public int SampleSize { get; }
    public QuantileMethod Method { get; }

    /// <summary>The estimate of probability <paramref name="q"/> on resample <paramref name="b"/>.</summary>
    public double Replicate(int b, int q) => _replicates[(b * Probabilities.Count) + q];
}

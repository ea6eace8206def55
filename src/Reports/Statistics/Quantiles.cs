using Perfolizer.Mathematics.QuantileEstimators;

namespace RpcCompare.Reports.Statistics;

/// <summary>
/// The project's one quantile estimator: Harrell-Davis up to <see cref="HarrellDavisMaxSampleSize"/> values,
/// Hyndman-Fan type 7 beyond, both Perfolizer's. Every percentile in a report, table or chart, comes from here.
/// </summary>
public static class Quantiles
{
    /// <summary>
    /// The largest sample estimated with Harrell-Davis. HD costs O(n) per quantile (and Perfolizer evaluates a Beta CDF
    /// per value), while its advantage over type 7 -- lower variance from using every order statistic -- fades as n
    /// grows; at 10,000 values type 7 is within a small fraction of the sampling noise and O(1) per quantile on a
    /// sorted sample. docs/reports.md gives the numbers.
    /// </summary>
    public const int HarrellDavisMaxSampleSize = 10_000;

    public static QuantileMethod MethodFor(int sampleSize) =>
        sampleSize <= HarrellDavisMaxSampleSize ? QuantileMethod.HarrellDavis : QuantileMethod.HyndmanFanType7;

    public static double Estimate(SortedSample sample, double probability) =>
        Estimate(sample, probability, MethodFor(sample.Count));

    public static double[] Estimate(SortedSample sample, IReadOnlyList<double> probabilities)
    {
        var method = MethodFor(sample.Count);
        var result = new double[probabilities.Count];
        for (var i = 0; i < result.Length; i++)
        {
            result[i] = Estimate(sample, probabilities[i], method);
        }

        return result;
    }

    public static double Estimate(SortedSample sample, double probability, QuantileMethod method)
    {
        CheckProbability(probability);
        return method switch
        {
            QuantileMethod.HarrellDavis => HarrellDavisQuantileEstimator.Instance.Quantile(sample.ToPerfolizer(), probability).NominalValue,
            QuantileMethod.HyndmanFanType7 => SimpleQuantileEstimator.Instance.Quantile(sample.ToPerfolizer(), probability).NominalValue,
            _ => throw new ArgumentOutOfRangeException(nameof(method), method, "Unknown quantile method."),
        };
    }

    internal static void CheckProbability(double probability)
    {
        if (!(probability > 0 && probability < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(probability), probability, "A quantile's probability must lie strictly between 0 and 1.");
        }
    }
}

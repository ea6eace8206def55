namespace RpcCompare.Reports.Statistics;

/// <summary>
/// Paired per-trial differences in a few numbers: their mean, their sample standard deviation (the spread between
/// trials) and how many point each way.
/// </summary>
public sealed record TrialSpread(int Trials, double Mean, double StandardDeviation, int Negative, int Positive)
{
    /// <param name="differences">One difference per trial; at least two.</param>
    public static TrialSpread Of(IReadOnlyList<double> differences)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(differences.Count, 2, nameof(differences));
        var mean = differences.Average();
        var variance = differences.Sum(d => (d - mean) * (d - mean)) / (differences.Count - 1);
        return new TrialSpread(differences.Count, mean, Math.Sqrt(variance), differences.Count(d => d < 0), differences.Count(d => d > 0));
    }
}

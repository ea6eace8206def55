namespace RpcCompare.Reports.Statistics;

/// <summary>
/// Computes shift functions with a simultaneous percentile-bootstrap band (95% unless the settings say otherwise); both groups are resampled
/// independently (unpaired data).
/// </summary>
public static class QuantileShiftAnalysis
{
    /// <summary>Fewer values than this and the bootstrap says more about the estimator than about the data.</summary>
    public const int MinimumSampleSize = 20;

    /// <summary>
    /// A grid probability q is kept only when the smaller group has at least this many values beyond it on the thin
    /// side, min(nA, nB) * min(q, 1-q) &gt;= 5: the bootstrap cannot see past the sample's extreme values, so its
    /// intervals for the outermost order statistics are too narrow.
    /// </summary>
    public const int MinimumTailObservations = 5;

    public static bool CanCompare(int sizeA, int sizeB) => Math.Min(sizeA, sizeB) >= MinimumSampleSize;

    public static QuantileShift Compute(
        SortedSample a,
        SortedSample b,
        IReadOnlyList<double> probabilities,
        BootstrapSettings settings,
        CancellationToken cancellationToken)
    {
        var replicatesA = QuantileBootstrap.Run(a, probabilities, settings.Resamples, SeededRandom.DeriveSeed(settings.Seed, "A"), cancellationToken);
        var replicatesB = QuantileBootstrap.Run(b, probabilities, settings.Resamples, SeededRandom.DeriveSeed(settings.Seed, "B"), cancellationToken);
        return Compare(replicatesA, replicatesB, settings.ConfidenceLevel);
    }

    /// <summary>Shift function of A against B from replicates computed on the same grid with as many resamples.</summary>
    public static QuantileShift Compare(QuantileReplicates a, QuantileReplicates b, double confidenceLevel)
    {
        if (!a.Probabilities.SequenceEqual(b.Probabilities))
        {
            throw new ArgumentException("Both groups must be bootstrapped on the same probability grid.", nameof(b));
        }

        if (a.Resamples != b.Resamples)
        {
            throw new ArgumentException($"Both groups need as many resamples ({a.Resamples} vs {b.Resamples}).", nameof(b));
        }

        if (!CanCompare(a.SampleSize, b.SampleSize))
        {
            throw new ArgumentException(
                $"Each group needs at least {MinimumSampleSize} values for a shift function (got {a.SampleSize} and {b.SampleSize}).",
                nameof(a));
        }

        if (!(confidenceLevel is > 0 and < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(confidenceLevel), confidenceLevel, "The confidence level must lie strictly between 0 and 1.");
        }

        var (kept, omitted) = TailRule(a.Probabilities, Math.Min(a.SampleSize, b.SampleSize));

        var resamples = a.Resamples;
        var columns = new double[kept.Count][];
        for (var j = 0; j < kept.Count; j++)
        {
            var column = new double[resamples];
            for (var r = 0; r < resamples; r++)
            {
                column[r] = a.Replicate(r, kept[j]) - b.Replicate(r, kept[j]);
            }

            columns[j] = column;
        }

        var (lower, upper, pointwise) = SimultaneousBand.Percentile(columns, confidenceLevel);
        var at = SimultaneousBand.Pointwise(columns, confidenceLevel);
        return new QuantileShift(
            [.. kept.Select(q => a.Probabilities[q])],
            [.. kept.Select(q => a.Estimates[q])],
            [.. kept.Select(q => b.Estimates[q])],
            lower,
            upper,
            omitted,
            (a.SampleSize, a.Method),
            (b.SampleSize, b.Method),
            resamples,
            confidenceLevel,
            pointwise,
            at);
    }

    /// <summary>The grid indices kept by <see cref="MinimumTailObservations"/> for a smallest group of
    /// <paramref name="smallest"/> values, and the probabilities left out.</summary>
    internal static (List<int> Kept, List<double> Omitted) TailRule(IReadOnlyList<double> probabilities, int smallest)
    {
        var kept = new List<int>();
        var omitted = new List<double>();
        for (var q = 0; q < probabilities.Count; q++)
        {
            var p = probabilities[q];
            if (smallest * Math.Min(p, 1 - p) >= MinimumTailObservations - 1e-9)
            {
                kept.Add(q);
            }
            else
            {
                omitted.Add(p);
            }
        }

        return (kept, omitted);
    }
}

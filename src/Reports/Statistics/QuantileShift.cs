namespace RpcCompare.Reports.Statistics;

/// <summary>
/// A shift function (Doksum 1974; Wilcox 1995): for each probability q, delta(q) = Q_A(q) - Q_B(q) (negative: A is
/// faster at that quantile), with a simultaneous percentile-bootstrap band -- the whole true curve lies inside the
/// band with the stated confidence, so statements over ranges of quantiles are covered together.
/// </summary>
public sealed class QuantileShift
{
    internal QuantileShift(
        IReadOnlyList<double> probabilities,
        IReadOnlyList<double> estimatesA,
        IReadOnlyList<double> estimatesB,
        IReadOnlyList<double> lower,
        IReadOnlyList<double> upper,
        IReadOnlyList<double> omittedProbabilities,
        (int Size, QuantileMethod Method) a,
        (int Size, QuantileMethod Method) b,
        int resamples,
        double confidenceLevel,
        double pointwiseLevel,
        (IReadOnlyList<double> Lower, IReadOnlyList<double> Upper) at,
        TrialBasis? trials = null)
    {
        Probabilities = probabilities;
        EstimatesA = estimatesA;
        EstimatesB = estimatesB;
        Delta = [.. estimatesA.Zip(estimatesB, (x, y) => x - y)];
        Lower = lower;
        Upper = upper;
        OmittedProbabilities = omittedProbabilities;
        SizeA = a.Size;
        SizeB = b.Size;
        MethodA = a.Method;
        MethodB = b.Method;
        Resamples = resamples;
        ConfidenceLevel = confidenceLevel;
        PointwiseLevel = pointwiseLevel;
        LowerAt = at.Lower;
        UpperAt = at.Upper;
        Trials = trials ?? TrialBasis.OneRun;
    }

    public IReadOnlyList<double> Probabilities { get; }
    public IReadOnlyList<double> EstimatesA { get; }
    public IReadOnlyList<double> EstimatesB { get; }

    /// <summary>Q_A(q) - Q_B(q).</summary>
    public IReadOnlyList<double> Delta { get; }

    /// <summary>Lower edge of the simultaneous band.</summary>
    public IReadOnlyList<double> Lower { get; }

    /// <summary>Upper edge of the simultaneous band.</summary>
    public IReadOnlyList<double> Upper { get; }

    /// <summary>Grid probabilities left out because the smaller group has too few values beyond them.</summary>
    public IReadOnlyList<double> OmittedProbabilities { get; }

    public int SizeA { get; }
    public int SizeB { get; }
    public QuantileMethod MethodA { get; }
    public QuantileMethod MethodB { get; }
    public int Resamples { get; }

    /// <summary>The simultaneous level of the band, e.g. 0.95.</summary>
    public double ConfidenceLevel { get; }

    /// <summary>The per-quantile level each point of the band needed for the simultaneous level, e.g. 0.997.</summary>
    public double PointwiseLevel { get; }

    /// <summary>Lower edge of each quantile's own interval at <see cref="ConfidenceLevel"/> (not simultaneous): for a claim
    /// about that quantile alone.</summary>
    public IReadOnlyList<double> LowerAt { get; }

    /// <summary>Upper edge of each quantile's own interval at <see cref="ConfidenceLevel"/>.</summary>
    public IReadOnlyList<double> UpperAt { get; }

    /// <summary>What the band rests on: one run's calls, or trials resampled with their calls.</summary>
    public TrialBasis Trials { get; }

    /// <summary>The same shift resting on <paramref name="trials"/>: how a pooled band is labelled with what it covers.</summary>
    internal QuantileShift With(TrialBasis trials) => new(
        Probabilities, EstimatesA, EstimatesB, Lower, Upper, OmittedProbabilities, (SizeA, MethodA), (SizeB, MethodB), Resamples,
        ConfidenceLevel, PointwiseLevel, (LowerAt, UpperAt), trials);

    /// <summary>-1: A faster (band below zero), +1: A slower (band above zero), 0: the band includes zero.</summary>
    public int Sign(int index) => Upper[index] < 0 ? -1 : Lower[index] > 0 ? 1 : 0;

    /// <summary><see cref="Sign"/> by the quantile's own interval (<see cref="LowerAt"/>, <see cref="UpperAt"/>): the
    /// answer to "is A faster at this quantile", asked of one quantile.</summary>
    public int SignAt(int index) => UpperAt[index] < 0 ? -1 : LowerAt[index] > 0 ? 1 : 0;

    /// <summary>Whether the band excludes zero anywhere, i.e. some difference exceeds the noise.</summary>
    public bool ExcludesZeroSomewhere => Enumerable.Range(0, Probabilities.Count).Any(i => Sign(i) != 0);
}

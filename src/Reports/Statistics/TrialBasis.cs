namespace RpcCompare.Reports.Statistics;

/// <summary>One trial's own difference Q_A(q) - Q_B(q), at each probability of the shift it belongs to.</summary>
public sealed record TrialDifference(int Trial, IReadOnlyList<double> Delta);

/// <summary>
/// What a shift function's band rests on. One trial per group is the bootstrap of one run's calls, which sees only the
/// noise within that run; more trials mean the two-level bootstrap of <see cref="HierarchicalShift"/>, which also sees
/// how much the runs themselves differ.
/// </summary>
public sealed record TrialBasis(int TrialsA, int TrialsB, bool Paired, IReadOnlyList<TrialDifference> Differences, IReadOnlyList<string> LeftOut)
{
    /// <summary>The band of one run's calls per group, as every report had before trials.</summary>
    public static TrialBasis OneRun { get; } = new(1, 1, false, [], []);

    /// <summary>True when either group's band rests on two trials or more.</summary>
    public bool AcrossTrials => TrialsA > 1 || TrialsB > 1;
}

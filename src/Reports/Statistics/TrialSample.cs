namespace RpcCompare.Reports.Statistics;

/// <summary>One trial of one group: its 1-based number and its successful calls, sorted; null when none succeeded.</summary>
public sealed record TrialSample(int Trial, SortedSample? Sample)
{
    /// <summary>Successful calls in the trial (0 without any).</summary>
    public int Count => Sample?.Count ?? 0;
}

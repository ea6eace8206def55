namespace RpcCompare.Reports.Statistics;

/// <summary>One trial of one group: its 1-based number and its successful calls, sorted; null when none succeeded.</summary>
public sealed record TrialSample(int Trial, SortedSample? Sample)
{
    /// <summary>Successful calls in the trial (0 without any).</summary>
    public int Count => Sample?.Count ?? 0;

    /// <summary>What spoiled the trial's window, e.g. "a CPU steal of 12%", when the machine (not the stack) set its level;
    /// null for a clean trial. A comparison over trials leaves such a trial out (<see cref="TrialPlan"/>).</summary>
    public string? SpoiledBy { get; init; }
}

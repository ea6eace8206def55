using RpcCompare.LoadClient.Terminal;

namespace RpcCompare.LoadClient.Runs;

/// <summary>Where a scenario's run goes beside its plan: the results folder, the manifest's record, the database the
/// spawned hosts use (null when every stack is a --target) and the console.</summary>
public sealed record RunContext(ResultsWriter Results, RunRecord Record, string? ConnectionString, RunProgress Progress)
{
    /// <summary>With --trials auto, how long the scenario may take with the trials it adds (<see cref="AddedTrials"/>).</summary>
    public TimeSpan Budget { get; init; }
}

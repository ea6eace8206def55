using RpcCompare.LoadClient.Terminal;

namespace RpcCompare.LoadClient.Runs;

/// <summary>Where a scenario's run goes beside its plan: the results folder, the manifest's record, the database the
/// spawned hosts use (null when every stack is a --target) and the console.</summary>
public sealed record RunContext(ResultsWriter Results, RunRecord Record, string? ConnectionString, RunProgress Progress);

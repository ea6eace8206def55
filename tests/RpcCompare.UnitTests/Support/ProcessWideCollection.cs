namespace RpcCompare.UnitTests.Support;

/// <summary>Tests that read process-wide figures (working set, CPU time): other tests running beside them would move
/// those figures, so they run alone.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ProcessWideCollection
{
    public const string Name = "process-wide measurements";
}

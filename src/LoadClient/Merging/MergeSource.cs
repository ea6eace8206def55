using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>One load client's results folder as merge read it.</summary>
/// <param name="Label">What the merged results and every sentence call it: the folder's name, or the path as given when two
/// of the folders share a name (two machines' runs started in the same second).</param>
internal sealed record MergeSource(string Label, RunResults Results)
{
    public RunManifest Manifest => Results.Manifest;

    public EntryResults Entry(string stack, string variant) =>
        Results.Entries.Single(e => e.Stack == stack && e.Variant == variant);
}

using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>The catalog's stacks as theory data, so a test that runs on every stack picks up a new one by itself.</summary>
public static class StackData
{
    public static TheoryData<string> All => [.. StackCatalog.Ids];

    public static TheoryData<string> Streaming => [.. StackCatalog.All.Where(s => s.Streaming).Select(s => s.Id)];
}

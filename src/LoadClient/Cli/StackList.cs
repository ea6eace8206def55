using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>The --stacks and --target lists, checked against <see cref="StackCatalog"/>.</summary>
public static class StackList
{
    /// <summary>"grpc,rest" -> [grpc, rest], in the order given; unknown or repeated names are refused by name.</summary>
    public static IReadOnlyList<string> Parse(string list)
    {
        var names = list.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(n => n.ToLowerInvariant()).ToList();
        if (names.Count == 0)
        {
            throw new UserFacingException($"--stacks needs at least one of {string.Join(", ", StackCatalog.Ids)}.");
        }
        foreach (var name in names)
        {
            if (StackCatalog.Find(name) is null)
            {
                throw new UserFacingException($"Unknown stack '{name}'; choose from {string.Join(", ", StackCatalog.Ids)}.");
            }
        }
        if (names.Distinct().Count() != names.Count)
        {
            throw new UserFacingException($"--stacks names a stack twice: {list}.");
        }
        return names;
    }
}

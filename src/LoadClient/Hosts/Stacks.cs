using RpcCompare.Definitions;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>The four stacks, by the names used on the command line and in results.</summary>
public static class Stacks
{
    public const string Grpc = ResultsFormat.Stacks.Grpc;
    public const string Wcf = ResultsFormat.Stacks.Wcf;
    public const string Rest = ResultsFormat.Stacks.Rest;
    public const string GraphQl = ResultsFormat.Stacks.GraphQl;

    public static IReadOnlyList<string> All => ResultsFormat.Stacks.All;

    /// <summary>"grpc,rest" -> [grpc, rest], in the order given; unknown or repeated names are refused by name.</summary>
    public static IReadOnlyList<string> Parse(string list)
    {
        var names = list.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(n => n.ToLowerInvariant()).ToList();
        if (names.Count == 0)
        {
            throw new UserFacingException($"--stacks needs at least one of {string.Join(", ", All)}.");
        }
        foreach (var name in names)
        {
            if (!All.Contains(name))
            {
                throw new UserFacingException($"Unknown stack '{name}'; choose from {string.Join(", ", All)}.");
            }
        }
        if (names.Distinct().Count() != names.Count)
        {
            throw new UserFacingException($"--stacks names a stack twice: {list}.");
        }
        return names;
    }

    public static string DisplayName(string stack) => StackCatalog.DisplayName(stack);
}

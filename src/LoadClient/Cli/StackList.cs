using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>The --stacks and --target lists, checked against <see cref="StackCatalog"/>.</summary>
public static class StackList
{
    /// <summary>"grpc,rest" -> [grpc, rest], in the order given; unknown or repeated names are refused by name. With
    /// <paramref name="allowReplicas"/>, "grpc#2" (<see cref="StackReplica"/>) is a second host of gRPC measured as an entry
    /// of its own, named "grpc.replica2" in results; it needs its stack in the list too, so it is always read beside it.</summary>
    public static IReadOnlyList<string> Parse(string list, bool allowReplicas = false)
    {
        var names = list.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(n => n.ToLowerInvariant()).ToList();
        if (names.Count == 0)
        {
            throw new UserFacingException($"--stacks needs at least one of {string.Join(", ", StackCatalog.Ids)}.");
        }
        var ids = names.Select(name => Id(name, allowReplicas)).ToList();
        if (ids.Distinct().Count() != ids.Count)
        {
            throw new UserFacingException($"--stacks names a stack twice: {list}.");
        }
        foreach (var id in ids.Where(StackReplica.IsReplica))
        {
            if (!ids.Contains(StackReplica.BaseOf(id)))
            {
                throw new UserFacingException(
                    $"--stacks names {StackReplica.CommandLineName(id)} but not {StackReplica.BaseOf(id)}: a replica is measured beside its stack " +
                    $"(e.g. --stacks {StackReplica.BaseOf(id)},{StackReplica.CommandLineName(id)}).");
            }
        }
        return ids;
    }

    private static string Id(string name, bool allowReplicas)
    {
        if (StackCatalog.Find(name) is not null)
        {
            return name;
        }
        var replica = StackReplica.FromCommandLine(name, out var error);
        if (replica is not null && !allowReplicas)
        {
            throw new UserFacingException(
                $"'{name}' is a replica entry, which only a run's --stacks takes: here each name is one host of a stack, from {string.Join(", ", StackCatalog.Ids)}.");
        }
        return replica ?? throw new UserFacingException(error ?? $"Unknown stack '{name}'; choose from {string.Join(", ", StackCatalog.Ids)}.");
    }

    /// <summary>"grpc=http://host:7001" per --target; the address must be one the stack's client can use.</summary>
    public static IReadOnlyDictionary<string, string> ParseTargets(IEnumerable<string> targets)
    {
        var map = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var target in targets)
        {
            var parts = target.Split('=', 2);
            if (parts.Length != 2 || parts[1].Length == 0)
            {
                throw new UserFacingException($"--target '{target}' must look like stack=url, e.g. grpc=http://127.0.0.1:7001.");
            }
            var stack = Parse(parts[0]).Single();
            if (!Uri.TryCreate(parts[1], UriKind.Absolute, out var uri))
            {
                throw new UserFacingException($"--target {stack}: '{parts[1]}' is not an absolute URL.");
            }
            var expected = StackCatalog.Get(stack).Scheme;
            // An HTTP stack's host elsewhere may serve TLS (--security tls checks that they agree).
            if (uri.Scheme != expected && !(expected == Uri.UriSchemeHttp && uri.Scheme == Uri.UriSchemeHttps))
            {
                var schemes = expected == Uri.UriSchemeHttp ? "http:// or https://" : $"{expected}://";
                throw new UserFacingException($"--target {stack}: the address must start with {schemes} (was {parts[1]}).");
            }
            if (!map.TryAdd(stack, parts[1]))
            {
                throw new UserFacingException($"--target names {stack} twice.");
            }
        }
        return map;
    }
}

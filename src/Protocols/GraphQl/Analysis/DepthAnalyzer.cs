using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Analysis;

/// <summary>
/// Maximum execution depth (HotChocolate's MaxExecutionDepth rule): the deepest chain of nested fields of each
/// operation, fragments expanded (each fragment measured once), checked before anything executes.
/// </summary>
internal static class DepthAnalyzer
{
    public static IEnumerable<GraphQlError> Check(DocumentNode document, int maxDepth, bool countIntrospection)
    {
        var fragments = new Dictionary<string, FragmentDefinitionNode>(StringComparer.Ordinal);
        foreach (var fragment in document.Fragments)
        {
            fragments.TryAdd(fragment.Name, fragment);
        }

        var memo = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var operation in document.Operations)
        {
            var depth = Depth(operation.SelectionSet);
            if (depth > maxDepth)
            {
                yield return new GraphQlError(
                    $"The GraphQL document has an execution depth of {depth} which exceeds the max allowed execution depth of {maxDepth}.",
                    ErrorCodes.MaxExecutionDepthExceeded)
                {
                    Locations = [operation.Location],
                    Extensions = new Dictionary<string, object?> { ["allowedExecutionDepth"] = maxDepth, ["detectedExecutionDepth"] = depth },
                };
            }
        }

        int Depth(SelectionSetNode selectionSet)
        {
            var max = 0;
            foreach (var selection in selectionSet.Selections)
            {
                var depth = selection switch
                {
                    FieldNode field when !countIntrospection && field.Name.StartsWith("__", StringComparison.Ordinal) => 0,
                    FieldNode field => 1 + (field.SelectionSet is null ? 0 : Depth(field.SelectionSet)),
                    InlineFragmentNode inline => Depth(inline.SelectionSet),
                    FragmentSpreadNode spread => FragmentDepth(spread.Name),
                    _ => 0,
                };
                max = Math.Max(max, depth);
            }

            return max;
        }

        int FragmentDepth(string name)
        {
            if (memo.TryGetValue(name, out var known))
            {
                return known;
            }

            if (!fragments.TryGetValue(name, out var fragment))
            {
                return 0;
            }

            memo[name] = 0; // a cycle (reported by validation) adds nothing
            var depth = Depth(fragment.SelectionSet);
            memo[name] = depth;
            return depth;
        }
    }
}

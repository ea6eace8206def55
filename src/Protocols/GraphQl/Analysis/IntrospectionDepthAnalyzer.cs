using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Analysis;

/// <summary>
/// Bounds what one introspection selection may expand to, so <c>fields { type { fields { type ... } } }</c>
/// cannot multiply the schema size: at most one of fields/inputFields/interfaces/possibleTypes per path and a
/// bounded <c>ofType</c> chain (the standard introspection query needs one and seven).
/// </summary>
internal static class IntrospectionDepthAnalyzer
{
    public const int MaxOfTypeDepth = 16;
    public const int MaxListRecursion = 1;
    private const int MaxVisits = 20_000;

    public static IEnumerable<GraphQlError> Check(DocumentNode document)
    {
        var fragments = new Dictionary<string, FragmentDefinitionNode>(StringComparer.Ordinal);
        foreach (var fragment in document.Fragments)
        {
            fragments.TryAdd(fragment.Name, fragment);
        }

        foreach (var root in FindIntrospectionRoots(document))
        {
            var visits = 0;
            if (root.SelectionSet is not null && !Walk(root.SelectionSet, 0, 0, [], ref visits))
            {
                yield return new GraphQlError("Maximum allowed introspection depth exceeded.", ErrorCodes.MaxIntrospectionDepthExceeded)
                {
                    Locations = [root.Location],
                };
            }
        }

        bool Walk(SelectionSetNode selectionSet, int ofTypeDepth, int listRecursion, HashSet<string> path, ref int visits)
        {
            foreach (var selection in selectionSet.Selections)
            {
                if (++visits > MaxVisits)
                {
                    return false;
                }

                switch (selection)
                {
                    case FieldNode field when field.SelectionSet is not null:
                        var ofType = field.Name == "ofType" ? ofTypeDepth + 1 : ofTypeDepth;
                        var recursion = field.Name is "fields" or "inputFields" or "interfaces" or "possibleTypes" ? listRecursion + 1 : listRecursion;
                        if (ofType > MaxOfTypeDepth || recursion > MaxListRecursion
                            || !Walk(field.SelectionSet, ofType, recursion, path, ref visits))
                        {
                            return false;
                        }

                        break;
                    case InlineFragmentNode inline:
                        if (!Walk(inline.SelectionSet, ofTypeDepth, listRecursion, path, ref visits))
                        {
                            return false;
                        }

                        break;
                    case FragmentSpreadNode spread when fragments.TryGetValue(spread.Name, out var fragment) && path.Add(spread.Name):
                        var ok = Walk(fragment.SelectionSet, ofTypeDepth, listRecursion, path, ref visits);
                        path.Remove(spread.Name);
                        if (!ok)
                        {
                            return false;
                        }

                        break;
                }
            }

            return true;
        }
    }

    private static List<FieldNode> FindIntrospectionRoots(DocumentNode document)
    {
        var roots = new List<FieldNode>();
        foreach (var definition in document.Definitions)
        {
            var selectionSet = definition switch
            {
                OperationDefinitionNode operation => operation.SelectionSet,
                FragmentDefinitionNode fragment => fragment.SelectionSet,
                _ => null,
            };
            if (selectionSet is not null)
            {
                Find(selectionSet, roots);
            }
        }

        return roots;

        static void Find(SelectionSetNode selectionSet, List<FieldNode> roots)
        {
            foreach (var selection in selectionSet.Selections)
            {
                switch (selection)
                {
                    case FieldNode { Name: "__schema" or "__type" } field:
                        roots.Add(field);
                        break;
                    case FieldNode { SelectionSet: not null } field:
                        Find(field.SelectionSet, roots);
                        break;
                    case InlineFragmentNode inline:
                        Find(inline.SelectionSet, roots);
                        break;
                }
            }
        }
    }
}

using GraphQLParser.AST;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// The fragments of a document in an order where each comes after every fragment it spreads, found without recursion, so
/// that a per-fragment measure can be computed once per fragment (memoized) instead of once per spread: a document whose
/// fragments each spread the next twice costs a walk of its text, not two to the power of its fragment count. A spread that
/// closes a cycle is left out of the order's constraints (the spec's NoFragmentCycles rule refuses such documents later);
/// a measure then finds no value for that fragment and counts it as empty.
/// </summary>
public sealed class FragmentGraph
{
    private FragmentGraph(IReadOnlyList<GraphQLFragmentDefinition> dependenciesFirst) => DependenciesFirst = dependenciesFirst;

    /// <summary>Each fragment after every fragment it spreads (cycles broken), each once; duplicate names keep the first.</summary>
    public IReadOnlyList<GraphQLFragmentDefinition> DependenciesFirst { get; }

    public static FragmentGraph Of(GraphQLDocument document, CancellationToken cancellationToken)
    {
        var byName = new Dictionary<string, GraphQLFragmentDefinition>(StringComparer.Ordinal);
        foreach (var definition in document.Definitions)
        {
            if (definition is GraphQLFragmentDefinition fragment)
            {
                byName.TryAdd(fragment.FragmentName.Name.StringValue, fragment);
            }
        }

        var spreads = new Dictionary<GraphQLFragmentDefinition, List<GraphQLFragmentDefinition>>(byName.Count);
        foreach (var fragment in byName.Values)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var targets = new List<GraphQLFragmentDefinition>();
            SelectionWalk.Run(fragment.SelectionSet, 0, (_, depth) => depth, (spread, _) =>
            {
                if (byName.TryGetValue(spread.FragmentName.Name.StringValue, out var target))
                {
                    targets.Add(target);
                }
            });
            spreads[fragment] = targets;
        }

        // Depth-first post-order with an explicit stack: a fragment is emitted once all it spreads are emitted or on the path.
        var order = new List<GraphQLFragmentDefinition>(byName.Count);
        var state = new Dictionary<GraphQLFragmentDefinition, bool>(byName.Count); // false: on the path; true: emitted
        var path = new Stack<(GraphQLFragmentDefinition Fragment, int Next)>();
        foreach (var root in byName.Values)
        {
            if (state.ContainsKey(root))
            {
                continue;
            }
            state[root] = false;
            path.Push((root, 0));
            while (path.Count > 0)
            {
                var (fragment, next) = path.Pop();
                var targets = spreads[fragment];
                if (next < targets.Count)
                {
                    path.Push((fragment, next + 1));
                    var target = targets[next];
                    if (!state.ContainsKey(target))
                    {
                        state[target] = false;
                        path.Push((target, 0));
                    }
                    continue;
                }
                state[fragment] = true;
                order.Add(fragment);
            }
        }
        return new FragmentGraph(order);
    }
}

/// <summary>
/// Walks a selection set without recursion (an explicit stack), carrying one value down each path: a field's value for
/// its children comes from <c>onField</c>, inline fragments pass theirs on unchanged (their fields belong to the enclosing
/// selection set), spreads are handed to <c>onSpread</c> and not followed.
/// </summary>
public static class SelectionWalk
{
    public static void Run<T>(GraphQLSelectionSet root, T rootValue, Func<GraphQLField, T, T> onField,
        Action<GraphQLFragmentSpread, T> onSpread)
    {
        var pending = new Stack<(GraphQLSelectionSet Set, T Value)>();
        pending.Push((root, rootValue));
        while (pending.Count > 0)
        {
            var (set, value) = pending.Pop();
            foreach (var selection in set.Selections)
            {
                switch (selection)
                {
                    case GraphQLField field:
                        var inner = onField(field, value);
                        if (field.SelectionSet is { } children)
                        {
                            pending.Push((children, inner));
                        }
                        break;
                    case GraphQLInlineFragment inline:
                        pending.Push((inline.SelectionSet, value));
                        break;
                    case GraphQLFragmentSpread spread:
                        onSpread(spread, value);
                        break;
                }
            }
        }
    }
}

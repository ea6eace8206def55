using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Validation;

internal sealed partial class DocumentValidator
{
    private void ValidateOperationsAndFragments()
    {
        var operationNames = new HashSet<string>(StringComparer.Ordinal);
        foreach (var operation in _document.Operations)
        {
            if (operation.Name is null)
            {
                if (_document.Operations.Count > 1)
                {
                    Report("This anonymous operation must be the only defined operation.", "Lone-Anonymous-Operation", operation);
                }
            }
            else if (!operationNames.Add(operation.Name))
            {
                Report($"There can be only one operation named {Quote(operation.Name)}.", "Operation-Name-Uniqueness", operation);
            }

            if (operation.Operation == OperationType.Subscription)
            {
                Report("This schema does not support subscriptions.", "Subscription-Operation-Definitions", operation);
            }
            else if (_schema.GetRootType(operation.Operation) is null)
            {
                Report($"This schema is not configured for {operation.Operation.ToString().ToLowerInvariant()} operations.", "Root-Operation-Types", operation);
            }
        }

        foreach (var fragment in _document.Fragments)
        {
            if (!_fragments.TryAdd(fragment.Name, fragment))
            {
                Report($"There can be only one fragment named {Quote(fragment.Name)}.", "Fragment-Name-Uniqueness", fragment);
            }
        }
    }

    private void VisitDefinition(SyntaxNode definition)
    {
        _current = new DefinitionInfo();
        _definitions[definition] = _current;
        switch (definition)
        {
            case OperationDefinitionNode operation:
                var location = operation.Operation switch
                {
                    OperationType.Mutation => DirectiveLocation.Mutation,
                    OperationType.Subscription => DirectiveLocation.Subscription,
                    _ => DirectiveLocation.Query,
                };
                ValidateDirectives(operation.Directives, location);
                foreach (var variable in operation.VariableDefinitions)
                {
                    ValidateDirectives(variable.Directives, DirectiveLocation.VariableDefinition);
                }

                if (_schema.GetRootType(operation.Operation) is { } root)
                {
                    VisitSelectionSet(operation.SelectionSet, root);
                }

                break;
            case FragmentDefinitionNode fragment:
                ValidateDirectives(fragment.Directives, DirectiveLocation.FragmentDefinition);
                if (ValidateTypeCondition(fragment.TypeCondition, $"Fragment {Quote(fragment.Name)}") is { } type)
                {
                    VisitSelectionSet(fragment.SelectionSet, type);
                }

                break;
        }
    }

    /// <summary>Fragment Spread Type Existence and Fragments On Composite Types.</summary>
    private ObjectType? ValidateTypeCondition(NamedTypeNode condition, string owner)
    {
        var type = _schema.GetType(condition.Name);
        if (type is null)
        {
            Report($"Unknown type {Quote(condition.Name)}.", "Fragment-Spread-Type-Existence", condition);
            return null;
        }

        if (type is not ObjectType objectType)
        {
            Report($"{owner} cannot condition on non composite type {Quote(condition.Name)}.", "Fragments-On-Composite-Types", condition);
            return null;
        }

        return objectType;
    }

    /// <summary>Fragment spreads must not form cycles; returns true when a cycle was found.</summary>
    private bool ValidateFragmentCycles()
    {
        var state = new Dictionary<string, int>(StringComparer.Ordinal); // 1 = on the stack, 2 = done
        var found = false;
        var stack = new List<FragmentSpreadNode>();
        foreach (var fragment in _document.Fragments)
        {
            if (!state.ContainsKey(fragment.Name))
            {
                Visit(fragment);
            }
        }

        return found;

        void Visit(FragmentDefinitionNode fragment)
        {
            state[fragment.Name] = 1;
            if (_definitions.TryGetValue(fragment, out var info))
            {
                foreach (var spread in info.Spreads)
                {
                    if (!_fragments.TryGetValue(spread.Name, out var target))
                    {
                        continue;
                    }

                    state.TryGetValue(target.Name, out var targetState);
                    if (targetState == 1)
                    {
                        var start = stack.FindIndex(s => s.Name == target.Name);
                        var via = stack.Skip(start + 1).Select(s => Quote(s.Name)).ToList();
                        Report(
                            $"Cannot spread fragment {Quote(target.Name)} within itself{(via.Count > 0 ? " via " + string.Join(", ", via) : string.Empty)}.",
                            "Fragment-spreads-must-not-form-cycles",
                            spread);
                        found = true;
                    }
                    else if (targetState == 0)
                    {
                        stack.Add(spread);
                        Visit(target);
                        stack.RemoveAt(stack.Count - 1);
                    }
                }
            }

            state[fragment.Name] = 2;
        }
    }

    private void ValidateUnusedFragments()
    {
        var used = new HashSet<string>(StringComparer.Ordinal);
        foreach (var operation in _document.Operations)
        {
            foreach (var name in ReachableFragments(operation))
            {
                used.Add(name);
            }
        }

        foreach (var fragment in _document.Fragments)
        {
            if (!used.Contains(fragment.Name))
            {
                Report($"Fragment {Quote(fragment.Name)} is never used.", "Fragments-Must-Be-Used", fragment);
            }
        }
    }

    /// <summary>Names of all fragments an operation spreads, directly or through other fragments.</summary>
    private HashSet<string> ReachableFragments(OperationDefinitionNode operation)
    {
        var reached = new HashSet<string>(StringComparer.Ordinal);
        var queue = new Queue<SyntaxNode>();
        queue.Enqueue(operation);
        while (queue.Count > 0)
        {
            if (!_definitions.TryGetValue(queue.Dequeue(), out var info))
            {
                continue;
            }

            foreach (var spread in info.Spreads)
            {
                if (reached.Add(spread.Name) && _fragments.TryGetValue(spread.Name, out var fragment))
                {
                    queue.Enqueue(fragment);
                }
            }
        }

        return reached;
    }
}

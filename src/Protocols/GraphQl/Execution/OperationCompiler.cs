using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// Builds a <see cref="CompiledOperation"/>: CollectFields (spec 6.3.2) with fragment expansion and field merging,
/// evaluated once per plan rather than once per parent object.
/// </summary>
internal sealed class OperationCompiler
{
    private readonly Schema _schema;
    private readonly Dictionary<string, FragmentDefinitionNode> _fragments;
    private readonly IReadOnlyDictionary<string, object?> _variables;
    private readonly int _maxFields;
    private int _fieldCount;
    private int _dynamicSlots;

    private OperationCompiler(Schema schema, DocumentNode document, IReadOnlyDictionary<string, object?> variables, int maxFields)
    {
        _schema = schema;
        _variables = variables;
        _maxFields = maxFields;
        _fragments = new Dictionary<string, FragmentDefinitionNode>(StringComparer.Ordinal);
        foreach (var fragment in document.Fragments)
        {
            _fragments.TryAdd(fragment.Name, fragment);
        }
    }

    /// <param name="variables">Only the variables of @skip/@include are read; argument variables stay dynamic.</param>
    public static CompiledOperation Compile(
        Schema schema,
        DocumentNode document,
        OperationDefinitionNode operation,
        ObjectType rootType,
        IReadOnlyDictionary<string, object?> variables,
        int maxFields)
    {
        var compiler = new OperationCompiler(schema, document, variables, maxFields);
        var root = compiler.CompileSelectionSet(rootType, [operation.SelectionSet]);
        return new CompiledOperation(operation, rootType, root, compiler._dynamicSlots);
    }

    private CompiledSelectionSet CompileSelectionSet(ObjectType type, IReadOnlyList<SelectionSetNode> selectionSets)
    {
        var groups = new Dictionary<string, List<FieldNode>>(StringComparer.Ordinal);
        var order = new List<string>();
        var visited = new HashSet<string>(StringComparer.Ordinal);
        foreach (var selectionSet in selectionSets)
        {
            CollectFields(type, selectionSet, groups, order, visited);
        }

        var fields = new CompiledField[order.Count];
        for (var i = 0; i < fields.Length; i++)
        {
            fields[i] = CompileField(type, order[i], groups[order[i]]);
        }

        return new CompiledSelectionSet(type, fields);
    }

    private void CollectFields(
        ObjectType type,
        SelectionSetNode selectionSet,
        Dictionary<string, List<FieldNode>> groups,
        List<string> order,
        HashSet<string> visited)
    {
        foreach (var selection in selectionSet.Selections)
        {
            if (!ShouldInclude(selection.Directives))
            {
                continue;
            }

            switch (selection)
            {
                case FieldNode field:
                    var key = field.ResponseName;
                    if (!groups.TryGetValue(key, out var group))
                    {
                        groups[key] = group = [];
                        order.Add(key);
                    }

                    group.Add(field);
                    break;
                case FragmentSpreadNode spread:
                    if (visited.Add(spread.Name)
                        && _fragments.TryGetValue(spread.Name, out var fragment)
                        && fragment.TypeCondition.Name == type.Name)
                    {
                        CollectFields(type, fragment.SelectionSet, groups, order, visited);
                    }

                    break;
                case InlineFragmentNode inline:
                    if (inline.TypeCondition is null || inline.TypeCondition.Name == type.Name)
                    {
                        CollectFields(type, inline.SelectionSet, groups, order, visited);
                    }

                    break;
            }
        }
    }

    private CompiledField CompileField(ObjectType parent, string responseName, List<FieldNode> nodes)
    {
        if (++_fieldCount > _maxFields)
        {
            throw new GraphQlException(
                $"The operation expands to more than {_maxFields} fields.",
                ErrorCodes.MaxFieldCountExceeded);
        }

        var first = nodes[0];
        var definition = _schema.FindField(parent, first.Name)
            ?? throw new InvalidOperationException($"Field {parent.Name}.{first.Name} passed validation but does not exist.");

        CompiledSelectionSet? selectionSet = null;
        if (definition.Type.Named is ObjectType objectType)
        {
            var subSelections = new List<SelectionSetNode>(nodes.Count);
            foreach (var node in nodes)
            {
                if (node.SelectionSet is not null)
                {
                    subSelections.Add(node.SelectionSet);
                }
            }

            selectionSet = CompileSelectionSet(objectType, subSelections);
        }

        object?[]? staticArguments = null;
        var dynamicSlot = -1;
        if (definition.Arguments.Count == 0)
        {
            staticArguments = [];
        }
        else if (first.Arguments.Any(a => ValueCoercion.ContainsVariables(a.Value)))
        {
            dynamicSlot = _dynamicSlots++;
        }
        else
        {
            try
            {
                staticArguments = ValueCoercion.CoerceArguments(definition, first.Arguments, ValueCoercion.NoVariables);
            }
            catch (GraphQlException)
            {
                // Reported as a field error at execution time, with the field's path.
                dynamicSlot = _dynamicSlots++;
            }
        }

        return new CompiledField(responseName, definition, nodes)
        {
            SelectionSet = selectionSet,
            StaticArguments = staticArguments,
            DynamicSlot = dynamicSlot,
            IsTypeName = ReferenceEquals(definition, _schema.Introspection.TypeName),
            DirectWriter = definition.DirectWriter,
        }.Seal();
    }

    private bool ShouldInclude(IReadOnlyList<DirectiveNode> directives)
    {
        foreach (var directive in directives)
        {
            if (directive.Name is not ("skip" or "include"))
            {
                continue;
            }

            var condition = directive.Arguments.FirstOrDefault(a => a.Name == "if")?.Value;
            var value = condition switch
            {
                BooleanValueNode b => b.Value,
                VariableNode v => _variables.TryGetValue(v.Name, out var x) && x is true,
                _ => false,
            };
            if (directive.Name == "skip" ? value : !value)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The variables read by @skip/@include anywhere in the document: their values select the plan.</summary>
    public static string[] FindConditionVariables(DocumentNode document)
    {
        var names = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var definition in document.Definitions)
        {
            var selectionSet = definition switch
            {
                OperationDefinitionNode o => o.SelectionSet,
                FragmentDefinitionNode f => f.SelectionSet,
                _ => null,
            };
            if (selectionSet is not null)
            {
                Visit(selectionSet, names);
            }
        }

        return [.. names];

        static void Visit(SelectionSetNode set, SortedSet<string> names)
        {
            foreach (var selection in set.Selections)
            {
                foreach (var directive in selection.Directives)
                {
                    if (directive.Name is "skip" or "include")
                    {
                        foreach (var argument in directive.Arguments)
                        {
                            if (argument.Value is VariableNode variable)
                            {
                                names.Add(variable.Name);
                            }
                        }
                    }
                }

                var child = selection switch
                {
                    FieldNode f => f.SelectionSet,
                    InlineFragmentNode i => i.SelectionSet,
                    _ => null,
                };
                if (child is not null)
                {
                    Visit(child, names);
                }
            }
        }
    }
}

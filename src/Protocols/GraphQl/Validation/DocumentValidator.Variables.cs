using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Validation;

internal sealed partial class DocumentValidator
{
    /// <summary>
    /// Variable Uniqueness, Variables Are Input Types, default values, All Variable Uses Defined, All Variables
    /// Used and All Variable Usages Are Allowed, following fragments transitively.
    /// </summary>
    private void ValidateVariables(OperationDefinitionNode operation)
    {
        var defined = new Dictionary<string, (VariableDefinitionNode Node, GraphType? Type)>(StringComparer.Ordinal);
        foreach (var definition in operation.VariableDefinitions)
        {
            var name = definition.Variable.Name;
            if (defined.ContainsKey(name))
            {
                Report($"There can be only one variable named \"${name}\".", "Variable-Uniqueness", defined[name].Node, definition);
                continue;
            }

            GraphType? type = null;
            var named = _schema.GetType(definition.Type.NamedType.Name);
            if (named is null)
            {
                Report($"Unknown type {Quote(definition.Type.NamedType.Name)}.", "Variables-Are-Input-Types", definition.Type);
            }
            else if (!named.IsInputType)
            {
                Report($"Variable \"${name}\" cannot be non-input type {Quote(definition.Type.ToString())}.", "Variables-Are-Input-Types", definition.Type);
            }
            else
            {
                type = _schema.ResolveType(definition.Type);
                if (definition.DefaultValue is not null && type is not null)
                {
                    _current = new DefinitionInfo();
                    ValidateValue(definition.DefaultValue, type, false);
                }
            }

            defined[name] = (definition, type);
        }

        var usages = new List<VariableUsage>();
        if (_definitions.TryGetValue(operation, out var own))
        {
            usages.AddRange(own.VariableUsages);
        }

        foreach (var fragmentName in ReachableFragments(operation))
        {
            if (_fragments.TryGetValue(fragmentName, out var fragment) && _definitions.TryGetValue(fragment, out var info))
            {
                usages.AddRange(info.VariableUsages);
            }
        }

        var used = new HashSet<string>(StringComparer.Ordinal);
        var reportedUndefined = new HashSet<string>(StringComparer.Ordinal);
        foreach (var usage in usages)
        {
            var name = usage.Node.Name;
            used.Add(name);
            if (!defined.TryGetValue(name, out var definition))
            {
                if (reportedUndefined.Add(name))
                {
                    Report(
                        operation.Name is null
                            ? $"Variable \"${name}\" is not defined."
                            : $"Variable \"${name}\" is not defined by operation {Quote(operation.Name)}.",
                        "All-Variable-Uses-Defined",
                        usage.Node,
                        operation);
                }

                continue;
            }

            if (definition.Type is not null && usage.ExpectedType is not null
                && !IsVariableUsageAllowed(definition.Type, definition.Node, usage))
            {
                Report(
                    $"Variable \"${name}\" of type {Quote(definition.Type.ToString())} used in position expecting type {Quote(usage.ExpectedType.ToString())}.",
                    "All-Variable-Usages-Are-Allowed",
                    definition.Node,
                    usage.Node);
            }
        }

        foreach (var (name, definition) in defined)
        {
            if (!used.Contains(name))
            {
                Report(
                    operation.Name is null
                        ? $"Variable \"${name}\" is never used."
                        : $"Variable \"${name}\" is never used in operation {Quote(operation.Name)}.",
                    "All-Variables-Used",
                    definition.Node);
            }
        }
    }

    private static bool IsVariableUsageAllowed(GraphType variableType, VariableDefinitionNode definition, VariableUsage usage)
    {
        var locationType = usage.ExpectedType!;
        if (locationType is NonNullType nonNullLocation && variableType is not NonNullType)
        {
            var hasNonNullDefault = definition.DefaultValue is not null and not NullValueNode;
            if (!hasNonNullDefault && !usage.HasLocationDefault)
            {
                return false;
            }

            return AreTypesCompatible(variableType, nonNullLocation.OfType);
        }

        return AreTypesCompatible(variableType, locationType);
    }

    private static bool AreTypesCompatible(GraphType variableType, GraphType locationType) => (variableType, locationType) switch
    {
        (NonNullType v, NonNullType l) => AreTypesCompatible(v.OfType, l.OfType),
        (_, NonNullType) => false,
        (NonNullType v, _) => AreTypesCompatible(v.OfType, locationType),
        (ListType v, ListType l) => AreTypesCompatible(v.OfType, l.OfType),
        (ListType, _) or (_, ListType) => false,
        _ => ReferenceEquals(variableType, locationType),
    };
}

using System.Collections;
using System.Globalization;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Analysis;

/// <summary>The static cost of an operation: resolver work (field cost) and objects returned (type cost).</summary>
public readonly record struct OperationCost(double FieldCost, double TypeCost);

/// <summary>
/// Cost analysis before execution. Each field adds its weight; a list field multiplies the cost of its selection
/// by its size, taken from a slicing argument (<c>first: 100</c>, the length of <c>ids</c>) or an assumed size.
/// Aliases are counted separately, so alias amplification is priced in; fragments are costed once per analysis.
/// </summary>
internal sealed class CostAnalyzer
{
    private readonly Schema _schema;
    private readonly CostOptions _options;
    private readonly IReadOnlyDictionary<string, object?> _variables;
    private readonly Dictionary<string, FragmentDefinitionNode> _fragments = new(StringComparer.Ordinal);
    private readonly Dictionary<string, OperationCost> _memo = new(StringComparer.Ordinal);

    private CostAnalyzer(Schema schema, DocumentNode document, CostOptions options, IReadOnlyDictionary<string, object?> variables)
    {
        _schema = schema;
        _options = options;
        _variables = variables;
        foreach (var fragment in document.Fragments)
        {
            _fragments.TryAdd(fragment.Name, fragment);
        }
    }

    /// <summary>True when a slicing argument read a variable, so the cost differs between requests.</summary>
    public bool DependsOnVariables { get; private set; }

    public static (OperationCost Cost, bool DependsOnVariables) Analyze(
        Schema schema,
        DocumentNode document,
        OperationDefinitionNode operation,
        ObjectType root,
        CostOptions options,
        IReadOnlyDictionary<string, object?> variables)
    {
        var analyzer = new CostAnalyzer(schema, document, options, variables);
        var cost = analyzer.Cost(operation.SelectionSet, root);
        return (cost, analyzer.DependsOnVariables);
    }

    public static GraphQlError? Check(OperationCost cost, CostOptions options)
    {
        if (cost.FieldCost > options.MaxFieldCost)
        {
            return Error("field", cost.FieldCost, options.MaxFieldCost, cost);
        }

        return cost.TypeCost > options.MaxTypeCost ? Error("type", cost.TypeCost, options.MaxTypeCost, cost) : null;
    }

    private static GraphQlError Error(string kind, double actual, double max, OperationCost cost) =>
        new($"The maximum allowed {kind} cost was exceeded ({actual.ToString("0.##", CultureInfo.InvariantCulture)} > {max.ToString("0.##", CultureInfo.InvariantCulture)}).", ErrorCodes.MaxCostExceeded)
        {
            Extensions = new Dictionary<string, object?>
            {
                ["fieldCost"] = cost.FieldCost,
                ["typeCost"] = cost.TypeCost,
                ["max" + char.ToUpperInvariant(kind[0]) + kind[1..] + "Cost"] = max,
            },
        };

    private OperationCost Cost(SelectionSetNode selectionSet, ObjectType parent)
    {
        double fieldCost = 0, typeCost = 0;
        foreach (var selection in selectionSet.Selections)
        {
            OperationCost part;
            switch (selection)
            {
                case FieldNode field:
                    part = FieldCost(field, parent);
                    break;
                case InlineFragmentNode inline:
                    part = Cost(inline.SelectionSet, parent);
                    break;
                case FragmentSpreadNode spread:
                    part = FragmentCost(spread.Name, parent);
                    break;
                default:
                    continue;
            }

            fieldCost += part.FieldCost;
            typeCost += part.TypeCost;
        }

        return new OperationCost(fieldCost, typeCost);
    }

    private OperationCost FragmentCost(string name, ObjectType parent)
    {
        if (_memo.TryGetValue(name, out var known))
        {
            return known;
        }

        if (!_fragments.TryGetValue(name, out var fragment) || fragment.TypeCondition.Name != parent.Name)
        {
            return default;
        }

        _memo[name] = default; // cycles are validation errors; never recurse forever
        var cost = Cost(fragment.SelectionSet, parent);
        _memo[name] = cost;
        return cost;
    }

    private OperationCost FieldCost(FieldNode node, ObjectType parent)
    {
        if (node.Name is "__schema" or "__type")
        {
            return new OperationCost(_options.IntrospectionCost, 0);
        }

        var field = _schema.FindField(parent, node.Name);
        if (field is null || node.Name == "__typename")
        {
            return default;
        }

        var weight = field.Cost ?? (field.Resolver.IsAsync
            ? _options.DefaultResolverCost
            : field.Resolver.IsPure ? 0 : _options.DefaultSyncResolverCost);
        var multiplier = IsList(field.Type) ? ListSize(field, node) : 1;
        if (field.Type.Named is not ObjectType child)
        {
            return new OperationCost(weight, 0);
        }

        var inner = node.SelectionSet is null ? default : Cost(node.SelectionSet, child);
        return new OperationCost(weight + (multiplier * inner.FieldCost), multiplier * (1 + inner.TypeCost));
    }

    private static bool IsList(GraphType type) => type.Nullable is ListType;

    private double ListSize(FieldDefinition field, FieldNode node)
    {
        var slicing = field.ListSize?.SlicingArguments is { Count: > 0 } explicitNames
            ? explicitNames
            : (IEnumerable<string>)_options.SlicingArgumentNames;
        foreach (var name in slicing)
        {
            var definition = field.GetArgument(name);
            if (definition is null)
            {
                continue;
            }

            var argument = node.Arguments.FirstOrDefault(a => a.Name == name);
            var size = argument is null
                ? SizeOf(definition.HasDefaultValue ? definition.DefaultValue : null)
                : SizeOf(argument.Value);
            if (size is not null)
            {
                return Math.Max(0, size.Value);
            }
        }

        return field.ListSize?.AssumedSize ?? _options.DefaultListSize;
    }

    private double? SizeOf(ValueNode value)
    {
        switch (value)
        {
            case IntValueNode i:
                return double.Parse(i.Value, CultureInfo.InvariantCulture);
            case ListValueNode list:
                return list.Items.Count;
            case VariableNode variable:
                DependsOnVariables = true;
                return _variables.TryGetValue(variable.Name, out var coerced) ? SizeOf(coerced) : null;
            default:
                return null;
        }
    }

    private static double? SizeOf(object? value) => value switch
    {
        int i => i,
        long l => l,
        ICollection collection => collection.Count,
        _ => null,
    };
}

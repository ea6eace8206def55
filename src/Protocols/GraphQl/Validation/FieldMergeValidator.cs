using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Validation;

/// <summary>
/// Field Selection Merging (spec 5.3.2): fields that share a response name in one selection set (fragments
/// included) must be the same field with the same arguments and return the same shape, so the merged result is
/// well defined. Because this engine has no abstract types, parents of same-named fields are always identical.
/// </summary>
internal sealed class FieldMergeValidator
{
    private const string Rule = "Field-Selection-Merging";

    private readonly Schema _schema;
    private readonly IReadOnlyDictionary<string, FragmentDefinitionNode> _fragments;
    private readonly DocumentValidator _validator;
    private readonly HashSet<(FieldNode, FieldNode)> _reported = [];

    private FieldMergeValidator(Schema schema, IReadOnlyDictionary<string, FragmentDefinitionNode> fragments, DocumentValidator validator)
    {
        _schema = schema;
        _fragments = fragments;
        _validator = validator;
    }

    public static void Validate(Schema schema, DocumentNode document, IReadOnlyDictionary<string, FragmentDefinitionNode> fragments, DocumentValidator validator)
    {
        var merger = new FieldMergeValidator(schema, fragments, validator);
        foreach (var operation in document.Operations)
        {
            if (schema.GetRootType(operation.Operation) is { } root)
            {
                merger.VisitSelectionSet(operation.SelectionSet, root);
            }
        }

        foreach (var fragment in document.Fragments)
        {
            if (schema.GetType(fragment.TypeCondition.Name) is ObjectType type)
            {
                merger.VisitSelectionSet(fragment.SelectionSet, type);
            }
        }
    }

    /// <summary>Checks this selection set, then each field's own selection set.</summary>
    private void VisitSelectionSet(SelectionSetNode selectionSet, ObjectType parent)
    {
        CheckGroups(parent, [selectionSet]);
        foreach (var selection in selectionSet.Selections)
        {
            switch (selection)
            {
                case FieldNode { SelectionSet: not null } field
                    when _schema.FindField(parent, field.Name)?.Type.Named is ObjectType child:
                    VisitSelectionSet(field.SelectionSet, child);
                    break;
                case InlineFragmentNode inline:
                    VisitSelectionSet(inline.SelectionSet, parent);
                    break;
            }
        }
    }

    private void CheckGroups(ObjectType parent, IReadOnlyList<SelectionSetNode> selectionSets)
    {
        var groups = new Dictionary<string, List<FieldNode>>(StringComparer.Ordinal);
        var visited = new HashSet<string>(StringComparer.Ordinal);
        foreach (var selectionSet in selectionSets)
        {
            Collect(selectionSet, parent, groups, visited);
        }

        foreach (var (_, fields) in groups)
        {
            if (fields.Count < 2)
            {
                continue;
            }

            var first = fields[0];
            var firstDefinition = _schema.FindField(parent, first.Name);
            var conflict = false;
            for (var i = 1; i < fields.Count; i++)
            {
                var other = fields[i];
                if (ReferenceEquals(first, other))
                {
                    continue;
                }

                string? reason = null;
                if (first.Name != other.Name)
                {
                    reason = $"\"{first.Name}\" and \"{other.Name}\" are different fields";
                }
                else if (!SameArguments(first.Arguments, other.Arguments))
                {
                    reason = "they have differing arguments";
                }

                if (reason is null)
                {
                    continue;
                }

                conflict = true;
                if (_reported.Add((first, other)))
                {
                    _validator.Report(
                        $"Fields \"{first.ResponseName}\" conflict because {reason}. Use different aliases on the fields to fetch both if this was intentional.",
                        Rule,
                        first,
                        other);
                }
            }

            // Same field and arguments: the type is the same, so the merged sub-selections are what remain to check.
            if (!conflict && firstDefinition?.Type.Named is ObjectType child)
            {
                var subSelections = fields.Where(f => f.SelectionSet is not null).Select(f => f.SelectionSet!).ToList();
                if (subSelections.Count > 1)
                {
                    CheckGroups(child, subSelections);
                }
            }
        }
    }

    private void Collect(SelectionSetNode selectionSet, ObjectType parent, Dictionary<string, List<FieldNode>> groups, HashSet<string> visited)
    {
        foreach (var selection in selectionSet.Selections)
        {
            switch (selection)
            {
                case FieldNode field:
                    if (_schema.FindField(parent, field.Name) is null)
                    {
                        continue; // already reported by Field Selections
                    }

                    if (!groups.TryGetValue(field.ResponseName, out var group))
                    {
                        groups[field.ResponseName] = group = [];
                    }

                    group.Add(field);
                    break;
                case FragmentSpreadNode spread:
                    if (visited.Add(spread.Name) && _fragments.TryGetValue(spread.Name, out var fragment)
                        && fragment.TypeCondition.Name == parent.Name)
                    {
                        Collect(fragment.SelectionSet, parent, groups, visited);
                    }

                    break;
                case InlineFragmentNode inline:
                    if (inline.TypeCondition is null || inline.TypeCondition.Name == parent.Name)
                    {
                        Collect(inline.SelectionSet, parent, groups, visited);
                    }

                    break;
            }
        }
    }

    private static bool SameArguments(IReadOnlyList<ArgumentNode> left, IReadOnlyList<ArgumentNode> right)
    {
        if (left.Count != right.Count)
        {
            return false;
        }

        foreach (var argument in left)
        {
            var match = right.FirstOrDefault(r => r.Name == argument.Name);
            if (match is null || ValuePrinter.Print(match.Value) != ValuePrinter.Print(argument.Value))
            {
                return false;
            }
        }

        return true;
    }
}

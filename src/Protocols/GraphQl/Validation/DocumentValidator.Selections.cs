using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Validation;

internal sealed partial class DocumentValidator
{
    private void VisitSelectionSet(SelectionSetNode selectionSet, ObjectType parent)
    {
        foreach (var selection in selectionSet.Selections)
        {
            switch (selection)
            {
                case FieldNode field:
                    ValidateDirectives(field.Directives, DirectiveLocation.Field);
                    VisitField(field, parent);
                    break;
                case FragmentSpreadNode spread:
                    ValidateDirectives(spread.Directives, DirectiveLocation.FragmentSpread);
                    _current.Spreads.Add(spread);
                    if (!_fragments.TryGetValue(spread.Name, out var fragment))
                    {
                        Report($"Unknown fragment {Quote(spread.Name)}.", "Fragment-spread-target-defined", spread);
                    }
                    else if (_schema.GetType(fragment.TypeCondition.Name) is ObjectType condition && !ReferenceEquals(condition, parent))
                    {
                        Report(
                            $"Fragment {Quote(spread.Name)} cannot be spread here as objects of type {Quote(parent.Name)} can never be of type {Quote(condition.Name)}.",
                            "Fragment-spread-is-possible",
                            spread);
                    }

                    break;
                case InlineFragmentNode inline:
                    ValidateDirectives(inline.Directives, DirectiveLocation.InlineFragment);
                    var type = parent;
                    if (inline.TypeCondition is not null)
                    {
                        var condition = ValidateTypeCondition(inline.TypeCondition, "Fragment");
                        if (condition is null)
                        {
                            break;
                        }

                        if (!ReferenceEquals(condition, parent))
                        {
                            Report(
                                $"Fragment cannot be spread here as objects of type {Quote(parent.Name)} can never be of type {Quote(condition.Name)}.",
                                "Fragment-spread-is-possible",
                                inline);
                            break;
                        }

                        type = condition;
                    }

                    VisitSelectionSet(inline.SelectionSet, type);
                    break;
            }
        }
    }

    private void VisitField(FieldNode node, ObjectType parent)
    {
        var field = _schema.FindField(parent, node.Name);
        if (field is null)
        {
            Report($"Cannot query field {Quote(node.Name)} on type {Quote(parent.Name)}.", "Field-Selections", node);
            return;
        }

        if (!_allowIntrospection && node.Name is "__schema" or "__type")
        {
            _errors.Add(new GraphQlError("Introspection is not allowed for the current request.", ErrorCodes.IntrospectionNotAllowed)
            {
                Locations = [node.Location],
            });
        }

        ValidateArguments(node.Arguments, field.Arguments, node, $"field {Quote(parent.Name + "." + node.Name)}", $"Field {Quote(node.Name)}");

        var named = field.Type.Named;
        if (named is LeafType)
        {
            if (node.SelectionSet is not null)
            {
                Report(
                    $"Field {Quote(node.Name)} must not have a selection since type {Quote(field.Type.ToString())} has no subfields.",
                    "Leaf-Field-Selections",
                    node);
            }
        }
        else if (named is ObjectType objectType)
        {
            if (node.SelectionSet is null)
            {
                Report(
                    $"Field {Quote(node.Name)} of type {Quote(field.Type.ToString())} must have a selection of subfields. Did you mean \"{node.Name} {{ ... }}\"?",
                    "Leaf-Field-Selections",
                    node);
            }
            else
            {
                VisitSelectionSet(node.SelectionSet, objectType);
            }
        }
    }

    /// <summary>Argument Names, Argument Uniqueness, Required Arguments and Values of Correct Type.</summary>
    private void ValidateArguments(
        IReadOnlyList<ArgumentNode> arguments,
        IReadOnlyList<InputValueDefinition> definitions,
        SyntaxNode owner,
        string unknownContext,
        string requiredContext)
    {
        for (var i = 0; i < arguments.Count; i++)
        {
            var argument = arguments[i];
            for (var j = 0; j < i; j++)
            {
                if (arguments[j].Name == argument.Name)
                {
                    Report($"There can be only one argument named {Quote(argument.Name)}.", "Argument-Uniqueness", arguments[j], argument);
                    break;
                }
            }

            var definition = definitions.FirstOrDefault(d => d.Name == argument.Name);
            if (definition is null)
            {
                Report($"Unknown argument {Quote(argument.Name)} on {unknownContext}.", "Argument-Names", argument);
                VisitValueWithoutType(argument.Value);
                continue;
            }

            ValidateValue(argument.Value, definition.Type, definition.HasDefaultValue);
        }

        foreach (var definition in definitions)
        {
            if (definition.Type.IsNonNull && !definition.HasDefaultValue
                && !arguments.Any(a => a.Name == definition.Name))
            {
                Report(
                    $"{requiredContext} argument {Quote(definition.Name)} of type {Quote(definition.Type.ToString())} is required, but it was not provided.",
                    "Required-Arguments",
                    owner);
            }
        }
    }

    /// <summary>Directives Are Defined, In Valid Locations, Unique Per Location, and their arguments.</summary>
    private void ValidateDirectives(IReadOnlyList<DirectiveNode> directives, DirectiveLocation location)
    {
        for (var i = 0; i < directives.Count; i++)
        {
            var directive = directives[i];
            var definition = _schema.GetDirective(directive.Name);
            if (definition is null)
            {
                Report($"Unknown directive \"@{directive.Name}\".", "Directives-Are-Defined", directive);
                continue;
            }

            if (!definition.Locations.Contains(location))
            {
                Report($"Directive \"@{directive.Name}\" may not be used on {LocationName(location)}.", "Directives-Are-In-Valid-Locations", directive);
            }

            if (!definition.IsRepeatable)
            {
                for (var j = 0; j < i; j++)
                {
                    if (directives[j].Name == directive.Name)
                    {
                        Report($"The directive \"@{directive.Name}\" can only be used once at this location.", "Directives-Are-Unique-Per-Location", directives[j], directive);
                        break;
                    }
                }
            }

            ValidateArguments(directive.Arguments, definition.Arguments, directive, $"directive \"@{directive.Name}\"", $"Directive \"@{directive.Name}\"");
        }
    }

    private static string LocationName(DirectiveLocation location) => location switch
    {
        DirectiveLocation.FragmentDefinition => "FRAGMENT_DEFINITION",
        DirectiveLocation.FragmentSpread => "FRAGMENT_SPREAD",
        DirectiveLocation.InlineFragment => "INLINE_FRAGMENT",
        DirectiveLocation.VariableDefinition => "VARIABLE_DEFINITION",
        _ => location.ToString().ToUpperInvariant(),
    };
}

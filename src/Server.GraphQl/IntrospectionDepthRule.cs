using GraphQL.Validation;
using GraphQLParser;
using GraphQLParser.AST;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// Refuses a document that nests the list fields of introspection types (fields, inputFields, interfaces, possibleTypes)
/// more than <see cref="MaxDepth"/> deep, fragments followed, as graphql-js's MaxIntrospectionDepthRule does. The standard
/// introspection query nests them once; a document that nests them further asks for the schema many times over in one
/// answer. GraphQL.NET has no such rule (only NoIntrospectionValidationRule), and the complexity analyzer cannot tell the
/// two apart: the standard query and a four-level bomb cost within a factor of five of each other.
/// </summary>
public sealed class IntrospectionDepthRule : ValidationRuleBase
{
    public const int MaxDepth = 3;

    private static readonly HashSet<string> ListFields = ["fields", "inputFields", "interfaces", "possibleTypes"];

    private static readonly MatchingNodeVisitor<GraphQLOperationDefinition> Visitor = new((operation, context) =>
    {
        if (TooDeep(operation.SelectionSet, context.Document, 0, []))
        {
            context.ReportError(new IntrospectionDepthError(context.Document.Source, operation));
        }
    });

    public override ValueTask<INodeVisitor?> GetPreNodeVisitorAsync(ValidationContext context) => new(Visitor);

    private static bool TooDeep(GraphQLSelectionSet selections, GraphQLDocument document, int depth, HashSet<string> fragmentsOnPath)
    {
        foreach (var selection in selections.Selections)
        {
            switch (selection)
            {
                case GraphQLField field:
                    var inner = depth + (ListFields.Contains(field.Name.StringValue) ? 1 : 0);
                    if (inner > MaxDepth || (field.SelectionSet is { } set && TooDeep(set, document, inner, fragmentsOnPath)))
                    {
                        return true;
                    }
                    break;
                case GraphQLInlineFragment inline when TooDeep(inline.SelectionSet, document, depth, fragmentsOnPath):
                    return true;
                case GraphQLFragmentSpread spread:
                    var name = spread.FragmentName.Name.StringValue;
                    // A fragment that spreads itself is refused by the spec's own rule; here it is just not followed twice.
                    if (fragmentsOnPath.Add(name))
                    {
                        var tooDeep = document.FindFragmentDefinition(name) is { } fragment
                            && TooDeep(fragment.SelectionSet, document, depth, fragmentsOnPath);
                        fragmentsOnPath.Remove(name);
                        if (tooDeep)
                        {
                            return true;
                        }
                    }
                    break;
            }
        }
        return false;
    }
}

/// <summary>Code INTROSPECTION_DEPTH.</summary>
public sealed class IntrospectionDepthError(ROM document, ASTNode node)
    : ValidationError(document, null, $"Introspection nests fields, inputFields, interfaces or possibleTypes more than {IntrospectionDepthRule.MaxDepth} deep.", node);

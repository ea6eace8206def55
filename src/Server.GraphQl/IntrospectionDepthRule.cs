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
/// <para>
/// Linear in the document: each fragment's deepest nesting is computed once, after the fragments it spreads
/// (<see cref="FragmentGraph"/>), and selection sets are walked with an explicit stack, so neither a fragment that spreads
/// the next one twice, over and over, nor a long chain of fragments costs more than a walk of the text or any stack depth.
/// A spread that closes a cycle counts as empty here; the spec's NoFragmentCycles rule refuses the document.
/// </para>
/// </summary>
public sealed class IntrospectionDepthRule : ValidationRuleBase
{
    public const int MaxDepth = 3;

    private static readonly HashSet<string> ListFields = ["fields", "inputFields", "interfaces", "possibleTypes"];

    public override ValueTask<INodeVisitor?> GetPreNodeVisitorAsync(ValidationContext context)
    {
        foreach (var operation in TooDeepOperations(context.Document, context.CancellationToken))
        {
            context.ReportError(new IntrospectionDepthError(context.Document.Source, operation));
        }
        return default;
    }

    /// <summary>The operations of the document that nest introspection list fields more than <see cref="MaxDepth"/> deep.</summary>
    public static IEnumerable<GraphQLOperationDefinition> TooDeepOperations(GraphQLDocument document, CancellationToken cancellationToken)
    {
        var deepest = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var fragment in FragmentGraph.Of(document, cancellationToken).DependenciesFirst)
        {
            cancellationToken.ThrowIfCancellationRequested();
            deepest[fragment.FragmentName.Name.StringValue] = Deepest(fragment.SelectionSet, deepest);
        }
        return document.Definitions.OfType<GraphQLOperationDefinition>().Where(o => Deepest(o.SelectionSet, deepest) > MaxDepth).ToList();
    }

    /// <summary>The most introspection list fields on one path through the set, spreads replaced by their fragments' own.</summary>
    private static int Deepest(GraphQLSelectionSet set, Dictionary<string, int> fragments)
    {
        var deepest = 0;
        SelectionWalk.Run(set, 0, (field, above) =>
        {
            var depth = above + (ListFields.Contains(field.Name.StringValue) ? 1 : 0);
            deepest = Math.Max(deepest, depth);
            return depth;
        }, (spread, above) =>
        {
            if (fragments.TryGetValue(spread.FragmentName.Name.StringValue, out var inside))
            {
                // Saturates: a chain of fragments can add up to any depth, but anything past MaxDepth is refused anyway.
                deepest = Math.Max(deepest, Math.Min(above + inside, MaxDepth + 1));
            }
        });
        return Math.Min(deepest, MaxDepth + 1);
    }
}

/// <summary>Code INTROSPECTION_DEPTH.</summary>
public sealed class IntrospectionDepthError(ROM document, ASTNode node)
    : ValidationError(document, null, $"Introspection nests fields, inputFields, interfaces or possibleTypes more than {IntrospectionDepthRule.MaxDepth} deep.", node);

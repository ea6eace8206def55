using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Validation;

/// <summary>
/// The spec's validation rules (October 2021, section 5) for an executable document against a schema. Errors
/// carry <c>extensions.code = VALIDATION_ERROR</c> and <c>extensions.specifiedBy</c> linking the violated rule.
/// </summary>
internal sealed partial class DocumentValidator
{
    private const string SpecUrl = "https://spec.graphql.org/October2021/#sec-";

    private readonly Schema _schema;
    private readonly DocumentNode _document;
    private readonly bool _allowIntrospection;
    private readonly List<GraphQlError> _errors = [];
    private readonly Dictionary<string, FragmentDefinitionNode> _fragments = new(StringComparer.Ordinal);
    private readonly Dictionary<SyntaxNode, DefinitionInfo> _definitions = [];
    private DefinitionInfo _current = null!;

    private DocumentValidator(Schema schema, DocumentNode document, bool allowIntrospection)
    {
        _schema = schema;
        _document = document;
        _allowIntrospection = allowIntrospection;
    }

    public static IReadOnlyList<GraphQlError> Validate(Schema schema, DocumentNode document, bool allowIntrospection = true)
    {
        var validator = new DocumentValidator(schema, document, allowIntrospection);
        validator.Run();
        return validator._errors;
    }

    private void Run()
    {
        ValidateOperationsAndFragments();
        foreach (var definition in _document.Definitions)
        {
            VisitDefinition(definition);
        }

        var hasCycles = ValidateFragmentCycles();
        ValidateUnusedFragments();
        foreach (var operation in _document.Operations)
        {
            ValidateVariables(operation);
        }

        if (!hasCycles)
        {
            FieldMergeValidator.Validate(_schema, _document, _fragments, this);
        }
    }

    /// <summary>Facts gathered while walking one operation or fragment, used by the variable rules.</summary>
    private sealed class DefinitionInfo
    {
        public List<VariableUsage> VariableUsages { get; } = [];

        public List<FragmentSpreadNode> Spreads { get; } = [];
    }

    private readonly record struct VariableUsage(VariableNode Node, GraphType? ExpectedType, bool HasLocationDefault);

    internal void Report(string message, string rule, params SyntaxNode[] nodes)
    {
        _errors.Add(new GraphQlError(message, ErrorCodes.ValidationError)
        {
            Locations = nodes.Select(n => n.Location).ToArray(),
            Extensions = new Dictionary<string, object?> { ["specifiedBy"] = SpecUrl + rule },
        });
    }

    private static string Quote(string name) => $"\"{name}\"";
}

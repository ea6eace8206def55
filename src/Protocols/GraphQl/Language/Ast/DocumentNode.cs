namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>A parsed executable document: operations and fragments in source order.</summary>
public sealed class DocumentNode : SyntaxNode
{
    public DocumentNode(
        IReadOnlyList<SyntaxNode> definitions,
        IReadOnlyList<OperationDefinitionNode> operations,
        IReadOnlyList<FragmentDefinitionNode> fragments,
        int tokenCount)
        : base(new SourceLocation(1, 1))
    {
        Definitions = definitions;
        Operations = operations;
        Fragments = fragments;
        TokenCount = tokenCount;
    }

    public IReadOnlyList<SyntaxNode> Definitions { get; }

    public IReadOnlyList<OperationDefinitionNode> Operations { get; }

    public IReadOnlyList<FragmentDefinitionNode> Fragments { get; }

    /// <summary>How many tokens the lexer produced, useful to see how close a document came to the limit.</summary>
    public int TokenCount { get; }
}

public enum OperationType
{
    Query,
    Mutation,
    Subscription,
}

public sealed class OperationDefinitionNode : SyntaxNode
{
    public OperationDefinitionNode(
        SourceLocation location,
        OperationType operation,
        string? name,
        IReadOnlyList<VariableDefinitionNode> variableDefinitions,
        IReadOnlyList<DirectiveNode> directives,
        SelectionSetNode selectionSet)
        : base(location)
    {
        Operation = operation;
        Name = name;
        VariableDefinitions = variableDefinitions;
        Directives = directives;
        SelectionSet = selectionSet;
    }

    public OperationType Operation { get; }

    public string? Name { get; }

    public IReadOnlyList<VariableDefinitionNode> VariableDefinitions { get; }

    public IReadOnlyList<DirectiveNode> Directives { get; }

    public SelectionSetNode SelectionSet { get; }
}

public sealed class FragmentDefinitionNode : SyntaxNode
{
    public FragmentDefinitionNode(
        SourceLocation location,
        string name,
        NamedTypeNode typeCondition,
        IReadOnlyList<DirectiveNode> directives,
        SelectionSetNode selectionSet)
        : base(location)
    {
        Name = name;
        TypeCondition = typeCondition;
        Directives = directives;
        SelectionSet = selectionSet;
    }

    public string Name { get; }

    public NamedTypeNode TypeCondition { get; }

    public IReadOnlyList<DirectiveNode> Directives { get; }

    public SelectionSetNode SelectionSet { get; }
}

public sealed class VariableDefinitionNode : SyntaxNode
{
    public VariableDefinitionNode(
        SourceLocation location,
        VariableNode variable,
        TypeNode type,
        ValueNode? defaultValue,
        IReadOnlyList<DirectiveNode> directives)
        : base(location)
    {
        Variable = variable;
        Type = type;
        DefaultValue = defaultValue;
        Directives = directives;
    }

    public VariableNode Variable { get; }

    public TypeNode Type { get; }

    public ValueNode? DefaultValue { get; }

    public IReadOnlyList<DirectiveNode> Directives { get; }
}

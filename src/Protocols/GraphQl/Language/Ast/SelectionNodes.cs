namespace RpcCompare.Protocols.GraphQl.Language;

public sealed class SelectionSetNode : SyntaxNode
{
    public SelectionSetNode(SourceLocation location, IReadOnlyList<SelectionNode> selections)
        : base(location) => Selections = selections;

    public IReadOnlyList<SelectionNode> Selections { get; }
}

public abstract class SelectionNode : SyntaxNode
{
    protected SelectionNode(SourceLocation location, IReadOnlyList<DirectiveNode> directives)
        : base(location) => Directives = directives;

    public IReadOnlyList<DirectiveNode> Directives { get; }
}

public sealed class FieldNode : SelectionNode
{
    public FieldNode(
        SourceLocation location,
        string? alias,
        string name,
        IReadOnlyList<ArgumentNode> arguments,
        IReadOnlyList<DirectiveNode> directives,
        SelectionSetNode? selectionSet)
        : base(location, directives)
    {
        Alias = alias;
        Name = name;
        Arguments = arguments;
        SelectionSet = selectionSet;
    }

    public string? Alias { get; }

    public string Name { get; }

    /// <summary>The key of this field in the result map: the alias when there is one, else the name.</summary>
    public string ResponseName => Alias ?? Name;

    public IReadOnlyList<ArgumentNode> Arguments { get; }

    public SelectionSetNode? SelectionSet { get; }
}

public sealed class FragmentSpreadNode : SelectionNode
{
    public FragmentSpreadNode(SourceLocation location, string name, IReadOnlyList<DirectiveNode> directives)
        : base(location, directives) => Name = name;

    public string Name { get; }
}

public sealed class InlineFragmentNode : SelectionNode
{
    public InlineFragmentNode(
        SourceLocation location,
        NamedTypeNode? typeCondition,
        IReadOnlyList<DirectiveNode> directives,
        SelectionSetNode selectionSet)
        : base(location, directives)
    {
        TypeCondition = typeCondition;
        SelectionSet = selectionSet;
    }

    public NamedTypeNode? TypeCondition { get; }

    public SelectionSetNode SelectionSet { get; }
}

public sealed class ArgumentNode : SyntaxNode
{
    public ArgumentNode(SourceLocation location, string name, ValueNode value)
        : base(location)
    {
        Name = name;
        Value = value;
    }

    public string Name { get; }

    public ValueNode Value { get; }
}

public sealed class DirectiveNode : SyntaxNode
{
    public DirectiveNode(SourceLocation location, string name, IReadOnlyList<ArgumentNode> arguments)
        : base(location)
    {
        Name = name;
        Arguments = arguments;
    }

    public string Name { get; }

    public IReadOnlyList<ArgumentNode> Arguments { get; }
}

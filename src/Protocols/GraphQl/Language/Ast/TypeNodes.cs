namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>A type reference as written in a document, e.g. <c>[Long!]!</c>.</summary>
public abstract class TypeNode : SyntaxNode
{
    protected TypeNode(SourceLocation location)
        : base(location)
    {
    }

    /// <summary>The innermost named type.</summary>
    public abstract NamedTypeNode NamedType { get; }

    /// <summary>The type in SDL notation.</summary>
    public abstract override string ToString();
}

public sealed class NamedTypeNode : TypeNode
{
    public NamedTypeNode(SourceLocation location, string name)
        : base(location) => Name = name;

    public string Name { get; }

    public override NamedTypeNode NamedType => this;

    public override string ToString() => Name;
}

public sealed class ListTypeNode : TypeNode
{
    public ListTypeNode(SourceLocation location, TypeNode type)
        : base(location) => Type = type;

    public TypeNode Type { get; }

    public override NamedTypeNode NamedType => Type.NamedType;

    public override string ToString() => $"[{Type}]";
}

public sealed class NonNullTypeNode : TypeNode
{
    public NonNullTypeNode(SourceLocation location, TypeNode type)
        : base(location) => Type = type;

    /// <summary>A named or list type; never another non-null type.</summary>
    public TypeNode Type { get; }

    public override NamedTypeNode NamedType => Type.NamedType;

    public override string ToString() => $"{Type}!";
}

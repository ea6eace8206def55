namespace RpcCompare.Protocols.GraphQl;

/// <summary>The kinds of <c>__Type</c>; interfaces and unions exist for introspection but this engine never creates them.</summary>
public enum TypeKind
{
    Scalar,
    Object,
    Interface,
    Union,
    Enum,
    InputObject,
    List,
    NonNull,
}

/// <summary>
/// A GraphQL type: a named type or a list / non-null wrapper around one. Wrapper instances are plain values,
/// so two <c>[Long!]</c> references may be different objects; compare with <see cref="IsSameAs"/>.
/// </summary>
public abstract class GraphType
{
    private protected GraphType()
    {
    }

    public abstract TypeKind Kind { get; }

    /// <summary>The named type at the core of any wrappers.</summary>
    public abstract NamedType Named { get; }

    public bool IsNonNull => Kind == TypeKind.NonNull;

    /// <summary>The type without an outer non-null wrapper.</summary>
    public GraphType Nullable => this is NonNullType nonNull ? nonNull.OfType : this;

    /// <summary>True for scalars, enums and input objects at the core: types a variable or argument may have.</summary>
    public bool IsInputType => Named.Kind is TypeKind.Scalar or TypeKind.Enum or TypeKind.InputObject;

    /// <summary>True for scalars, enums and objects at the core: types a field may return.</summary>
    public bool IsOutputType => Named.Kind is TypeKind.Scalar or TypeKind.Enum or TypeKind.Object;

    public bool IsSameAs(GraphType other) => (this, other) switch
    {
        (NonNullType a, NonNullType b) => a.OfType.IsSameAs(b.OfType),
        (ListType a, ListType b) => a.OfType.IsSameAs(b.OfType),
        (NamedType a, NamedType b) => ReferenceEquals(a, b),
        _ => false,
    };

    /// <summary>The type in SDL notation, e.g. <c>[Link!]!</c>.</summary>
    public abstract override string ToString();
}

public sealed class ListType : GraphType
{
    public ListType(GraphType ofType) => OfType = ofType ?? throw new ArgumentNullException(nameof(ofType));

    public GraphType OfType { get; }

    public override TypeKind Kind => TypeKind.List;

    public override NamedType Named => OfType.Named;

    public override string ToString() => $"[{OfType}]";
}

public sealed class NonNullType : GraphType
{
    public NonNullType(GraphType ofType)
    {
        ArgumentNullException.ThrowIfNull(ofType);
        if (ofType is NonNullType)
        {
            throw new ArgumentException($"A non-null type cannot wrap another non-null type ({ofType}).", nameof(ofType));
        }

        OfType = ofType;
    }

    public GraphType OfType { get; }

    public override TypeKind Kind => TypeKind.NonNull;

    public override NamedType Named => OfType.Named;

    public override string ToString() => $"{OfType}!";
}

/// <summary>A type with a name in the schema: scalar, enum, object or input object.</summary>
public abstract class NamedType : GraphType
{
    private protected NamedType(string name, string? description)
    {
        NameValidator.EnsureValid(name, "type");
        Name = name;
        Description = description;
    }

    public string Name { get; }

    public string? Description { get; internal set; }

    public override NamedType Named => this;

    /// <summary>True for the <c>__</c>-prefixed types that describe the schema itself.</summary>
    public bool IsIntrospectionType => Name.StartsWith("__", StringComparison.Ordinal);

    public override string ToString() => Name;
}

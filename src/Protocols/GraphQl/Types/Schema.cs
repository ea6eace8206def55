using RpcCompare.Protocols.GraphQl.Introspection;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>An immutable, executable schema. Build one with <see cref="SchemaBuilder"/>.</summary>
public sealed class Schema
{
    private readonly Dictionary<string, NamedType> _types;
    private readonly Dictionary<string, DirectiveDefinition> _directives;

    internal Schema(
        ObjectType queryType,
        ObjectType? mutationType,
        Dictionary<string, NamedType> types,
        IReadOnlyList<DirectiveDefinition> directives,
        string? description,
        IntrospectionFields introspection)
    {
        QueryType = queryType;
        MutationType = mutationType;
        _types = types;
        Directives = directives;
        _directives = directives.ToDictionary(d => d.Name, StringComparer.Ordinal);
        Description = description;
        Introspection = introspection;
    }

    public ObjectType QueryType { get; }

    public ObjectType? MutationType { get; }

    public string? Description { get; }

    /// <summary>Every named type, including built-in scalars and the introspection types.</summary>
    public IReadOnlyDictionary<string, NamedType> Types => _types;

    public IReadOnlyList<DirectiveDefinition> Directives { get; }

    internal IntrospectionFields Introspection { get; }

    public NamedType? GetType(string name) => _types.GetValueOrDefault(name);

    public DirectiveDefinition? GetDirective(string name) => _directives.GetValueOrDefault(name);

    /// <summary>The schema in SDL, deterministic (types sorted by name), without built-in scalars and directives.</summary>
    public string ToSdl() => SchemaPrinter.Print(this);

    internal ObjectType? GetRootType(OperationType operation) => operation switch
    {
        OperationType.Query => QueryType,
        OperationType.Mutation => MutationType,
        _ => null,
    };

    /// <summary>Finds a field including the meta-fields: <c>__typename</c> everywhere, <c>__schema</c>/<c>__type</c> on the query root.</summary>
    internal FieldDefinition? FindField(ObjectType parent, string name)
    {
        if (name.Length > 2 && name[0] == '_' && name[1] == '_')
        {
            switch (name)
            {
                case "__typename":
                    return Introspection.TypeName;
                case "__schema" when ReferenceEquals(parent, QueryType):
                    return Introspection.Schema;
                case "__type" when ReferenceEquals(parent, QueryType):
                    return Introspection.Type;
            }
        }

        return parent.GetField(name);
    }

    /// <summary>Resolves a type reference (from a document or a builder) against this schema's types.</summary>
    internal GraphType? ResolveType(TypeNode node) => node switch
    {
        NonNullTypeNode nonNull => ResolveType(nonNull.Type) is { } inner ? new NonNullType(inner) : null,
        ListTypeNode list => ResolveType(list.Type) is { } item ? new ListType(item) : null,
        NamedTypeNode named => GetType(named.Name),
        _ => null,
    };
}

using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl.Introspection;

/// <summary>The meta-fields: <c>__typename</c> on every object type, <c>__schema</c> and <c>__type(name:)</c> on the query root.</summary>
internal sealed class IntrospectionFields(FieldDefinition schema, FieldDefinition type, FieldDefinition typeName)
{
    public FieldDefinition Schema { get; } = schema;

    public FieldDefinition Type { get; } = type;

    public FieldDefinition TypeName { get; } = typeName;

    public static IntrospectionFields Create(TypeRegistry registry, ObjectType query)
    {
        var schema = new FieldDefinition(
            "__schema",
            registry.Resolve("__Schema!", "__schema"),
            [],
            new ContextResolver<object, Schema>(ctx => ctx.Schema),
            "Access the current type schema of this server.");
        var nameArgument = SchemaBuilder.BuildArgument(new ArgumentConfig("name", typeof(string)), registry, "__type(name:)");
        var type = new FieldDefinition(
            "__type",
            registry.Resolve("__Type", "__type"),
            [nameArgument],
            new ContextResolver<object, GraphType?>(ctx => ctx.Schema.GetType(ctx.Argument<string>("name"))),
            "Request the type information of a single type.");
        var typeName = new FieldDefinition(
            "__typename",
            new NonNullType(Scalars.String),
            [],
            new PropertyResolver<object, string>(_ => string.Empty, memberAccess: false), // never called: the executor writes the type name
            "The name of the current Object type at runtime.");
        schema.DeclaringType = type.DeclaringType = typeName.DeclaringType = query;
        return new IntrospectionFields(schema, type, typeName);
    }
}

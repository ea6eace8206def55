namespace RpcCompare.Protocols.GraphQl.Introspection;

/// <summary>The introspection types (__Schema, __Type, __Field, ...), defined with the same builder as user types.</summary>
internal static class IntrospectionTypes
{
    public static IEnumerable<EnumType> CreateEnums() =>
    [
        new EnumTypeDescriptor<TypeKind>("__TypeKind").Description("An enum describing what kind of type a given `__Type` is.").Build(),
        new EnumTypeDescriptor<DirectiveLocation>("__DirectiveLocation").Description("A Directive can be adjacent to many parts of the GraphQL language.").Build(),
    ];

    public static IEnumerable<SchemaBuilder.ObjectEntry> CreateObjects()
    {
        yield return Create<Schema>("__Schema", t =>
        {
            t.Description("A GraphQL Schema defines the capabilities of a GraphQL server.");
            t.Field("description", s => s.Description).Type("String");
            t.Field("types", s => s.Types.Values.ToList()).Type("[__Type!]!");
            t.Field("queryType", s => (GraphType)s.QueryType).Type("__Type!");
            t.Field("mutationType", s => (GraphType?)s.MutationType).Type("__Type");
            t.Field("subscriptionType", s => (GraphType?)null).Type("__Type");
            t.Field("directives", s => s.Directives).Type("[__Directive!]!");
        });

        yield return Create<GraphType>("__Type", t =>
        {
            t.Field(x => x.Kind).Type("__TypeKind!");
            t.Field("name", x => (x as NamedType)?.Name).Type("String");
            t.Field("description", x => (x as NamedType)?.Description).Type("String");
            t.Field("specifiedByURL", x => (x as ScalarType)?.SpecifiedByUrl).Type("String");
            t.Field("fields")
                .Type("[__Field!]")
                .Argument<bool>("includeDeprecated", a => a.Type("Boolean").DefaultValue(false))
                .Resolve(ctx => ctx.Parent is ObjectType o
                    ? o.Fields.Where(f => ctx.Argument<bool>("includeDeprecated") || !f.IsDeprecated).ToList()
                    : null);
            t.Field("interfaces", x => x is ObjectType ? Array.Empty<GraphType>() : null).Type("[__Type!]");
            t.Field("possibleTypes", x => (GraphType[]?)null).Type("[__Type!]");
            t.Field("enumValues")
                .Type("[__EnumValue!]")
                .Argument<bool>("includeDeprecated", a => a.Type("Boolean").DefaultValue(false))
                .Resolve(ctx => ctx.Parent is EnumType e
                    ? e.Values.Where(v => ctx.Argument<bool>("includeDeprecated") || !v.IsDeprecated).ToList()
                    : null);
            t.Field("inputFields", x => (x as InputObjectType)?.Fields).Type("[__InputValue!]");
            t.Field("ofType", x => x switch
            {
                ListType list => list.OfType,
                NonNullType nonNull => nonNull.OfType,
                _ => null,
            }).Type("__Type");
        });

        yield return Create<FieldDefinition>("__Field", t =>
        {
            t.Field("name", f => f.Name).Type("String!");
            t.Field("description", f => f.Description).Type("String");
            t.Field("args", f => f.Arguments).Type("[__InputValue!]!");
            t.Field("type", f => f.Type).Type("__Type!");
            t.Field(f => f.IsDeprecated).Type("Boolean!");
            t.Field("deprecationReason", f => f.DeprecationReason).Type("String");
        });

        yield return Create<InputValueDefinition>("__InputValue", t =>
        {
            t.Field("name", v => v.Name).Type("String!");
            t.Field("description", v => v.Description).Type("String");
            t.Field("type", v => v.Type).Type("__Type!");
            t.Field("defaultValue", v => v.HasDefaultValue ? ValueFormatter.Print(v.DefaultValue, v.Type) : null).Type("String");
        });

        yield return Create<EnumValueDefinition>("__EnumValue", t =>
        {
            t.Field("name", v => v.Name).Type("String!");
            t.Field("description", v => v.Description).Type("String");
            t.Field(v => v.IsDeprecated).Type("Boolean!");
            t.Field("deprecationReason", v => v.DeprecationReason).Type("String");
        });

        yield return Create<DirectiveDefinition>("__Directive", t =>
        {
            t.Field("name", d => d.Name).Type("String!");
            t.Field("description", d => d.Description).Type("String");
            t.Field("locations", d => d.Locations).Type("[__DirectiveLocation!]!");
            t.Field("args", d => d.Arguments).Type("[__InputValue!]!");
            t.Field(d => d.IsRepeatable).Type("Boolean!");
        });
    }

    private static SchemaBuilder.ObjectEntry Create<T>(string name, Action<ObjectTypeDescriptor<T>> configure)
    {
        var descriptor = new ObjectTypeDescriptor<T>(name);
        configure(descriptor);
        return SchemaBuilder.ObjectEntry.From(descriptor, typeof(T));
    }
}

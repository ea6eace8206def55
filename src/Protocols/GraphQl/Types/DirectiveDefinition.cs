namespace RpcCompare.Protocols.GraphQl;

public enum DirectiveLocation
{
    Query,
    Mutation,
    Subscription,
    Field,
    FragmentDefinition,
    FragmentSpread,
    InlineFragment,
    VariableDefinition,
    Schema,
    Scalar,
    Object,
    FieldDefinition,
    ArgumentDefinition,
    Interface,
    Union,
    Enum,
    EnumValue,
    InputObject,
    InputFieldDefinition,
}

/// <summary>A directive the schema knows. This engine has the four built-in ones.</summary>
public sealed class DirectiveDefinition
{
    internal DirectiveDefinition(string name, string description, IReadOnlyList<DirectiveLocation> locations, IReadOnlyList<InputValueDefinition> arguments)
    {
        Name = name;
        Description = description;
        Locations = locations;
        Arguments = arguments;
    }

    public string Name { get; }

    public string Description { get; }

    public IReadOnlyList<DirectiveLocation> Locations { get; }

    public IReadOnlyList<InputValueDefinition> Arguments { get; }

    public bool IsRepeatable => false;

    public InputValueDefinition? GetArgument(string name) => Arguments.FirstOrDefault(a => a.Name == name);

    internal static IReadOnlyList<DirectiveDefinition> CreateBuiltIns()
    {
        var condition = new NonNullType(Scalars.Boolean);
        return
        [
            new("include", "Directs the executor to include this field or fragment only when the `if` argument is true.",
                [DirectiveLocation.Field, DirectiveLocation.FragmentSpread, DirectiveLocation.InlineFragment],
                [new InputValueDefinition("if", condition, typeof(bool), "Included when true.", false, null)]),
            new("skip", "Directs the executor to skip this field or fragment when the `if` argument is true.",
                [DirectiveLocation.Field, DirectiveLocation.FragmentSpread, DirectiveLocation.InlineFragment],
                [new InputValueDefinition("if", condition, typeof(bool), "Skipped when true.", false, null)]),
            new("deprecated", "Marks an element of a GraphQL schema as no longer supported.",
                [DirectiveLocation.FieldDefinition, DirectiveLocation.EnumValue],
                [new InputValueDefinition("reason", Scalars.String, typeof(string), "Explains why this element was deprecated.", true, "No longer supported")]),
            new("specifiedBy", "Exposes a URL that specifies the behaviour of this scalar.",
                [DirectiveLocation.Scalar],
                [new InputValueDefinition("url", new NonNullType(Scalars.String), typeof(string), "The URL that specifies the behaviour of this scalar.", false, null)]),
        ];
    }
}

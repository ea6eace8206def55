namespace RpcCompare.Protocols.GraphQl;

/// <summary>Configures an enum type over <typeparamref name="TEnum"/>; values default to UPPER_SNAKE_CASE member names.</summary>
public sealed class EnumTypeDescriptor<TEnum>
    where TEnum : struct, Enum
{
    private readonly Dictionary<TEnum, (string? Name, string? Description, string? Deprecation)> _values = [];

    internal EnumTypeDescriptor(string defaultName) => TypeName = defaultName;

    internal string TypeName { get; private set; }

    internal string? TypeDescription { get; private set; }

    public EnumTypeDescriptor<TEnum> Name(string name)
    {
        NameValidator.EnsureValid(name, "type");
        TypeName = name;
        return this;
    }

    public EnumTypeDescriptor<TEnum> Description(string description)
    {
        TypeDescription = description;
        return this;
    }

    public EnumTypeDescriptor<TEnum> Value(TEnum value, string? name = null, string? description = null, string? deprecationReason = null)
    {
        _values[value] = (name, description, deprecationReason);
        return this;
    }

    internal EnumType Build()
    {
        var values = new List<EnumValueDefinition>();
        foreach (var value in Enum.GetValues<TEnum>())
        {
            _values.TryGetValue(value, out var custom);
            values.Add(new EnumValueDefinition(custom.Name ?? ClrTypes.UpperSnakeCase(value.ToString()), value, custom.Description, custom.Deprecation));
        }

        return new ClrEnumType<TEnum>(TypeName, TypeDescription, values);
    }
}

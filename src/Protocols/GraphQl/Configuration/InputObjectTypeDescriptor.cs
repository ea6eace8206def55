namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Configures an input object type over <typeparamref name="T"/>: one field per public property (camelCase),
/// filled through a matching constructor (records) or setters. Defaults come from constructor parameter defaults.
/// </summary>
public sealed class InputObjectTypeDescriptor<T>
{
    internal InputObjectTypeDescriptor(string defaultName) => TypeName = defaultName;

    internal string TypeName { get; private set; }

    internal string? TypeDescription { get; private set; }

    internal HashSet<string> Ignored { get; } = new(StringComparer.Ordinal);

    internal Dictionary<string, string> FieldTypes { get; } = new(StringComparer.Ordinal);

    internal Dictionary<string, string> FieldDescriptions { get; } = new(StringComparer.Ordinal);

    public InputObjectTypeDescriptor<T> Name(string name)
    {
        NameValidator.EnsureValid(name, "type");
        TypeName = name;
        return this;
    }

    public InputObjectTypeDescriptor<T> Description(string description)
    {
        TypeDescription = description;
        return this;
    }

    public InputObjectTypeDescriptor<T> Ignore(string fieldName)
    {
        Ignored.Add(fieldName);
        return this;
    }

    /// <summary>Overrides the inferred GraphQL type of a field, e.g. <c>FieldType("note", "String")</c>.</summary>
    public InputObjectTypeDescriptor<T> FieldType(string fieldName, string typeReference)
    {
        FieldTypes[fieldName] = typeReference;
        return this;
    }

    public InputObjectTypeDescriptor<T> FieldDescription(string fieldName, string description)
    {
        FieldDescriptions[fieldName] = description;
        return this;
    }
}

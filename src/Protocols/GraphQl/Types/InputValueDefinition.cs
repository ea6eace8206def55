using RpcCompare.Protocols.GraphQl.Execution;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>An argument of a field or directive, or a field of an input object.</summary>
public sealed class InputValueDefinition
{
    internal InputValueDefinition(
        string name,
        GraphType type,
        Type clrType,
        string? description,
        bool hasDefaultValue,
        object? defaultValue)
    {
        NameValidator.EnsureValid(name, "argument");
        if (!type.IsInputType)
        {
            throw new InvalidOperationException($"\"{name}\" has type {type}, which is not an input type.");
        }

        Name = name;
        Type = type;
        ClrType = clrType;
        Description = description;
        HasDefaultValue = hasDefaultValue;
        DefaultValue = defaultValue;
        Converter = InputConverter.Create(type, clrType);
    }

    public string Name { get; }

    public GraphType Type { get; }

    /// <summary>The CLR type resolvers receive the value as.</summary>
    public Type ClrType { get; }

    public string? Description { get; }

    public bool HasDefaultValue { get; }

    /// <summary>The default, already of <see cref="ClrType"/>; meaningful when <see cref="HasDefaultValue"/>.</summary>
    public object? DefaultValue { get; }

    internal InputConverter Converter { get; }

    /// <summary>Sets the property behind an input object field; null for arguments and constructor parameters.</summary>
    internal Action<object, object?>? Setter { get; init; }

    /// <summary>The constructor parameter position behind an input object field, or -1.</summary>
    internal int ConstructorIndex { get; init; } = -1;

    /// <summary>Reads the field back from a CLR input object, to print defaults.</summary>
    internal Func<object, object?>? Getter { get; init; }
}

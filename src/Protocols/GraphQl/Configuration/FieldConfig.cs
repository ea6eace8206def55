using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>What a descriptor recorded about a field; turned into a <see cref="FieldDefinition"/> by the builder.</summary>
internal sealed class FieldConfig(string name)
{
    public string Name { get; } = name;

    public string? TypeReference { get; set; }

    public string? Description { get; set; }

    public string? DeprecationReason { get; set; }

    public List<ArgumentConfig> Arguments { get; } = [];

    public FieldResolver? Resolver { get; set; }

    public double? Cost { get; set; }

    public ListSizeDefinition? ListSize { get; set; }
}

internal sealed class ArgumentConfig(string name, Type clrType)
{
    public string Name { get; } = name;

    public Type ClrType { get; } = clrType;

    public string? TypeReference { get; set; }

    public string? Description { get; set; }

    public bool HasDefaultValue { get; set; }

    public object? DefaultValue { get; set; }
}

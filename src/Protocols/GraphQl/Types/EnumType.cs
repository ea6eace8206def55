using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>One value of an enum type; <see cref="Value"/> is the CLR enum member.</summary>
public sealed class EnumValueDefinition
{
    internal EnumValueDefinition(string name, object value, string? description, string? deprecationReason)
    {
        NameValidator.EnsureValid(name, "enum value");
        if (name is "true" or "false" or "null")
        {
            throw new ArgumentException($"\"{name}\" cannot be an enum value name.", nameof(name));
        }

        Name = name;
        Value = value;
        Description = description;
        DeprecationReason = deprecationReason;
        EncodedName = JsonEncodedText.Encode(name);
    }

    public string Name { get; }

    public object Value { get; }

    public string? Description { get; }

    public string? DeprecationReason { get; }

    public bool IsDeprecated => DeprecationReason is not null;

    internal JsonEncodedText EncodedName { get; }
}

/// <summary>An enum type backed by a CLR enum; values are written and read by name.</summary>
public abstract class EnumType : LeafType
{
    private readonly Dictionary<string, EnumValueDefinition> _byName;

    private protected EnumType(string name, string? description, Type clrType, IReadOnlyList<EnumValueDefinition> values)
        : base(name, description)
    {
        ClrType = clrType;
        Values = values;
        _byName = new Dictionary<string, EnumValueDefinition>(StringComparer.Ordinal);
        foreach (var value in values)
        {
            if (!_byName.TryAdd(value.Name, value))
            {
                throw new ArgumentException($"Enum type {name} defines the value {value.Name} twice.", nameof(values));
            }
        }
    }

    public override TypeKind Kind => TypeKind.Enum;

    public Type ClrType { get; }

    public IReadOnlyList<EnumValueDefinition> Values { get; }

    public EnumValueDefinition? GetValue(string name) => _byName.GetValueOrDefault(name);

    private protected abstract EnumValueDefinition? FindByValue(object value);

    public override bool IsSerializable(object value) => FindByValue(value) is not null;

    public override void Write(Utf8JsonWriter writer, object value) =>
        writer.WriteStringValue((FindByValue(value) ?? throw new InvalidOperationException($"{value} is not a value of enum {Name}.")).EncodedName);

    public override bool IsValidLiteral(ValueNode literal) => literal is EnumValueNode e && _byName.ContainsKey(e.Value);

    public override object ParseLiteral(ValueNode literal) =>
        literal is EnumValueNode e && _byName.TryGetValue(e.Value, out var value)
            ? value.Value
            : throw new GraphQlException($"Enum {Name} has no value {literal}.", ErrorCodes.InvalidArgument);

    public override object ParseJson(JsonElement value) =>
        value.ValueKind == JsonValueKind.String && _byName.TryGetValue(value.GetString()!, out var definition)
            ? definition.Value
            : throw new GraphQlException($"Enum {Name} has no value {(value.ValueKind == JsonValueKind.Undefined ? "undefined" : value.GetRawText())}.", ErrorCodes.InvalidArgument);

    public override ValueNode ToLiteral(object value) =>
        new EnumValueNode(default, (FindByValue(value) ?? throw new ArgumentException($"{value} is not a value of enum {Name}.", nameof(value))).Name);
}

internal sealed class ClrEnumType<TEnum> : EnumType, ITypedLeaf<TEnum>
    where TEnum : struct, Enum
{
    private readonly Dictionary<TEnum, EnumValueDefinition> _byValue;

    public ClrEnumType(string name, string? description, IReadOnlyList<EnumValueDefinition> values)
        : base(name, description, typeof(TEnum), values)
    {
        _byValue = values.ToDictionary(v => (TEnum)v.Value);
    }

    public bool RequiresCheck => true;

    public bool CanWrite(TEnum value) => _byValue.ContainsKey(value);

    public void Write(Utf8JsonWriter writer, TEnum value) => writer.WriteStringValue(_byValue[value].EncodedName);

    private protected override EnumValueDefinition? FindByValue(object value) =>
        value is TEnum typed ? _byValue.GetValueOrDefault(typed) : null;
}

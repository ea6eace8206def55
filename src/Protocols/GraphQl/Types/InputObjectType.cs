namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// An input object type bound to a CLR class: values are built through its constructor (parameters matched
/// to fields by name) and then its settable or init-only properties, or kept as a dictionary.
/// </summary>
public sealed class InputObjectType : NamedType
{
    private IReadOnlyList<InputValueDefinition> _fields = [];
    private Dictionary<string, InputValueDefinition> _byName = new(StringComparer.Ordinal);
    private Func<object?[], object>? _constructor;
    private int _constructorArity;

    internal InputObjectType(string name, string? description, Type clrType)
        : base(name, description) => ClrType = clrType;

    public override TypeKind Kind => TypeKind.InputObject;

    public Type ClrType { get; }

    public IReadOnlyList<InputValueDefinition> Fields => _fields;

    public InputValueDefinition? GetField(string name) => _byName.GetValueOrDefault(name);

    internal void SetFields(IReadOnlyList<InputValueDefinition> fields, Func<object?[], object>? constructor, int constructorArity)
    {
        var byName = new Dictionary<string, InputValueDefinition>(StringComparer.Ordinal);
        foreach (var field in fields)
        {
            if (!byName.TryAdd(field.Name, field))
            {
                throw new InvalidOperationException($"Input type {Name} declares the field \"{field.Name}\" twice.");
            }
        }

        _fields = fields;
        _byName = byName;
        _constructor = constructor;
        _constructorArity = constructorArity;
    }

    /// <summary>Builds the CLR value from coerced field values (only the fields that were provided or defaulted).</summary>
    internal object Create(IReadOnlyDictionary<string, object?> values)
    {
        if (_constructor is null)
        {
            return values;
        }

        var arguments = new object?[_constructorArity];
        foreach (var field in _fields)
        {
            if (field.ConstructorIndex >= 0)
            {
                arguments[field.ConstructorIndex] = values.TryGetValue(field.Name, out var value)
                    ? field.Converter.Convert(value)
                    : field.ClrType.IsValueType ? Activator.CreateInstance(field.ClrType) : null;
            }
        }

        var instance = _constructor(arguments);
        foreach (var field in _fields)
        {
            if (field.Setter is not null && values.TryGetValue(field.Name, out var value))
            {
                field.Setter(instance, field.Converter.Convert(value));
            }
        }

        return instance;
    }
}

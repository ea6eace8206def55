namespace RpcCompare.Protocols.GraphQl;

/// <summary>An object type: a set of fields resolved against a CLR parent of type <see cref="ClrType"/>.</summary>
public sealed class ObjectType : NamedType
{
    private IReadOnlyList<FieldDefinition> _fields = [];
    private Dictionary<string, FieldDefinition> _byName = new(StringComparer.Ordinal);

    internal ObjectType(string name, string? description, Type clrType)
        : base(name, description) => ClrType = clrType;

    public override TypeKind Kind => TypeKind.Object;

    public Type ClrType { get; }

    /// <summary>Fields in declaration order (the order the SDL and introspection show).</summary>
    public IReadOnlyList<FieldDefinition> Fields => _fields;

    public FieldDefinition? GetField(string name) => _byName.GetValueOrDefault(name);

    internal void SetFields(IReadOnlyList<FieldDefinition> fields)
    {
        var byName = new Dictionary<string, FieldDefinition>(StringComparer.Ordinal);
        foreach (var field in fields)
        {
            if (!byName.TryAdd(field.Name, field))
            {
                throw new InvalidOperationException($"Type {Name} declares the field \"{field.Name}\" twice.");
            }

            field.DeclaringType = this;
        }

        _fields = fields;
        _byName = byName;
    }
}

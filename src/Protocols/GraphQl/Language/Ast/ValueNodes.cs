namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>A literal value or a variable reference. <see cref="ToString"/> prints it back as GraphQL.</summary>
public abstract class ValueNode : SyntaxNode
{
    protected ValueNode(SourceLocation location)
        : base(location)
    {
    }

    public override string ToString() => ValuePrinter.Print(this);
}

public sealed class VariableNode : ValueNode
{
    public VariableNode(SourceLocation location, string name)
        : base(location) => Name = name;

    public string Name { get; }
}

/// <summary>An integer literal; kept as text so Int, Long and Float can each decide whether it fits.</summary>
public sealed class IntValueNode : ValueNode
{
    public IntValueNode(SourceLocation location, string value)
        : base(location) => Value = value;

    public string Value { get; }
}

public sealed class FloatValueNode : ValueNode
{
    public FloatValueNode(SourceLocation location, string value)
        : base(location) => Value = value;

    public string Value { get; }
}

public sealed class StringValueNode : ValueNode
{
    public StringValueNode(SourceLocation location, string value, bool block)
        : base(location)
    {
        Value = value;
        Block = block;
    }

    /// <summary>The decoded value (escapes resolved, block strings dedented).</summary>
    public string Value { get; }

    public bool Block { get; }
}

public sealed class BooleanValueNode : ValueNode
{
    public BooleanValueNode(SourceLocation location, bool value)
        : base(location) => Value = value;

    public bool Value { get; }
}

public sealed class NullValueNode : ValueNode
{
    public NullValueNode(SourceLocation location)
        : base(location)
    {
    }
}

public sealed class EnumValueNode : ValueNode
{
    public EnumValueNode(SourceLocation location, string value)
        : base(location) => Value = value;

    public string Value { get; }
}

public sealed class ListValueNode : ValueNode
{
    public ListValueNode(SourceLocation location, IReadOnlyList<ValueNode> items)
        : base(location) => Items = items;

    public IReadOnlyList<ValueNode> Items { get; }
}

public sealed class ObjectValueNode : ValueNode
{
    public ObjectValueNode(SourceLocation location, IReadOnlyList<ObjectFieldNode> fields)
        : base(location) => Fields = fields;

    public IReadOnlyList<ObjectFieldNode> Fields { get; }
}

public sealed class ObjectFieldNode : SyntaxNode
{
    public ObjectFieldNode(SourceLocation location, string name, ValueNode value)
        : base(location)
    {
        Name = name;
        Value = value;
    }

    public string Name { get; }

    public ValueNode Value { get; }
}

using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// A scalar or enum: a value with no sub-selection. Output values are checked once when a field completes
/// (<see cref="IsSerializable"/>) so that writing the response can never fail half way.
/// </summary>
public abstract class LeafType : NamedType
{
    private protected LeafType(string name, string? description)
        : base(name, description)
    {
    }

    /// <summary>Whether a resolved CLR value can be written as this type.</summary>
    public abstract bool IsSerializable(object value);

    /// <summary>Writes a value that passed <see cref="IsSerializable"/>.</summary>
    public abstract void Write(Utf8JsonWriter writer, object value);

    /// <summary>Whether a literal (never a variable) is a valid input for this type.</summary>
    public abstract bool IsValidLiteral(ValueNode literal);

    /// <summary>Coerces a literal to its CLR value; throws <see cref="GraphQlException"/> with a reason if invalid.</summary>
    public abstract object ParseLiteral(ValueNode literal);

    /// <summary>Coerces a JSON variable value to its CLR value; throws <see cref="GraphQlException"/> if invalid.</summary>
    public abstract object ParseJson(JsonElement value);

    /// <summary>Prints a CLR value as a literal (default values in the SDL and in introspection).</summary>
    public abstract ValueNode ToLiteral(object value);
}

/// <summary>Writes a leaf of a known CLR type without boxing; used for compiled property fields.</summary>
internal interface ITypedLeaf<in T>
{
    /// <summary>True when some values of <typeparamref name="T"/> cannot be written (e.g. NaN for Float).</summary>
    bool RequiresCheck { get; }

    bool CanWrite(T value);

    void Write(Utf8JsonWriter writer, T value);
}

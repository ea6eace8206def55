using System.Text.Json;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>A scalar type. Derive from <see cref="ScalarType{T}"/> to add a custom scalar.</summary>
public abstract class ScalarType : LeafType
{
    private protected ScalarType(string name, string? description, string? specifiedByUrl)
        : base(name, description) => SpecifiedByUrl = specifiedByUrl;

    public override TypeKind Kind => TypeKind.Scalar;

    /// <summary>The CLR type values of this scalar are coerced to on input.</summary>
    public abstract Type RuntimeType { get; }

    /// <summary>The <c>@specifiedBy(url:)</c> of a custom scalar.</summary>
    public string? SpecifiedByUrl { get; }

    /// <summary>True for Int, Float, String, Boolean and ID, which the SDL printer leaves out.</summary>
    public bool IsBuiltIn => Name is "Int" or "Float" or "String" or "Boolean" or "ID";
}

/// <summary>
/// A scalar whose CLR representation is <typeparamref name="T"/>. Output accepts <typeparamref name="T"/> directly
/// and other CLR types through <see cref="TryConvert"/>; property fields of type <typeparamref name="T"/> are written
/// without boxing.
/// </summary>
public abstract class ScalarType<T> : ScalarType, ITypedLeaf<T>
    where T : notnull
{
    protected ScalarType(string name, string? description = null, string? specifiedByUrl = null)
        : base(name, description, specifiedByUrl)
    {
    }

    public sealed override Type RuntimeType => typeof(T);

    /// <summary>Override (returning true) together with <see cref="CanWrite"/> when some values are unrepresentable.</summary>
    public virtual bool RequiresCheck => false;

    public virtual bool CanWrite(T value) => true;

    public abstract void Write(Utf8JsonWriter writer, T value);

    public sealed override bool IsSerializable(object value) =>
        value is T typed ? CanWrite(typed) : TryConvert(value, out var converted) && CanWrite(converted);

    public sealed override void Write(Utf8JsonWriter writer, object value)
    {
        if (value is T typed || TryConvert(value, out typed))
        {
            Write(writer, typed);
            return;
        }

        throw new InvalidOperationException($"{Name} cannot represent a value of type {value.GetType().Name}.");
    }

    /// <summary>Converts another CLR type to <typeparamref name="T"/> for output (e.g. an int for Long).</summary>
    protected virtual bool TryConvert(object value, out T result)
    {
        result = default!;
        return false;
    }

    protected GraphQlException InvalidInput(string message) => new(message, ErrorCodes.InvalidArgument);

    protected static string Describe(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.String => JsonSerializer.Serialize(value.GetString()),
        JsonValueKind.Undefined => "undefined",
        _ => value.GetRawText(),
    };
}

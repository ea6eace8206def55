using System.Globalization;
using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>The scalars every schema has (Int, Float, String, Boolean, ID) plus the Long and DateTime extensions.</summary>
public static class Scalars
{
    public static IntType Int { get; } = new();

    public static FloatType Float { get; } = new();

    public static StringType String { get; } = new();

    public static BooleanType Boolean { get; } = new();

    public static IdType Id { get; } = new();

    public static LongType Long { get; } = new();

    public static DateTimeType DateTime { get; } = new();
}

/// <summary>32-bit signed integer.</summary>
public sealed class IntType : ScalarType<int>
{
    internal IntType()
        : base("Int", "The `Int` scalar type represents non-fractional signed whole numeric values between -2^31 and 2^31-1.")
    {
    }

    public override void Write(Utf8JsonWriter writer, int value) => writer.WriteNumberValue(value);

    protected override bool TryConvert(object value, out int result)
    {
        switch (value)
        {
            case short s: result = s; return true;
            case byte b: result = b; return true;
            case sbyte sb: result = sb; return true;
            case ushort us: result = us; return true;
            case long l when l is >= int.MinValue and <= int.MaxValue: result = (int)l; return true;
            case uint ui when ui <= int.MaxValue: result = (int)ui; return true;
            default: result = 0; return false;
        }
    }

    public override bool IsValidLiteral(ValueNode literal) =>
        literal is IntValueNode i && int.TryParse(i.Value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out _);

    public override object ParseLiteral(ValueNode literal) =>
        literal is IntValueNode i && int.TryParse(i.Value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value)
            ? value
            : throw InvalidInput($"Int cannot represent the value {literal}: expected a 32-bit integer.");

    public override object ParseJson(JsonElement value) =>
        value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out var result)
            ? result
            : throw InvalidInput($"Int cannot represent the value {Describe(value)}: expected a 32-bit integer.");

    public override ValueNode ToLiteral(object value) =>
        new IntValueNode(default, Convert.ToInt32(value, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture));
}

/// <summary>64-bit signed integer written as a JSON number.</summary>
public sealed class LongType : ScalarType<long>
{
    internal LongType()
        : base("Long", "The `Long` scalar type represents non-fractional signed whole 64-bit numeric values.")
    {
    }

    public override void Write(Utf8JsonWriter writer, long value) => writer.WriteNumberValue(value);

    protected override bool TryConvert(object value, out long result)
    {
        switch (value)
        {
            case int i: result = i; return true;
            case short s: result = s; return true;
            case byte b: result = b; return true;
            case sbyte sb: result = sb; return true;
            case ushort us: result = us; return true;
            case uint ui: result = ui; return true;
            case ulong ul when ul <= long.MaxValue: result = (long)ul; return true;
            default: result = 0; return false;
        }
    }

    public override bool IsValidLiteral(ValueNode literal) =>
        literal is IntValueNode i && long.TryParse(i.Value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out _);

    public override object ParseLiteral(ValueNode literal) =>
        literal is IntValueNode i && long.TryParse(i.Value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value)
            ? value
            : throw InvalidInput($"Long cannot represent the value {literal}: expected a 64-bit integer.");

    public override object ParseJson(JsonElement value) =>
        value.ValueKind == JsonValueKind.Number && value.TryGetInt64(out var result)
            ? result
            : throw InvalidInput($"Long cannot represent the value {Describe(value)}: expected a 64-bit integer.");

    public override ValueNode ToLiteral(object value) =>
        new IntValueNode(default, Convert.ToInt64(value, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture));
}

/// <summary>Double-precision floating point; NaN and infinities cannot be represented.</summary>
public sealed class FloatType : ScalarType<double>
{
    internal FloatType()
        : base("Float", "The `Float` scalar type represents signed double-precision fractional values as specified by IEEE 754.")
    {
    }

    public override bool RequiresCheck => true;

    public override bool CanWrite(double value) => double.IsFinite(value);

    public override void Write(Utf8JsonWriter writer, double value) => writer.WriteNumberValue(value);

    protected override bool TryConvert(object value, out double result)
    {
        switch (value)
        {
            case float f: result = f; return true;
            case decimal d: result = (double)d; return true;
            case int i: result = i; return true;
            case long l: result = l; return true;
            case short s: result = s; return true;
            default: result = 0; return false;
        }
    }

    public override bool IsValidLiteral(ValueNode literal) => literal switch
    {
        IntValueNode i => double.TryParse(i.Value, NumberStyles.Float, CultureInfo.InvariantCulture, out var v) && double.IsFinite(v),
        FloatValueNode f => double.TryParse(f.Value, NumberStyles.Float, CultureInfo.InvariantCulture, out var v) && double.IsFinite(v),
        _ => false,
    };

    public override object ParseLiteral(ValueNode literal)
    {
        var text = literal switch
        {
            IntValueNode i => i.Value,
            FloatValueNode f => f.Value,
            _ => null,
        };
        return text is not null && double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && double.IsFinite(value)
            ? value
            : throw InvalidInput($"Float cannot represent the value {literal}.");
    }

    public override object ParseJson(JsonElement value) =>
        value.ValueKind == JsonValueKind.Number && value.TryGetDouble(out var result) && double.IsFinite(result)
            ? result
            : throw InvalidInput($"Float cannot represent the value {Describe(value)}.");

    public override ValueNode ToLiteral(object value)
    {
        var number = Convert.ToDouble(value, CultureInfo.InvariantCulture);
        var text = number.ToString("R", CultureInfo.InvariantCulture);
        return text.Contains('.', StringComparison.Ordinal) || text.Contains('E', StringComparison.Ordinal)
            ? new FloatValueNode(default, text)
            : new IntValueNode(default, text);
    }
}

/// <summary>UTF-8 text.</summary>
public sealed class StringType : ScalarType<string>
{
    internal StringType()
        : base("String", "The `String` scalar type represents textual data, represented as UTF-8 character sequences.")
    {
    }

    public override void Write(Utf8JsonWriter writer, string value) => writer.WriteStringValue(value);

    protected override bool TryConvert(object value, out string result)
    {
        if (value is char c)
        {
            result = c.ToString();
            return true;
        }

        result = null!;
        return false;
    }

    public override bool IsValidLiteral(ValueNode literal) => literal is StringValueNode;

    public override object ParseLiteral(ValueNode literal) =>
        literal is StringValueNode s ? s.Value : throw InvalidInput($"String cannot represent the value {literal}.");

    public override object ParseJson(JsonElement value) =>
        value.ValueKind == JsonValueKind.String ? value.GetString()! : throw InvalidInput($"String cannot represent the value {Describe(value)}.");

    public override ValueNode ToLiteral(object value) => new StringValueNode(default, (string)value, block: false);
}

public sealed class BooleanType : ScalarType<bool>
{
    internal BooleanType()
        : base("Boolean", "The `Boolean` scalar type represents `true` or `false`.")
    {
    }

    public override void Write(Utf8JsonWriter writer, bool value) => writer.WriteBooleanValue(value);

    public override bool IsValidLiteral(ValueNode literal) => literal is BooleanValueNode;

    public override object ParseLiteral(ValueNode literal) =>
        literal is BooleanValueNode b ? b.Value : throw InvalidInput($"Boolean cannot represent the value {literal}.");

    public override object ParseJson(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.True => true,
        JsonValueKind.False => false,
        _ => throw InvalidInput($"Boolean cannot represent the value {Describe(value)}."),
    };

    public override ValueNode ToLiteral(object value) => new BooleanValueNode(default, (bool)value);
}

/// <summary>An opaque identifier, written as a string; accepts string or integer input.</summary>
public sealed class IdType : ScalarType<string>
{
    internal IdType()
        : base("ID", "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache.")
    {
    }

    public override void Write(Utf8JsonWriter writer, string value) => writer.WriteStringValue(value);

    protected override bool TryConvert(object value, out string result)
    {
        switch (value)
        {
            case int i: result = i.ToString(CultureInfo.InvariantCulture); return true;
            case long l: result = l.ToString(CultureInfo.InvariantCulture); return true;
            case Guid g: result = g.ToString("D"); return true;
            default: result = null!; return false;
        }
    }

    public override bool IsValidLiteral(ValueNode literal) => literal is StringValueNode or IntValueNode;

    public override object ParseLiteral(ValueNode literal) => literal switch
    {
        StringValueNode s => s.Value,
        IntValueNode i => i.Value,
        _ => throw InvalidInput($"ID cannot represent the value {literal}."),
    };

    public override object ParseJson(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.String => value.GetString()!,
        JsonValueKind.Number when value.TryGetInt64(out var number) => number.ToString(CultureInfo.InvariantCulture),
        _ => throw InvalidInput($"ID cannot represent the value {Describe(value)}."),
    };

    public override ValueNode ToLiteral(object value) => new StringValueNode(default, Convert.ToString(value, CultureInfo.InvariantCulture)!, block: false);
}

using System.Globalization;
using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// A point in time as an ISO-8601 UTC string with fractional seconds, written exactly as System.Text.Json
/// writes a UTC <see cref="DateTime"/> (so the REST and GraphQL stacks put the same bytes on the wire).
/// Unspecified kinds (PostgreSQL <c>timestamp</c>) are taken as UTC; input needs an explicit offset or "Z".
/// </summary>
public sealed class DateTimeType : ScalarType<DateTime>
{
    internal DateTimeType()
        : base("DateTime", "A date and time in UTC, as an ISO-8601 string such as 2024-05-01T12:30:00.123456Z.", "https://www.graphql-scalars.com/date-time")
    {
    }

    public override void Write(Utf8JsonWriter writer, DateTime value) => writer.WriteStringValue(ToUtc(value));

    protected override bool TryConvert(object value, out DateTime result)
    {
        if (value is DateTimeOffset offset)
        {
            result = offset.UtcDateTime;
            return true;
        }

        result = default;
        return false;
    }

    public override bool IsValidLiteral(ValueNode literal) => literal is StringValueNode s && TryParse(s.Value, out _);

    public override object ParseLiteral(ValueNode literal) =>
        literal is StringValueNode s && TryParse(s.Value, out var value)
            ? value
            : throw InvalidInput($"DateTime cannot represent the value {literal}: expected an ISO-8601 string with a time zone.");

    public override object ParseJson(JsonElement value) =>
        value.ValueKind == JsonValueKind.String && TryParse(value.GetString()!, out var result)
            ? result
            : throw InvalidInput($"DateTime cannot represent the value {Describe(value)}: expected an ISO-8601 string with a time zone.");

    public override ValueNode ToLiteral(object value)
    {
        var utc = ToUtc(value is DateTimeOffset offset ? offset.UtcDateTime : (DateTime)value);
        return new StringValueNode(default, utc.ToString("yyyy-MM-dd'T'HH:mm:ss.FFFFFFF'Z'", CultureInfo.InvariantCulture), block: false);
    }

    private static DateTime ToUtc(DateTime value) => value.Kind switch
    {
        DateTimeKind.Utc => value,
        DateTimeKind.Local => value.ToUniversalTime(),
        _ => DateTime.SpecifyKind(value, DateTimeKind.Utc),
    };

    private static bool TryParse(string text, out DateTime value)
    {
        // Require a time and an explicit zone so "2024-05-01" is not silently read as midnight local time.
        if (text.Length >= 16 && text[10] is 'T' or 't'
            && (text.EndsWith('Z') || text.EndsWith('z') || text[^6] is '+' or '-')
            && DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.None, out var parsed))
        {
            value = parsed.UtcDateTime;
            return true;
        }

        value = default;
        return false;
    }
}

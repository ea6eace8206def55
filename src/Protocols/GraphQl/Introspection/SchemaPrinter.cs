using System.Text;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Introspection;

/// <summary>
/// Prints a schema as SDL, deterministically: the schema definition, then every type except the built-in scalars
/// and the introspection types, sorted by name; fields in declaration order.
/// </summary>
public static class SchemaPrinter
{
    private const string DefaultDeprecationReason = "No longer supported";

    public static string Print(Schema schema)
    {
        ArgumentNullException.ThrowIfNull(schema);
        var builder = new StringBuilder();
        PrintDescription(builder, schema.Description, string.Empty);
        builder.Append("schema {\n  query: ").Append(schema.QueryType.Name).Append('\n');
        if (schema.MutationType is not null)
        {
            builder.Append("  mutation: ").Append(schema.MutationType.Name).Append('\n');
        }

        builder.Append("}\n");
        var types = schema.Types.Values
            .Where(t => !t.IsIntrospectionType && t is not ScalarType { IsBuiltIn: true })
            .OrderBy(t => t.Name, StringComparer.Ordinal);
        foreach (var type in types)
        {
            builder.Append('\n');
            PrintDescription(builder, type.Description, string.Empty);
            switch (type)
            {
                case ScalarType scalar:
                    builder.Append("scalar ").Append(scalar.Name);
                    if (scalar.SpecifiedByUrl is not null)
                    {
                        builder.Append(" @specifiedBy(url: ");
                        ValuePrinter.AppendQuoted(builder, scalar.SpecifiedByUrl);
                        builder.Append(')');
                    }

                    builder.Append('\n');
                    break;
                case EnumType enumType:
                    builder.Append("enum ").Append(enumType.Name).Append(" {\n");
                    foreach (var value in enumType.Values)
                    {
                        PrintDescription(builder, value.Description, "  ");
                        builder.Append("  ").Append(value.Name);
                        PrintDeprecated(builder, value.DeprecationReason);
                        builder.Append('\n');
                    }

                    builder.Append("}\n");
                    break;
                case InputObjectType input:
                    builder.Append("input ").Append(input.Name).Append(" {\n");
                    foreach (var field in input.Fields)
                    {
                        PrintDescription(builder, field.Description, "  ");
                        builder.Append("  ");
                        PrintInputValue(builder, field);
                        builder.Append('\n');
                    }

                    builder.Append("}\n");
                    break;
                case ObjectType objectType:
                    builder.Append("type ").Append(objectType.Name).Append(" {\n");
                    foreach (var field in objectType.Fields)
                    {
                        PrintField(builder, field);
                    }

                    builder.Append("}\n");
                    break;
            }
        }

        return builder.ToString();
    }

    private static void PrintField(StringBuilder builder, FieldDefinition field)
    {
        PrintDescription(builder, field.Description, "  ");
        builder.Append("  ").Append(field.Name);
        if (field.Arguments.Count > 0)
        {
            var multiline = field.Arguments.Any(a => a.Description is not null);
            builder.Append('(');
            for (var i = 0; i < field.Arguments.Count; i++)
            {
                if (multiline)
                {
                    builder.Append("\n");
                    PrintDescription(builder, field.Arguments[i].Description, "    ");
                    builder.Append("    ");
                }
                else if (i > 0)
                {
                    builder.Append(", ");
                }

                PrintInputValue(builder, field.Arguments[i]);
            }

            builder.Append(multiline ? "\n  )" : ")");
        }

        builder.Append(": ").Append(field.Type);
        PrintDeprecated(builder, field.DeprecationReason);
        builder.Append('\n');
    }

    private static void PrintInputValue(StringBuilder builder, InputValueDefinition value)
    {
        builder.Append(value.Name).Append(": ").Append(value.Type);
        if (value.HasDefaultValue)
        {
            builder.Append(" = ").Append(ValueFormatter.Print(value.DefaultValue, value.Type));
        }
    }

    private static void PrintDeprecated(StringBuilder builder, string? reason)
    {
        if (reason is null)
        {
            return;
        }

        builder.Append(" @deprecated");
        if (reason != DefaultDeprecationReason)
        {
            builder.Append("(reason: ");
            ValuePrinter.AppendQuoted(builder, reason);
            builder.Append(')');
        }
    }

    private static void PrintDescription(StringBuilder builder, string? description, string indent)
    {
        if (string.IsNullOrEmpty(description))
        {
            return;
        }

        if (!description.Contains('\n', StringComparison.Ordinal) && description.Length <= 70)
        {
            builder.Append(indent);
            ValuePrinter.AppendQuoted(builder, description);
            builder.Append('\n');
            return;
        }

        builder.Append(indent).Append("\"\"\"\n");
        foreach (var line in description.Replace("\"\"\"", "\\\"\"\"", StringComparison.Ordinal).Split('\n'))
        {
            builder.Append(line.Length == 0 ? string.Empty : indent).Append(line).Append('\n');
        }

        builder.Append(indent).Append("\"\"\"\n");
    }
}

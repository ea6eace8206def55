using System.Text;

namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>Prints value literals back as GraphQL, for error messages, introspection defaults and the SDL.</summary>
public static class ValuePrinter
{
    public static string Print(ValueNode value)
    {
        var builder = new StringBuilder();
        Append(builder, value);
        return builder.ToString();
    }

    /// <summary>Writes a string as a GraphQL (and JSON-compatible) quoted string literal.</summary>
    public static void AppendQuoted(StringBuilder builder, string value)
    {
        builder.Append('"');
        foreach (var c in value)
        {
            switch (c)
            {
                case '"': builder.Append("\\\""); break;
                case '\\': builder.Append("\\\\"); break;
                case '\n': builder.Append("\\n"); break;
                case '\r': builder.Append("\\r"); break;
                case '\t': builder.Append("\\t"); break;
                case '\b': builder.Append("\\b"); break;
                case '\f': builder.Append("\\f"); break;
                default:
                    if (c < 0x20)
                    {
                        builder.Append("\\u").Append(((int)c).ToString("X4"));
                    }
                    else
                    {
                        builder.Append(c);
                    }

                    break;
            }
        }

        builder.Append('"');
    }

    private static void Append(StringBuilder builder, ValueNode value)
    {
        switch (value)
        {
            case VariableNode v: builder.Append('$').Append(v.Name); break;
            case IntValueNode i: builder.Append(i.Value); break;
            case FloatValueNode f: builder.Append(f.Value); break;
            case StringValueNode s: AppendQuoted(builder, s.Value); break;
            case BooleanValueNode b: builder.Append(b.Value ? "true" : "false"); break;
            case NullValueNode: builder.Append("null"); break;
            case EnumValueNode e: builder.Append(e.Value); break;
            case ListValueNode list:
                builder.Append('[');
                for (var i = 0; i < list.Items.Count; i++)
                {
                    if (i > 0)
                    {
                        builder.Append(", ");
                    }

                    Append(builder, list.Items[i]);
                }

                builder.Append(']');
                break;
            case ObjectValueNode obj:
                builder.Append('{');
                for (var i = 0; i < obj.Fields.Count; i++)
                {
                    builder.Append(i > 0 ? ", " : string.Empty).Append(obj.Fields[i].Name).Append(": ");
                    Append(builder, obj.Fields[i].Value);
                }

                builder.Append('}');
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(value), value.GetType().Name, "Unknown value node.");
        }
    }
}

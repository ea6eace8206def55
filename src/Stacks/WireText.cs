using System.Globalization;
using System.Text;

namespace RpcCompare.Stacks;

/// <summary>
/// Text that came off the wire (a via, a content type, a peer's fault, names from an envelope, a server's error message)
/// made safe to put in a log line, an exception message or a terminal: a peer must not be able to forge log lines with
/// CR/LF, move a terminal's cursor with escapes or hide text with bidirectional overrides.
/// </summary>
public static class WireText
{
    /// <summary>What <see cref="Printable"/> keeps of a longer text.</summary>
    public const int MaxLength = 1_000;

    /// <summary>
    /// The text with every control character (C0, DEL, C1), line or paragraph separator and bidirectional formatting
    /// character written as a \uXXXX escape; other text unchanged. Escaping twice changes nothing more.
    /// </summary>
    public static string Escape(string? value)
    {
        if (value is null)
        {
            return string.Empty;
        }
        var first = IndexOfUnsafe(value);
        return first < 0 ? value : AppendEscaped(new StringBuilder(value.Length + 16).Append(value, 0, first), value.AsSpan(first)).ToString();
    }

    /// <summary><see cref="Escape"/>, and cut at <see cref="MaxLength"/> characters with a note saying so.</summary>
    public static string Printable(string? value)
    {
        var escaped = Escape(value);
        return escaped.Length <= MaxLength
            ? escaped
            : string.Concat(escaped.AsSpan(0, MaxLength), $"… (cut at {MaxLength.ToString(CultureInfo.InvariantCulture)} characters)");
    }

    private static int IndexOfUnsafe(string value)
    {
        for (var i = 0; i < value.Length; i++)
        {
            if (IsUnsafe(value[i]))
            {
                return i;
            }
        }
        return -1;
    }

    private static StringBuilder AppendEscaped(StringBuilder escaped, ReadOnlySpan<char> rest)
    {
        foreach (var c in rest)
        {
            if (IsUnsafe(c))
            {
                escaped.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
            }
            else
            {
                escaped.Append(c);
            }
        }
        return escaped;
    }

    private static bool IsUnsafe(char c) =>
        char.IsControl(c)
        || c is '\u2028' or '\u2029'
        || c is >= '\u202A' and <= '\u202E'
        || c is >= '\u2066' and <= '\u2069'
        || c is '\u200E' or '\u200F' or '\u061C';
}

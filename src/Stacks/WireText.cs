using System.Text;

namespace RpcCompare.Definitions;

/// <summary>
/// Text that came off the wire (an error message, a via, a content type) made safe to print: control characters, which
/// could move a terminal's cursor or forge a log line, become \uXXXX escapes, and the length is bounded.
/// </summary>
public static class WireText
{
    public const int MaxLength = 1_000;

    public static string Printable(string? text)
    {
        if (string.IsNullOrEmpty(text))
        {
            return text ?? "";
        }
        var clean = !text.Any(char.IsControl);
        if (clean && text.Length <= MaxLength)
        {
            return text;
        }
        var printable = new StringBuilder(Math.Min(text.Length, MaxLength) + 16);
        foreach (var c in text)
        {
            if (printable.Length >= MaxLength)
            {
                return printable.Append("… (cut at ").Append(MaxLength).Append(" characters)").ToString();
            }
            if (char.IsControl(c))
            {
                printable.Append("\\u").Append(((int)c).ToString("x4", System.Globalization.CultureInfo.InvariantCulture));
            }
            else
            {
                printable.Append(c);
            }
        }
        return printable.ToString();
    }
}

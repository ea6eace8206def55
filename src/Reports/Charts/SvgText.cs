using System.Globalization;

namespace RpcCompare.Reports.Charts;

/// <summary>Fixed, culture-free text for SVG: coordinates with at most two decimals, escaped strings, text widths.</summary>
internal static class SvgText
{
    public const string FontFamily = "DejaVu Sans, Verdana, Arial, sans-serif";

    /// <summary>A coordinate: two decimals at most, no trailing zeros, never "-0".</summary>
    public static string N(double value)
    {
        var text = Math.Round(value, 2).ToString("0.##", CultureInfo.InvariantCulture);
        return text == "-0" ? "0" : text;
    }

    public static string Escape(string text) => text
        .Replace("&", "&amp;", StringComparison.Ordinal)
        .Replace("<", "&lt;", StringComparison.Ordinal)
        .Replace(">", "&gt;", StringComparison.Ordinal)
        .Replace("\"", "&quot;", StringComparison.Ordinal)
        .Replace("'", "&#39;", StringComparison.Ordinal);

    /// <summary>
    /// An estimate of the rendered width of <paramref name="text"/> in DejaVu Sans (the font the CI installs), for
    /// layout only: legends and margins are given room without measuring fonts, so output stays deterministic.
    /// </summary>
    public static double Width(string text, double fontSize, bool bold = false)
    {
        var em = 0.0;
        foreach (var c in text)
        {
            em += c switch
            {
                'i' or 'l' or 'j' or '.' or ',' or ':' or ';' or '\'' or '|' or '!' => 0.3,
                ' ' or 'f' or 't' or 'r' or '(' or ')' or '[' or ']' or '-' => 0.38,
                'm' or 'w' or 'M' or 'W' or '%' => 0.9,
                >= 'A' and <= 'Z' => 0.7,
                _ => 0.6,
            };
        }

        return em * fontSize * (bold ? 1.08 : 1.0);
    }
}

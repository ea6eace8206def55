using static RpcCompare.Reports.Charts.SvgText;

namespace RpcCompare.Reports.Charts;

/// <summary>A legend entry: a line swatch (with its dash) or a filled box.</summary>
internal sealed record LegendItem(string Label, string Color, bool Box, string? Dash = null, double Opacity = 1);

/// <summary>The parts every chart shares: the SVG root, white background, title, subtitle, legend and notes.</summary>
internal static class ChartFrame
{
    public const double Width = 800;
    public const double Height = 450;
    private const double Margin = 16;

    /// <summary>Writes the header and returns the y where the plot area may start.</summary>
    public static double Header(SvgBuilder svg, string id, string title, string? subtitle, IReadOnlyList<LegendItem> legend)
    {
        svg.Raw($"<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"{Escape(id)}\" viewBox=\"0 0 {N(Width)} {N(Height)}\" " +
                $"width=\"{N(Width)}\" height=\"{N(Height)}\" font-family=\"{FontFamily}\" role=\"img\" aria-labelledby=\"{Escape(id)}-title\">\n");
        svg.Raw($"<title id=\"{Escape(id)}-title\">{Escape(title)}</title>\n");
        svg.Rect(0, 0, Width, Height, "#ffffff");
        svg.Text(Margin, 26, Fit(title, 17, Width - (2 * Margin), bold: true), 17, fill: "#111111", bold: true);
        var y = 34.0;
        if (!string.IsNullOrEmpty(subtitle))
        {
            svg.Text(Margin, 50, Fit(subtitle, 12, Width - (2 * Margin)), 12, fill: "#555555");
            y = 56;
        }

        if (legend.Count == 0)
        {
            return y + 10;
        }

        // Legend items flow left to right and wrap; widths are estimates (SvgText.Width).
        var x = Margin;
        var row = y + 16;
        foreach (var item in legend)
        {
            var label = Fit(item.Label, 12, 300);
            var width = 26 + SvgText.Width(label, 12) + 18;
            if (x + width > Width - Margin && x > Margin)
            {
                x = Margin;
                row += 18;
            }

            if (item.Box)
            {
                svg.Rect(x, row - 9, 18, 10, item.Color, Math.Max(item.Opacity, 0.35), item.Color, item.Dash is null ? null : $"stroke-dasharray=\"{item.Dash}\" stroke-width=\"1.5\"");
            }
            else
            {
                svg.Line(x, row - 4, x + 18, row - 4, item.Color, 2.5, item.Dash);
            }

            svg.Text(x + 24, row, label, 12, fill: "#222222");
            x += width;
        }

        return row + 12;
    }

    public static void Notes(SvgBuilder svg, IReadOnlyList<string> notes, double right, double top)
    {
        for (var i = 0; i < notes.Count; i++)
        {
            svg.Text(right - 6, top + 14 + (i * 14), Fit(notes[i], 11, 420), 11, "end", "#666666", italic: true);
        }
    }

    public static string Close(SvgBuilder svg) => svg.Raw("</svg>\n").ToString();

    /// <summary>Shortens text with an ellipsis so that it fits the estimated width.</summary>
    public static string Fit(string text, double size, double width, bool bold = false)
    {
        if (SvgText.Width(text, size, bold) <= width)
        {
            return text;
        }

        var cut = text.Length;
        while (cut > 1 && SvgText.Width(text[..cut] + "\u2026", size, bold) > width)
        {
            cut--;
        }

        return text[..cut] + "\u2026";
    }
}

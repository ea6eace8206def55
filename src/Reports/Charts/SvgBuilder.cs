using System.Text;
using static RpcCompare.Reports.Charts.SvgText;

namespace RpcCompare.Reports.Charts;

/// <summary>Writes SVG elements with presentation attributes only (no style attributes, which a strict CSP blocks).</summary>
internal sealed class SvgBuilder
{
    private readonly StringBuilder _text = new();

    public SvgBuilder Raw(string text)
    {
        _text.Append(text);
        return this;
    }

    public SvgBuilder Line(double x1, double y1, double x2, double y2, string stroke, double width = 1, string? dash = null)
    {
        _text.Append($"<line x1=\"{N(x1)}\" y1=\"{N(y1)}\" x2=\"{N(x2)}\" y2=\"{N(y2)}\" stroke=\"{stroke}\" stroke-width=\"{N(width)}\"");
        if (dash is not null)
        {
            _text.Append($" stroke-dasharray=\"{dash}\"");
        }

        _text.Append("/>\n");
        return this;
    }

    public SvgBuilder Rect(double x, double y, double width, double height, string fill, double opacity = 1, string? stroke = null, string? extra = null)
    {
        _text.Append($"<rect x=\"{N(x)}\" y=\"{N(y)}\" width=\"{N(Math.Max(0, width))}\" height=\"{N(Math.Max(0, height))}\" fill=\"{fill}\"");
        if (opacity < 1)
        {
            _text.Append($" fill-opacity=\"{N(opacity)}\"");
        }

        if (stroke is not null)
        {
            _text.Append($" stroke=\"{stroke}\"");
        }

        if (extra is not null)
        {
            _text.Append(' ').Append(extra);
        }

        _text.Append("/>\n");
        return this;
    }

    public SvgBuilder Text(
        double x, double y, string text, double size = 12, string anchor = "start", string fill = "#333333",
        bool bold = false, bool italic = false, double? rotate = null, string? cssClass = null)
    {
        _text.Append($"<text x=\"{N(x)}\" y=\"{N(y)}\" font-size=\"{N(size)}\" fill=\"{fill}\"");
        if (anchor != "start")
        {
            _text.Append($" text-anchor=\"{anchor}\"");
        }

        if (bold)
        {
            _text.Append(" font-weight=\"bold\"");
        }

        if (italic)
        {
            _text.Append(" font-style=\"italic\"");
        }

        if (rotate is { } angle)
        {
            _text.Append($" transform=\"rotate({N(angle)} {N(x)} {N(y)})\"");
        }

        if (cssClass is not null)
        {
            _text.Append($" class=\"{cssClass}\"");
        }

        _text.Append('>').Append(Escape(text)).Append("</text>\n");
        return this;
    }

    public SvgBuilder Path(string data, string? stroke, double width = 0, string fill = "none", double fillOpacity = 1, string? dash = null, string? extra = null)
    {
        _text.Append($"<path d=\"{data}\" fill=\"{fill}\"");
        if (fillOpacity < 1)
        {
            _text.Append($" fill-opacity=\"{N(fillOpacity)}\"");
        }

        if (stroke is not null)
        {
            _text.Append($" stroke=\"{stroke}\" stroke-width=\"{N(width)}\" stroke-linejoin=\"round\"");
        }

        if (dash is not null)
        {
            _text.Append($" stroke-dasharray=\"{dash}\"");
        }

        if (extra is not null)
        {
            _text.Append(' ').Append(extra);
        }

        _text.Append("/>\n");
        return this;
    }

    public override string ToString() => _text.ToString();
}

using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// One self-contained HTML page: inline CSS and inline SVG only, and a Content-Security-Policy that forbids every
/// network load (default-src 'none'; the one style block is allowed by its hash, images only as data: URLs).
/// </summary>
internal sealed class HtmlPage
{
    private const string Css = """
        body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #1d1d1d; line-height: 1.45; }
        h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
        h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; }
        h3 { font-size: 1.05rem; margin-top: 1.4rem; }
        p.meta { color: #555; margin-top: 0; }
        .banner { padding: 0.8rem 1rem; border-radius: 4px; margin: 1rem 0; font-weight: bold; }
        .banner-interrupted, .banner-running, .banner-unsteady { background: #fff4d6; border: 1px solid #e0b040; }
        .banner-failed { background: #fde2e1; border: 1px solid #d9534f; }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; font-size: 0.85rem; margin: 0.6rem 0; }
        th, td { border: 1px solid #d6d6d6; padding: 0.25rem 0.5rem; text-align: right; white-space: nowrap; }
        th { background: #f3f3f3; white-space: normal; vertical-align: bottom; }
        td.text, th.text { text-align: left; white-space: normal; }
        td.none { text-align: center; color: #8a1c1c; font-style: italic; }
        tr.not-ok td { background: #fff8e8; }
        tr.differs td { background: #fff8e8; }
        figure { margin: 1.2rem 0 2rem 0; }
        svg.chart { width: 100%; max-width: 1000px; height: auto; display: block; border: 1px solid #eee; }
        figcaption { font-size: 0.85rem; color: #444; max-width: 1000px; margin-top: 0.3rem; }
        ul.sentences li { margin: 0.25rem 0; }
        .swatch { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.3em; vertical-align: baseline; }
        footer { margin-top: 3rem; font-size: 0.8rem; color: #666; border-top: 1px solid #ddd; padding-top: 0.6rem; }
        """;

    private readonly StringBuilder _body = new();
    private readonly string _title;

    public HtmlPage(string title) => _title = title;

    public static string Encode(string text) => text
        .Replace("&", "&amp;", StringComparison.Ordinal)
        .Replace("<", "&lt;", StringComparison.Ordinal)
        .Replace(">", "&gt;", StringComparison.Ordinal)
        .Replace("\"", "&quot;", StringComparison.Ordinal)
        .Replace("'", "&#39;", StringComparison.Ordinal);

    public HtmlPage Heading(int level, string text, string? id = null)
    {
        var idAttribute = id is null ? "" : $" id=\"{Encode(id)}\"";
        _body.Append(CultureInfo.InvariantCulture, $"<h{level}{idAttribute}>{Encode(text)}</h{level}>\n");
        return this;
    }

    public HtmlPage Paragraph(string text, string? cssClass = null)
    {
        var classAttribute = cssClass is null ? "" : $" class=\"{cssClass}\"";
        _body.Append(CultureInfo.InvariantCulture, $"<p{classAttribute}>{Encode(text)}</p>\n");
        return this;
    }

    public HtmlPage Banner(string kind, string text)
    {
        _body.Append(CultureInfo.InvariantCulture, $"<div class=\"banner banner-{kind}\" role=\"alert\">{Encode(text)}</div>\n");
        return this;
    }

    public HtmlPage List(IEnumerable<string> items, string? cssClass = null)
    {
        var classAttribute = cssClass is null ? "" : $" class=\"{cssClass}\"";
        _body.Append(CultureInfo.InvariantCulture, $"<ul{classAttribute}>\n");
        foreach (var item in items)
        {
            _body.Append(CultureInfo.InvariantCulture, $"<li>{Encode(item)}</li>\n");
        }

        _body.Append("</ul>\n");
        return this;
    }

    /// <summary>Appends trusted markup built by this assembly (a table, an SVG chart).</summary>
    public HtmlPage Raw(string html)
    {
        _body.Append(html);
        return this;
    }

    public HtmlPage Figure(string id, string svg, string caption)
    {
        _body.Append(CultureInfo.InvariantCulture, $"<figure id=\"figure-{Encode(id)}\">\n").Append(svg)
            .Append(CultureInfo.InvariantCulture, $"<figcaption>{Encode(caption)}</figcaption>\n</figure>\n");
        return this;
    }

    public string Build()
    {
        var hash = Convert.ToBase64String(SHA256.HashData(Encoding.UTF8.GetBytes(Css)));
        var policy = $"default-src 'none'; style-src 'sha256-{hash}'; img-src data:; font-src 'none'; connect-src 'none'; " +
                     "script-src 'none'; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'";
        return new StringBuilder()
            .Append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
            .Append(CultureInfo.InvariantCulture, $"<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">\n")
            .Append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
            .Append(CultureInfo.InvariantCulture, $"<title>{Encode(_title)}</title>\n")
            .Append("<style>").Append(Css).Append("</style>\n</head>\n<body>\n")
            .Append(_body)
            .Append("</body>\n</html>\n")
            .ToString();
    }
}

using System.Globalization;
using System.Text;

namespace RpcCompare.Reports.Reporting;

/// <summary>A table cell: text, left-aligned text, or a cell spanning several columns (e.g. "no successful requests").</summary>
internal sealed record Cell(string Text, bool IsText = false, int Span = 1, string? CssClass = null)
{
    public static implicit operator Cell(string text) => new(text);
}

/// <summary>One table rendered both as HTML and as a GitHub-flavoured Markdown pipe table.</summary>
internal sealed class HtmlTable
{
    private readonly List<(IReadOnlyList<Cell> Cells, string? RowClass)> _rows = [];

    public HtmlTable(params Cell[] header) => Header = header;

    public IReadOnlyList<Cell> Header { get; }

    public HtmlTable Row(IReadOnlyList<Cell> cells, string? rowClass = null)
    {
        _rows.Add((cells, rowClass));
        return this;
    }

    public string ToHtml(string? id = null)
    {
        var html = new StringBuilder();
        html.Append("<div class=\"table-wrap\"><table");
        if (id is not null)
        {
            html.Append(CultureInfo.InvariantCulture, $" id=\"{HtmlPage.Encode(id)}\"");
        }

        html.Append(">\n<thead><tr>");
        foreach (var cell in Header)
        {
            html.Append(CultureInfo.InvariantCulture, $"<th{(cell.IsText ? " class=\"text\"" : "")}>{HtmlPage.Encode(cell.Text)}</th>");
        }

        html.Append("</tr></thead>\n<tbody>\n");
        foreach (var (cells, rowClass) in _rows)
        {
            html.Append(rowClass is null ? "<tr>" : $"<tr class=\"{rowClass}\">");
            foreach (var cell in cells)
            {
                var classes = string.Join(' ', new[] { cell.IsText ? "text" : null, cell.CssClass }.OfType<string>());
                html.Append("<td");
                if (classes.Length > 0)
                {
                    html.Append(CultureInfo.InvariantCulture, $" class=\"{classes}\"");
                }

                if (cell.Span > 1)
                {
                    html.Append(CultureInfo.InvariantCulture, $" colspan=\"{cell.Span}\"");
                }

                html.Append('>').Append(HtmlPage.Encode(cell.Text)).Append("</td>");
            }

            html.Append("</tr>\n");
        }

        return html.Append("</tbody>\n</table></div>\n").ToString();
    }

    public string ToMarkdown()
    {
        var md = new StringBuilder();
        md.Append("| ").Append(string.Join(" | ", Header.Select(c => Escape(c.Text)))).Append(" |\n");
        md.Append('|').Append(string.Join('|', Header.Select(c => c.IsText ? " --- " : " ---: "))).Append("|\n");
        foreach (var (cells, _) in _rows)
        {
            // A spanning cell repeats its text once and fills the rest with dashes, so columns stay aligned.
            var flat = cells.SelectMany(c => Enumerable.Repeat(Formats.Dash, c.Span - 1).Prepend(c.Text));
            md.Append("| ").Append(string.Join(" | ", flat.Select(Escape))).Append(" |\n");
        }

        return md.ToString();
    }

    private static string Escape(string text) => MarkdownText.Escape(text);
}

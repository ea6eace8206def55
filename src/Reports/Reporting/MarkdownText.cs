using System.Text;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// Text from outside the report (a status reason quoting a server's error, a host's output) made inert in Markdown:
/// HTML tags, links, code spans and table pipes show as the characters they are, and control characters as U+FFFD,
/// so a hostile or garbled message cannot change what a reader of summary.md sees around it.
/// </summary>
internal static class MarkdownText
{
    public static string Escape(string text)
    {
        var escaped = new StringBuilder(text.Length + 8);
        foreach (var c in text)
        {
            switch (c)
            {
                case '<':
                    escaped.Append("&lt;");
                    break;
                case '>':
                    escaped.Append("&gt;");
                    break;
                case '&':
                    escaped.Append("&amp;");
                    break;
                case '\\' or '`' or '[' or ']' or '|' or '*' or '_':
                    escaped.Append('\\').Append(c);
                    break;
                case '\n' or '\r' or '\t':
                    escaped.Append(' ');
                    break;
                default:
                    escaped.Append(char.IsControl(c) ? '\uFFFD' : c);
                    break;
            }
        }
        return escaped.ToString();
    }
}

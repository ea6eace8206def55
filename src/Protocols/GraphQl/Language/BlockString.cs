namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>The spec's BlockStringValue(): removes the common indentation and blank leading/trailing lines.</summary>
internal static class BlockString
{
    public static string Dedent(string raw)
    {
        var lines = raw.Replace("\r\n", "\n", StringComparison.Ordinal).Replace('\r', '\n').Split('\n');
        int? commonIndent = null;
        for (var i = 1; i < lines.Length; i++)
        {
            var indent = LeadingWhitespace(lines[i]);
            if (indent < lines[i].Length && (commonIndent is null || indent < commonIndent))
            {
                commonIndent = indent;
            }
        }

        if (commonIndent is > 0)
        {
            for (var i = 1; i < lines.Length; i++)
            {
                lines[i] = lines[i].Length >= commonIndent ? lines[i][commonIndent.Value..] : string.Empty;
            }
        }

        var first = 0;
        while (first < lines.Length && IsBlank(lines[first]))
        {
            first++;
        }

        var last = lines.Length - 1;
        while (last >= first && IsBlank(lines[last]))
        {
            last--;
        }

        return first > last ? string.Empty : string.Join('\n', lines, first, last - first + 1);
    }

    private static int LeadingWhitespace(string line)
    {
        var i = 0;
        while (i < line.Length && line[i] is ' ' or '\t')
        {
            i++;
        }

        return i;
    }

    private static bool IsBlank(string line) => LeadingWhitespace(line) == line.Length;
}

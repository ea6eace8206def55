using System.Globalization;
using System.Text;
using RpcCompare.Reports.Results;

namespace RpcCompare.Reports.Reporting;

/// <summary>What `report` and `compare` write alike: the page, its Markdown twin, the charts, and the Markdown's end.</summary>
internal static class ReportFiles
{
    /// <summary>Writes the HTML and the Markdown (each whole or not at all) and the charts' PNGs into <paramref name="folder"/>.</summary>
    public static async Task<ReportOutput> WriteAsync(string folder, (string Name, string Text) html, (string Name, string Text) markdown,
        ChartSet charts, CancellationToken cancellationToken)
    {
        var chartsFolder = charts.CreateFolder(folder);
        var files = new List<string>();
        foreach (var (name, text) in new[] { html, markdown })
        {
            var path = Path.Combine(folder, name);
            await AtomicFile.WriteAllTextAsync(path, text, cancellationToken);
            files.Add(path);
        }
        files.AddRange(await charts.WritePngsAsync(chartsFolder, cancellationToken));
        return new ReportOutput(files, charts.PngNotice is { } notice ? [notice] : []);
    }

    /// <summary>One Markdown bullet per line of plain text, escaped: the sentences name stacks, variants and reasons that
    /// came from the results' files.</summary>
    public static StringBuilder Bullets(this StringBuilder md, IEnumerable<string> lines)
    {
        foreach (var line in lines)
        {
            md.Append(CultureInfo.InvariantCulture, $"- {MarkdownText.Escape(line)}\n");
        }
        return md;
    }

    /// <summary>The end of every Markdown page: how the figures were computed and where the charts are (or why there are none).</summary>
    public static StringBuilder MethodAndCharts(this StringBuilder md, string method, ChartSet charts)
    {
        md.Append("\n## Method\n\n").Append(method).Append("\n\n## Charts\n\n");
        return charts.PngNotice is { } notice
            ? md.Append(notice).Append('\n')
            : md.AppendJoin("", charts.Charts.Select(chart => $"- [{MarkdownText.Escape(chart.Title)}]({ChartSet.PngName(chart)})\n"));
    }
}

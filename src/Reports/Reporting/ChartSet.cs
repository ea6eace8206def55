using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;

namespace RpcCompare.Reports.Reporting;

/// <summary>The charts of one page, in page order, with unique ids, and their PNG export.</summary>
internal sealed class ChartSet
{

    private readonly List<IChart> _charts = [];
    private readonly HashSet<string> _ids = new(StringComparer.Ordinal);
    private readonly PngOptions _options;

    public ChartSet(PngOptions options)
    {
        _options = options;
        PngNotice = options.Enabled ? null : "PNG export was turned off; the charts are in this page only.";
    }

    /// <summary>Null when PNGs are written; otherwise the one line that says why not.</summary>
    public string? PngNotice { get; }

    /// <summary>A file-name-safe id not used yet on this page: "delta-grpc", then "delta-grpc-2".</summary>
    public string NewId(string wanted)
    {
        var baseId = ResultFileNames.Sanitize(wanted).Replace('.', '-').Replace('=', '-');
        var id = baseId;
        for (var i = 2; !_ids.Add(id); i++)
        {
            id = $"{baseId}-{i}";
        }

        return id;
    }

    /// <summary>Registers the chart and returns its SVG for the page.</summary>
    public string Add(IChart chart)
    {
        _charts.Add(chart);
        return ChartRenderer.ToSvg(chart);
    }

    public static string PngName(IChart chart) => $"{ResultFileNames.ChartsFolder}/{chart.Id}.png";

    public IReadOnlyList<IChart> Charts => _charts;

    /// <summary>Creates charts/ in the output folder when PNGs are written (null when not), before anything is written:
    /// a link or a file in its place is refused with nothing written.</summary>
    public string? CreateFolder(string outputFolder) =>
        _options.Enabled ? RealFolder.Create(Path.Combine(outputFolder, ResultFileNames.ChartsFolder)) : null;

    /// <param name="folder">What <see cref="CreateFolder"/> returned.</param>
    public async Task<IReadOnlyList<string>> WritePngsAsync(string? folder, CancellationToken cancellationToken)
    {
        if (folder is null)
        {
            return [];
        }

        var files = new List<string>();
        foreach (var chart in _charts)
        {
            var path = Path.Combine(folder, $"{chart.Id}.png");
            await AtomicFile.WriteAllBytesAsync(path, ChartRenderer.ToPng(chart, _options.Width, _options.Height), cancellationToken);
            files.Add(path);
        }

        return files;
    }
}

using System.Text;
using static RpcCompare.Reports.Charts.SvgText;

namespace RpcCompare.Reports.Charts;

/// <summary>A chart with numeric x and y axes: lines, steps, bands and histograms, optionally a zero line and a shaded
/// "below zero" region.</summary>
public sealed class XyChart : IChart
{
    private const double PlotRightMargin = 24;
    private const double PlotBottom = ChartFrame.Height - 46;

    public required string Id { get; init; }
    public required string Title { get; init; }
    public string? Subtitle { get; init; }
    public required Axis X { get; init; }
    public required Axis Y { get; init; }
    public IReadOnlyList<Series> Series { get; init; } = [];
    public bool ZeroLine { get; init; }

    /// <summary>Shades the region below y = 0 and writes this label in it, e.g. "faster than WCF".</summary>
    public string? BelowZeroLabel { get; init; }

    /// <summary>Short remarks printed in the top-right corner of the plot, e.g. "wcf: no successful requests".</summary>
    public IReadOnlyList<string> Notes { get; init; } = [];

    public string ToSvg()
    {
        var svg = new SvgBuilder();
        var legend = Series.Where(s => s.ShowInLegend).Select(ToLegend).ToList();
        var top = ChartFrame.Header(svg, Id, Title, Subtitle, legend);

        var xTicks = ScaleMap.Fit(X, Series.SelectMany(s => s.XValues));
        var yAxis = Y;
        var yValues = Series.SelectMany(s => s.YValues).Where(double.IsFinite).ToList();
        if (BelowZeroLabel is not null)
        {
            // Keep a visible strip below zero even when every value is above it, so the region and its label show.
            var high = yValues.Count > 0 ? Math.Max(yValues.Max(), 0) : 1;
            var low = yValues.Count > 0 ? Math.Min(yValues.Min(), 0) : -1;
            // A flat zero curve (identical constant samples) still gets a 1-unit axis rather than a microscopic one.
            var span = high - low > 1e-9 ? high - low : 1;
            yValues.Add(Math.Min(low, -0.12 * span));
            yAxis = yAxis with { IncludeZero = true };
        }

        var yTicks = ScaleMap.Fit(yAxis, yValues);
        var labelWidth = yTicks.Labels.Count == 0 ? 20 : yTicks.Labels.Max(l => SvgText.Width(l, 11));
        var left = 16 + 22 + labelWidth + 8;
        var right = ChartFrame.Width - PlotRightMargin;
        var bottom = PlotBottom;
        var x = new ScaleMap(X.Scale, xTicks, left, right);
        var y = new ScaleMap(yAxis.Scale, yTicks, bottom, top);

        svg.Raw($"<defs><clipPath id=\"{Escape(Id)}-plot\"><rect x=\"{N(left)}\" y=\"{N(top)}\" width=\"{N(right - left)}\" height=\"{N(bottom - top)}\"/></clipPath></defs>\n");
        if (BelowZeroLabel is not null && y.Scale == AxisScale.Linear)
        {
            var zero = Math.Clamp(y[0], top, bottom);
            svg.Rect(left, zero, right - left, bottom - zero, "#2e9e44", 0.08, extra: "class=\"faster-region\"");
        }

        Grid(svg, x, y, left, right, top, bottom);
        svg.Raw($"<g clip-path=\"url(#{Escape(Id)}-plot)\">\n");
        foreach (var series in Series.OfType<HistogramSeries>())
        {
            Histogram(svg, series, x, y);
        }

        foreach (var series in Series.OfType<BandSeries>())
        {
            Band(svg, series, x, y);
        }

        if (ZeroLine && y.Scale == AxisScale.Linear)
        {
            svg.Line(left, y[0], right, y[0], "#222222", 1.3);
        }

        foreach (var series in Series)
        {
            switch (series)
            {
                case LineSeries line:
                    svg.Path(LinePath(line.Points, x, y), line.Color, line.Width, dash: line.Dash, extra: "class=\"series\"");
                    break;
                case StepSeries step when step.Points.Count > 0:
                    svg.Path(StepPath(step.Points, x, y, right), step.Color, step.Width, dash: step.Dash, extra: "class=\"series\"");
                    break;
            }
        }

        svg.Raw("</g>\n");
        Axes(svg, x, y, left, right, top, bottom);
        if (BelowZeroLabel is not null && y.Scale == AxisScale.Linear)
        {
            svg.Text(left + 8, bottom - 8, BelowZeroLabel, 12, fill: "#1b6e2d", italic: true, cssClass: "faster-label");
        }

        ChartFrame.Notes(svg, Notes, right, top);
        return ChartFrame.Close(svg);
    }

    private static LegendItem ToLegend(Series series) => series switch
    {
        LineSeries l => new LegendItem(l.Label, l.Color, false, l.Dash),
        StepSeries s => new LegendItem(s.Label, s.Color, false, s.Dash),
        BandSeries b => new LegendItem(b.Label, b.Color, true, Opacity: b.Opacity),
        HistogramSeries h => new LegendItem(h.Label, h.Color, true, h.Dash, h.Opacity),
        _ => new LegendItem(series.Label, series.Color, true),
    };

    private void Grid(SvgBuilder svg, ScaleMap x, ScaleMap y, double left, double right, double top, double bottom)
    {
        foreach (var v in x.Ticks.Minor)
        {
            svg.Line(x[v], top, x[v], bottom, "#f0f0f0");
        }

        foreach (var v in y.Ticks.Minor)
        {
            svg.Line(left, y[v], right, y[v], "#f0f0f0");
        }

        foreach (var v in x.Ticks.Major)
        {
            svg.Line(x[v], top, x[v], bottom, "#dddddd");
        }

        foreach (var v in y.Ticks.Major)
        {
            svg.Line(left, y[v], right, y[v], "#dddddd");
        }
    }

    private void Axes(SvgBuilder svg, ScaleMap x, ScaleMap y, double left, double right, double top, double bottom)
    {
        svg.Line(left, bottom, right, bottom, "#444444");
        svg.Line(left, top, left, bottom, "#444444");
        for (var i = 0; i < x.Ticks.Major.Count; i++)
        {
            var px = x[x.Ticks.Major[i]];
            svg.Line(px, bottom, px, bottom + 4, "#444444");
            svg.Text(px, bottom + 17, x.Ticks.Labels[i], 11, "middle");
        }

        for (var i = 0; i < y.Ticks.Major.Count; i++)
        {
            var py = y[y.Ticks.Major[i]];
            svg.Line(left - 4, py, left, py, "#444444");
            svg.Text(left - 7, py + 4, y.Ticks.Labels[i], 11, "end");
        }

        svg.Text((left + right) / 2, bottom + 36, ChartFrame.Fit(X.Label, 12, right - left), 12, "middle", "#222222");
        svg.Text(16 + 12, (top + bottom) / 2, ChartFrame.Fit(Y.Label, 12, bottom - top), 12, "middle", "#222222", rotate: -90);
    }

    private static void Histogram(SvgBuilder svg, HistogramSeries series, ScaleMap x, ScaleMap y)
    {
        if (series.Bins.Count == 0)
        {
            return;
        }

        var path = new StringBuilder();
        path.Append($"M{N(x[series.Bins[0].From])},{N(y[0])}");
        foreach (var bin in series.Bins)
        {
            path.Append($"V{N(y[bin.Height])}H{N(x[bin.To])}");
        }

        path.Append($"V{N(y[0])}Z");
        svg.Path(path.ToString(), series.Color, series.Dash is null ? 1.2 : 1.6, series.Color, series.Opacity, series.Dash, "class=\"series\"");
    }

    private static void Band(SvgBuilder svg, BandSeries band, ScaleMap x, ScaleMap y)
    {
        if (band.X.Count == 0)
        {
            return;
        }

        var path = new StringBuilder();
        for (var i = 0; i < band.X.Count; i++)
        {
            path.Append(i == 0 ? 'M' : 'L').Append($"{N(x[band.X[i]])},{N(y[band.Upper[i]])}");
        }

        for (var i = band.X.Count - 1; i >= 0; i--)
        {
            path.Append($"L{N(x[band.X[i]])},{N(y[band.Lower[i]])}");
        }

        svg.Path(path.Append('Z').ToString(), null, fill: band.Color, fillOpacity: band.Opacity, extra: "class=\"band\"");
    }

    private static string LinePath(IReadOnlyList<(double X, double Y)> points, ScaleMap x, ScaleMap y)
    {
        var path = new StringBuilder();
        var pen = false;
        foreach (var (px, py) in points)
        {
            if (!double.IsFinite(px) || !double.IsFinite(py))
            {
                pen = false;
                continue;
            }

            path.Append(pen ? 'L' : 'M').Append($"{N(x[px])},{N(y[py])}");
            pen = true;
        }

        return path.Length == 0 ? "M0,0" : path.ToString();
    }

    private static string StepPath(IReadOnlyList<(double X, double Y)> points, ScaleMap x, ScaleMap y, double right)
    {
        var path = new StringBuilder();
        path.Append($"M{N(x[points[0].X])},{N(y[0])}");
        foreach (var (px, py) in points)
        {
            path.Append($"H{N(x[px])}V{N(y[py])}");
        }

        return path.Append($"H{N(right)}").ToString();
    }
}

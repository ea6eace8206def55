using System.Globalization;
using static RpcCompare.Reports.Charts.SvgText;

namespace RpcCompare.Reports.Charts;

/// <summary>
/// One bar per series in each category, e.g. categories = variants, series = stacks. A null value means the series has
/// no such category (nothing is drawn); NaN means the value is unknown and is shown as "n/a", never as a zero bar.
/// </summary>
public sealed record BarSeries(string Label, string Color, IReadOnlyList<double?> Values);

/// <summary>A grouped bar chart.</summary>
public sealed class BarChart : IChart
{
    public required string Id { get; init; }
    public required string Title { get; init; }
    public string? Subtitle { get; init; }
    public required Axis Y { get; init; }
    public required IReadOnlyList<string> Categories { get; init; }
    public required IReadOnlyList<BarSeries> Series { get; init; }

    /// <summary>Formats the value printed above each bar.</summary>
    public Func<double, string> ValueText { get; init; } = v => v.ToString("#,0.##", CultureInfo.InvariantCulture);

    public IReadOnlyList<string> Notes { get; init; } = [];

    public string ToSvg()
    {
        foreach (var series in Series)
        {
            if (series.Values.Count != Categories.Count)
            {
                throw new InvalidOperationException($"Bar series '{series.Label}' has {series.Values.Count} values for {Categories.Count} categories.");
            }
        }

        var svg = new SvgBuilder();
        var top = ChartFrame.Header(svg, Id, Title, Subtitle, [.. Series.Select(s => new LegendItem(s.Label, s.Color, true))]);
        var values = Series.SelectMany(s => s.Values).OfType<double>().Where(double.IsFinite).ToList();
        var axis = Y.Scale == AxisScale.Linear ? Y with { IncludeZero = true } : Y;
        var ticks = ScaleMap.Fit(axis, values);
        var labelWidth = ticks.Labels.Count == 0 ? 20 : ticks.Labels.Max(l => SvgText.Width(l, 11));
        var left = 16 + 22 + labelWidth + 8;
        var right = ChartFrame.Width - 24;
        var bottom = ChartFrame.Height - 46;
        var y = new ScaleMap(axis.Scale, ticks, bottom, top + 14);

        foreach (var v in ticks.Minor)
        {
            svg.Line(left, y[v], right, y[v], "#f0f0f0");
        }

        for (var i = 0; i < ticks.Major.Count; i++)
        {
            var py = y[ticks.Major[i]];
            svg.Line(left, py, right, py, "#dddddd");
            svg.Line(left - 4, py, left, py, "#444444");
            svg.Text(left - 7, py + 4, ticks.Labels[i], 11, "end");
        }

        var baseline = axis.Scale == AxisScale.Log10 ? bottom : Math.Clamp(y[0], top, bottom);
        var band = (right - left) / Math.Max(1, Categories.Count);
        var barWidth = band * 0.8 / Math.Max(1, Series.Count);
        for (var c = 0; c < Categories.Count; c++)
        {
            var groupLeft = left + (c * band) + (band * 0.1);
            for (var s = 0; s < Series.Count; s++)
            {
                var bx = groupLeft + (s * barWidth);
                var centre = bx + (barWidth / 2);
                if (Series[s].Values[c] is not { } value)
                {
                    continue;
                }

                if (!double.IsFinite(value))
                {
                    svg.Text(centre, baseline - 4, "n/a", 10, "middle", "#888888");
                    continue;
                }

                var py = y[value];
                svg.Rect(bx + 1, Math.Min(py, baseline), barWidth - 2, Math.Abs(baseline - py), Series[s].Color, extra: "class=\"series\"");
                if (barWidth >= 26)
                {
                    var text = ChartFrame.Fit(ValueText(value), 10, barWidth + 8);
                    svg.Text(centre, Math.Min(py, baseline) - 4, text, 10, "middle", "#333333");
                }
            }

            svg.Text(left + (c * band) + (band / 2), bottom + 17, ChartFrame.Fit(Categories[c], 11, band - 4), 11, "middle");
        }

        svg.Line(left, baseline, right, baseline, "#444444");
        svg.Line(left, top + 14, left, bottom, "#444444");
        svg.Text(16 + 12, (top + bottom) / 2, ChartFrame.Fit(Y.Label, 12, bottom - top), 12, "middle", "#222222", rotate: -90);
        ChartFrame.Notes(svg, Notes, right, top);
        return ChartFrame.Close(svg);
    }
}

using System.Globalization;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using ScottPlot;
using ScottPlot.Panels;
using ScottPlot.TickGenerators;

namespace RpcCompare.Reports.Charts;

/// <summary>
/// Draws the report's charts with ScottPlot: SVG for the page (made embeddable: an id, a viewBox, ids of its own and no
/// style attribute, which the page's Content-Security-Policy would block) and PNG for slides.
/// </summary>
public static partial class ChartRenderer
{
    /// <summary>The size a chart is laid out at; a PNG is this size scaled up, so its text grows with it.</summary>
    public const int Width = 800;

    public const int Height = 450;

    // DejaVu Sans is what the CI installs (fonts-dejavu-core); the SVG names it and browsers fall back to their sans.
    private const string Font = "DejaVu Sans";
    private static readonly Color Ink = Color.FromHex("#222222");
    private static readonly Color Faster = Color.FromHex("#2E9E44");
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The chart as one SVG element for an HTML page: the same chart always gives the same text.</summary>
    public static string ToSvg(IChart chart)
    {
        // Skia's SVG canvas drops dash patterns (it prints "Unsupported path effect" and draws the line solid), so dashed
        // strokes are drawn in a stand-in colour and given their colour and dash pattern back in the SVG text.
        var dashes = new DashedStrokes(forSvg: true);
        using var plot = Build(chart, dashes);
        return Embeddable(plot.GetSvgXml(Width, Height), chart, dashes);
    }

    /// <summary>The chart as a PNG of <paramref name="width"/> x <paramref name="height"/> pixels, laid out as at
    /// <see cref="Width"/> x <see cref="Height"/> and scaled, so its text grows with it.</summary>
    public static byte[] ToPng(IChart chart, int width, int height)
    {
        using var plot = Build(chart, new DashedStrokes(forSvg: false));
        plot.ScaleFactor = Math.Min(width / (double)Width, height / (double)Height);
        return plot.GetImageBytes(width, height, ImageFormat.Png);
    }

    private static Plot Build(IChart chart, DashedStrokes dashes)
    {
        var plot = new Plot();
        plot.Font.Set(Font);
        plot.Title(chart.Title, 17);
        plot.Axes.Title.Label.ForeColor = Ink;
        if (chart.Subtitle is { Length: > 0 } subtitle)
        {
            var panel = new TitlePanel();
            panel.Label.Text = subtitle;
            panel.Label.FontSize = 12;
            panel.Label.Bold = false;
            panel.Label.FontName = Font;
            panel.Label.ForeColor = Color.FromHex("#444444");
            panel.VerticalPadding = 4;
            plot.Axes.AddPanel(panel);
        }

        switch (chart)
        {
            case XyChart xy:
                DrawXy(plot, xy, dashes);
                break;
            case BarChart bars:
                DrawBars(plot, bars);
                break;
            case StripChart strip:
                DrawStrip(plot, strip);
                break;
            default:
                throw new ArgumentException($"No drawing for {chart.GetType().Name}.", nameof(chart));
        }

        if (chart.Notes.Count > 0)
        {
            var notes = plot.Add.Annotation(string.Join("\n", chart.Notes), Alignment.UpperRight);
            notes.LabelFontName = Font;
            notes.LabelFontSize = 11;
            notes.LabelFontColor = Color.FromHex("#555555");
            notes.LabelBackgroundColor = Colors.White.WithAlpha(0.85);
            notes.LabelBorderColor = Color.FromHex("#cccccc");
            notes.LabelShadowColor = Colors.Transparent;
        }

        plot.ShowLegend(Edge.Bottom);
        plot.Legend.FontName = Font;
        plot.Legend.FontSize = 12;
        plot.Legend.Orientation = Orientation.Horizontal;
        plot.Legend.ShadowColor = Colors.Transparent;
        plot.Legend.OutlineColor = Color.FromHex("#cccccc");
        return plot;
    }

    private static void DrawXy(Plot plot, XyChart chart, DashedStrokes dashes)
    {
        var x = AxisMap.For(chart.X, chart.Series.SelectMany(s => s.XValues));
        var yValues = chart.Series.SelectMany(s => s.YValues).Where(double.IsFinite).ToList();
        var y = AxisMap.For(chart.Y, yValues);
        foreach (var series in chart.Series)
        {
            switch (series)
            {
                case BandSeries band:
                    double[] bandX = [.. band.X.Select(x.Map)];
                    var fill = plot.Add.FillY(bandX, [.. band.Lower.Select(y.Map)], [.. band.Upper.Select(y.Map)]);
                    fill.FillColor = Color.FromHex(band.Color).WithAlpha(band.Opacity);
                    fill.LineWidth = 0;
                    fill.LegendText = Legend(band);
                    break;
                case LineSeries line:
                    AddLine(plot, dashes, line, [.. line.Points.Select(p => (x.Map(p.X), y.Map(p.Y)))], line.Width, line.Dash, ConnectStyle.Straight);
                    break;
                case StepSeries step when step.Points.Count > 0:
                    // Right-continuous from zero: the first jump starts at the axis.
                    var points = step.Points.Select(p => (x.Map(p.X), y.Map(p.Y))).Prepend((x.Map(step.Points[0].X), y.Map(0))).ToList();
                    AddLine(plot, dashes, step, points, step.Width, step.Dash, ConnectStyle.StepHorizontal);
                    break;
                case HistogramSeries histogram:
                    var (outline, outlinePattern) = dashes.Stroke(histogram.Color, histogram.Dash);
                    var bars = histogram.Bins.Select(bin => new Bar
                    {
                        Position = (x.Map(bin.From) + x.Map(bin.To)) / 2,
                        Size = x.Map(bin.To) - x.Map(bin.From),
                        Value = y.Map(bin.Height),
                        FillColor = Color.FromHex(histogram.Color).WithAlpha(histogram.Opacity),
                        LineColor = outline,
                        LineWidth = histogram.Dash is null ? 1.2f : 1.6f,
                        LinePattern = outlinePattern,
                    }).ToList();
                    plot.Add.Bars(bars).LegendText = Legend(histogram);
                    break;
            }
        }

        plot.XLabel(chart.X.Label, 13);
        plot.YLabel(chart.Y.Label, 13);
        plot.Axes.Bottom.TickGenerator = x.Ticks();
        plot.Axes.Left.TickGenerator = y.Ticks();

        plot.Axes.AutoScale();
        var limits = plot.Axes.GetLimits();
        double left = chart.X.Min is { } xMin ? x.Map(xMin) : limits.Left;
        double right = chart.X.Max is { } xMax ? x.Map(xMax) : limits.Right;
        double bottom = chart.Y.Min is { } yMin ? y.Map(yMin) : limits.Bottom;
        double top = chart.Y.Max is { } yMax ? y.Map(yMax) : limits.Top;
        if (chart.X.IncludeZero && chart.X.Scale == AxisScale.Linear && chart.X.Min is null)
        {
            // Zero is the axis' end when nothing lies below it, not a point inside ScottPlot's margin.
            var lowest = chart.Series.SelectMany(s => s.XValues).Where(double.IsFinite).DefaultIfEmpty(0).Min();
            left = Math.Min(lowest, 0);
        }

        if ((chart.Y.IncludeZero || chart.BelowZeroLabel is not null) && chart.Y.Scale == AxisScale.Linear && chart.Y.Min is null)
        {
            bottom = Math.Min(yValues.DefaultIfEmpty(0).Min(), 0);
            bottom = bottom < 0 ? Math.Min(bottom, limits.Bottom) : 0;
            top = Math.Max(top, 0);
        }

        if (chart.BelowZeroLabel is not null)
        {
            // Keep a visible strip below zero even when every value is above it, so the region and its label show.
            var span = top - bottom > 1e-9 ? top - bottom : 1;
            bottom = Math.Min(bottom, -0.12 * span);
            top = Math.Max(top, 0.05 * span);
            var region = plot.Add.Rectangle(left, right, bottom, 0);
            region.FillColor = Faster.WithAlpha(0.08);
            region.LineWidth = 0;
            plot.MoveToBack(region);
            var label = plot.Add.Text(chart.BelowZeroLabel, left, bottom);
            label.Alignment = Alignment.LowerLeft;
            label.OffsetX = 8;
            label.OffsetY = -6;
            label.LabelFontName = Font;
            label.LabelFontSize = 12;
            label.LabelFontColor = Faster.WithLightness(0.3f);
        }

        if (chart.ZeroLine)
        {
            plot.Add.HorizontalLine(0, 1.2f, Color.FromHex("#444444"));
        }

        plot.Axes.SetLimits(left, right, bottom, top);
    }

    private static void AddLine(Plot plot, DashedStrokes dashes, Series series, List<(double X, double Y)> points, double width, string? dash, ConnectStyle connect)
    {
        // A NaN y breaks the line: each unbroken run becomes its own scatter, and only the first one has a legend entry.
        var (color, pattern) = dashes.Stroke(series.Color, dash);
        var first = true;
        foreach (var run in Runs(points))
        {
            double[] xs = [.. run.Select(p => p.X)];
            double[] ys = [.. run.Select(p => p.Y)];
            var line = plot.Add.ScatterLine(xs, ys, color);
            line.ConnectStyle = connect;
            line.LineWidth = (float)width;
            line.LinePattern = pattern;
            line.LegendText = first ? Legend(series) : string.Empty;
            first = false;
        }
    }

    private static IEnumerable<List<(double X, double Y)>> Runs(List<(double X, double Y)> points)
    {
        var run = new List<(double X, double Y)>();
        foreach (var point in points)
        {
            if (double.IsFinite(point.X) && double.IsFinite(point.Y))
            {
                run.Add(point);
            }
            else if (run.Count > 0)
            {
                yield return run;
                run = [];
            }
        }

        if (run.Count > 0)
        {
            yield return run;
        }
    }

    private static void DrawBars(Plot plot, BarChart chart)
    {
        foreach (var series in chart.Series)
        {
            if (series.Values.Count != chart.Categories.Count)
            {
                throw new InvalidOperationException($"Bar series '{series.Label}' has {series.Values.Count} values for {chart.Categories.Count} categories.");
            }
        }

        if (chart.Stacked)
        {
            DrawStackedBars(plot, chart);
            return;
        }

        var values = chart.Series.SelectMany(s => s.Values).OfType<double>().Where(double.IsFinite).ToList();
        var y = AxisMap.For(chart.Y, values);
        var baseline = chart.Y.Scale == AxisScale.Log10 ? y.Lowest : 0;
        var width = 0.8 / Math.Max(1, chart.Series.Count);
        for (var s = 0; s < chart.Series.Count; s++)
        {
            var series = chart.Series[s];
            var bars = new List<Bar>();
            for (var c = 0; c < chart.Categories.Count; c++)
            {
                var position = c - 0.4 + ((s + 0.5) * width);
                if (series.Values[c] is not { } value)
                {
                    continue;
                }

                if (!double.IsFinite(value))
                {
                    var unknown = plot.Add.Text("n/a", position, baseline);
                    unknown.Alignment = Alignment.LowerCenter;
                    unknown.LabelFontName = Font;
                    unknown.LabelFontSize = 10;
                    unknown.LabelFontColor = Color.FromHex("#888888");
                    continue;
                }

                bars.Add(new Bar
                {
                    Position = position,
                    Size = width * 0.92,
                    Value = y.Map(value),
                    ValueBase = baseline,
                    FillColor = Color.FromHex(series.Color),
                    LineWidth = 0,
                    Label = chart.Series.Count * chart.Categories.Count <= 24 ? chart.ValueText(value) : string.Empty,
                });
            }

            var plottable = plot.Add.Bars(bars);
            plottable.LegendText = series.Label;
            plottable.ValueLabelStyle.FontName = Font;
            plottable.ValueLabelStyle.FontSize = 10;
        }

        CategoryAxis(plot, chart.Categories);
        plot.Axes.Left.TickGenerator = y.Ticks();
        plot.YLabel(chart.Y.Label, 13);
        plot.Axes.AutoScale();
        var limits = plot.Axes.GetLimits();
        var top = limits.Top + ((limits.Top - baseline) * 0.08);
        plot.Axes.SetLimits(-0.5, chart.Categories.Count - 0.5, chart.Y.Scale == AxisScale.Log10 ? baseline : Math.Min(limits.Bottom, 0), top);
    }

    private static void DrawStackedBars(Plot plot, BarChart chart)
    {
        if (chart.Y.Scale != AxisScale.Linear)
        {
            throw new InvalidOperationException("Stacked bars need a linear axis: segments on a log axis would not add up.");
        }

        var tops = new double[chart.Categories.Count];
        for (var s = 0; s < chart.Series.Count; s++)
        {
            var series = chart.Series[s];
            var bars = new List<Bar>();
            for (var c = 0; c < chart.Categories.Count; c++)
            {
                if (series.Values[c] is not { } value || !double.IsFinite(value) || value <= 0)
                {
                    continue;
                }

                bars.Add(new Bar
                {
                    Position = c,
                    Size = 0.6,
                    ValueBase = tops[c],
                    Value = tops[c] + value,
                    FillColor = Color.FromHex(series.Color),
                    LineWidth = 0,
                });
                tops[c] += value;
            }

            var plottable = plot.Add.Bars(bars);
            plottable.LegendText = series.Label;
        }

        for (var c = 0; c < chart.Categories.Count; c++)
        {
            if (tops[c] > 0)
            {
                var total = plot.Add.Text(chart.ValueText(tops[c]), c, tops[c]);
                total.Alignment = Alignment.LowerCenter;
                total.LabelFontName = Font;
                total.LabelFontSize = 10;
            }
        }

        CategoryAxis(plot, chart.Categories);
        plot.YLabel(chart.Y.Label, 13);
        var highest = tops.DefaultIfEmpty(0).Max();
        plot.Axes.SetLimits(-0.5, chart.Categories.Count - 0.5, 0, highest > 0 ? highest * 1.12 : 1);
    }

    private static void DrawStrip(Plot plot, StripChart chart)
    {
        if (chart.CategoryColors.Count != chart.Categories.Count || chart.Series.Any(s => s.Values.Count != chart.Categories.Count))
        {
            throw new InvalidOperationException($"Strip chart '{chart.Id}' needs one colour and one list of values per category.");
        }

        var y = AxisMap.For(chart.Y, chart.Series.SelectMany(s => s.Values.SelectMany(v => v)));
        for (var s = 0; s < chart.Series.Count; s++)
        {
            var series = chart.Series[s];
            var shape = series.Shape == DotShape.Filled ? MarkerShape.FilledCircle : MarkerShape.OpenCircle;
            var offset = (s - ((chart.Series.Count - 1) / 2.0)) * (0.6 / chart.Series.Count);
            for (var c = 0; c < chart.Categories.Count; c++)
            {
                var values = series.Values[c].Where(double.IsFinite).ToArray();
                if (values.Length == 0)
                {
                    continue;
                }

                // A fixed sideways step per repetition instead of random jitter: the same chart always draws the same.
                var step = Math.Min(0.04, 0.2 / values.Length);
                double[] xs = [.. values.Select((_, i) => c + offset + ((i - ((values.Length - 1) / 2.0)) * step))];
                var dots = plot.Add.Markers(xs, [.. values.Select(y.Map)], shape, 8, Color.FromHex(chart.CategoryColors[c]));
                dots.LegendText = string.Empty;
            }

            plot.Legend.ManualItems.Add(new LegendItem
            {
                LabelText = series.Label,
                MarkerShape = shape,
                MarkerSize = 8,
                MarkerFillColor = Ink,
                MarkerLineColor = Ink,
            });
        }

        CategoryAxis(plot, chart.Categories);
        plot.Axes.Left.TickGenerator = y.Ticks();
        plot.YLabel(chart.Y.Label, 13);
        plot.Axes.AutoScale();
        var limits = plot.Axes.GetLimits();
        plot.Axes.SetLimits(-0.5, chart.Categories.Count - 0.5, limits.Bottom, limits.Top);
    }

    /// <summary>One unticked label per bar position on the bottom axis, no vertical grid.</summary>
    private static void CategoryAxis(Plot plot, IReadOnlyList<string> labels)
    {
        var categories = new NumericManual();
        for (var c = 0; c < labels.Count; c++)
        {
            categories.AddMajor(c, labels[c]);
        }

        plot.Axes.Bottom.TickGenerator = categories;
        plot.Axes.Bottom.MajorTickStyle.Length = 0;
        plot.Grid.XAxisStyle.IsVisible = false;
    }

    private static string Legend(Series series) => series.ShowInLegend ? series.Label : string.Empty;

    private static LinePattern Pattern(string? dash)
    {
        if (dash is null)
        {
            return LinePattern.Solid;
        }

        var intervals = dash.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(part => float.Parse(part, Invariant)).ToArray();
        return new LinePattern(intervals, 0, dash);
    }

    private static NumericAutomatic Linear() => new() { LabelFormatter = value => Number(value) };

    private static string Number(double value)
    {
        var rounded = Math.Round(value, 9);
        return (rounded == 0 ? 0 : rounded).ToString("#,0.#########", Invariant);
    }

    /// <summary>
    /// ScottPlot draws log axes as linear axes over log10 values: this maps data onto the axis (zero and below pinned to
    /// the lowest positive value, so zero latencies stay on the chart) and labels decades, and 2 and 5 within a few.
    /// </summary>
    private sealed class AxisMap
    {
        private readonly bool _log;
        private readonly double _floor;

        private AxisMap(bool log, double floor)
        {
            _log = log;
            _floor = floor;
        }

        /// <summary>The axis position of the smallest value drawn (for a log axis, a bar's base).</summary>
        public double Lowest => _log ? Math.Floor(Math.Log10(_floor)) : 0;

        public static AxisMap For(Axis axis, IEnumerable<double> values)
        {
            if (axis.Scale != AxisScale.Log10)
            {
                return new AxisMap(false, 0);
            }

            var positive = values.Where(v => v > 0 && double.IsFinite(v)).DefaultIfEmpty(1).Min();
            return new AxisMap(true, axis.Min is > 0 and var min ? Math.Min(min, positive) : positive);
        }

        public double Map(double value) => !_log || double.IsNaN(value) ? value : Math.Log10(value > _floor ? value : _floor);

        public ITickGenerator Ticks()
        {
            if (!_log)
            {
                return Linear();
            }

            return new LogTicks();
        }
    }

    /// <summary>Decade ticks on a log10 axis, with 2 and 5 labelled when the axis spans only a few decades.</summary>
    private sealed class LogTicks : ITickGenerator
    {
        public Tick[] Ticks { get; set; } = [];

        public int MaxTickCount { get; set; } = 60;

        public void Regenerate(CoordinateRange range, Edge edge, PixelLength size, Paint paint, LabelStyle labelStyle)
        {
            var low = Math.Min(range.Min, range.Max);
            var high = Math.Max(range.Min, range.Max);
            var decades = high - low;
            var ticks = new List<Tick>();
            for (var exponent = (int)Math.Floor(low); exponent <= (int)Math.Ceiling(high) && ticks.Count < MaxTickCount; exponent++)
            {
                for (var mantissa = 1; mantissa <= 9; mantissa++)
                {
                    var position = exponent + Math.Log10(mantissa);
                    if (position < low - 1e-9 || position > high + 1e-9)
                    {
                        continue;
                    }

                    var labelled = mantissa == 1 || (decades <= 2.5 && mantissa is 2 or 5) || (decades <= 0.7 && mantissa is 3 or 4 or 6 or 8);
                    ticks.Add(labelled
                        ? Tick.Major(position, Number(mantissa * Math.Pow(10, exponent)))
                        : Tick.Minor(position));
                }
            }

            Ticks = [.. ticks];
        }
    }

    private static string Embeddable(string svgXml, IChart chart, DashedStrokes dashes)
    {
        var document = XDocument.Parse(svgXml);
        var root = document.Root!;
        XNamespace svg = root.Name.Namespace;
        // ScottPlot's xlink namespace is unused (and the page is checked for any URL); the serializer restores xmlns.
        root.ReplaceAttributes(
            new XAttribute("class", "chart"),
            new XAttribute("id", chart.Id),
            new XAttribute("viewBox", $"0 0 {Width} {Height}"),
            new XAttribute("width", Width),
            new XAttribute("height", Height),
            new XAttribute("role", "img"),
            new XAttribute("aria-label", chart.Title));
        root.AddFirst(new XElement(svg + "title", chart.Subtitle is null ? chart.Title : $"{chart.Title}: {chart.Subtitle}"));

        // ScottPlot numbers its clip paths from a process-wide counter: renumber them per chart so that two charts on one
        // page never share an id and the same chart always gives the same text.
        var renamed = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var element in root.Descendants().Where(e => e.Attribute("id") is not null))
        {
            var id = (string)element.Attribute("id")!;
            renamed[id] = $"{chart.Id}-clip-{renamed.Count + 1}";
            element.SetAttributeValue("id", renamed[id]);
        }

        foreach (var attribute in root.Descendants().Attributes().Where(a => a.Value.StartsWith("url(#", StringComparison.Ordinal)))
        {
            var id = attribute.Value[5..^1];
            attribute.Value = renamed.TryGetValue(id, out var to) ? $"url(#{to})" : attribute.Value;
        }

        foreach (var stroked in root.Descendants().Where(e => e.Attribute("stroke") is not null))
        {
            if (dashes.Restore((string)stroked.Attribute("stroke")!) is { } real)
            {
                stroked.SetAttributeValue("stroke", real.Color);
                stroked.SetAttributeValue("stroke-dasharray", real.Dash);
            }
        }

        foreach (var text in root.Descendants(svg + "text"))
        {
            text.Value = Whitespace().Replace(text.Value, " ").Trim();
        }

        return root.ToString(SaveOptions.DisableFormatting);
    }

    /// <summary>
    /// Dashed strokes of one render. For a PNG, the colour and a dash pattern Skia draws; for an SVG, a stand-in colour
    /// per dashed series (Skia's SVG canvas cannot write dashes) that <see cref="Restore"/> maps back.
    /// </summary>
    private sealed class DashedStrokes(bool forSvg)
    {
        private readonly Dictionary<string, (string Color, string Dash)> _standIns = new(StringComparer.OrdinalIgnoreCase);

        public (Color Color, LinePattern Pattern) Stroke(string hex, string? dash)
        {
            if (dash is null || !forSvg)
            {
                return (Color.FromHex(hex), Pattern(dash));
            }

            // Near-black stand-ins no chart colour uses: #010203, #010204, ...
            var standIn = $"#{0x010203 + _standIns.Count:X6}";
            _standIns[standIn] = (hex, dash);
            return (Color.FromHex(standIn), LinePattern.Solid);
        }

        public (string Color, string Dash)? Restore(string stroke) =>
            _standIns.TryGetValue(stroke, out var real) ? real : null;
    }

    [GeneratedRegex(@"\s+")]
    private static partial Regex Whitespace();
}

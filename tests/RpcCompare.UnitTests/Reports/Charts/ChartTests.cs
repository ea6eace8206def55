using System.Globalization;
using System.Xml.Linq;
using RpcCompare.Reports.Charts;

namespace RpcCompare.UnitTests.Reports.Charts;

public class ChartTests
{
    private static readonly XNamespace Svg = "http://www.w3.org/2000/svg";

    [Fact]
    public void EveryChartKindRendersEmbeddableSvg()
    {
        foreach (var chart in SampleCharts())
        {
            var svg = XDocument.Parse(ChartRenderer.ToSvg(chart));

            Assert.Equal(Svg + "svg", svg.Root!.Name);
            Assert.Equal(chart.Id, (string?)svg.Root.Attribute("id"));
            Assert.Equal("chart", (string?)svg.Root.Attribute("class"));
            Assert.Equal("0 0 800 450", (string?)svg.Root.Attribute("viewBox"));
            var texts = svg.Descendants(Svg + "text").Select(t => t.Value).ToList();
            Assert.Contains(chart.Title, texts);
            Assert.True(svg.Descendants(Svg + "path").Count() > 5, $"{chart.Id} draws too little");
            // The page's Content-Security-Policy allows no inline style attribute.
            Assert.DoesNotContain(svg.Descendants(), e => e.Attribute("style") is not null);
        }
    }

    [Fact]
    public void ChartsOnOnePageNeverShareAnElementId()
    {
        var ids = SampleCharts()
            .SelectMany(chart => XDocument.Parse(ChartRenderer.ToSvg(chart)).Descendants().Select(e => (string?)e.Attribute("id")))
            .OfType<string>()
            .ToList();

        Assert.Equal(ids.Count, ids.Distinct(StringComparer.Ordinal).Count());
    }

    [Fact]
    public void AxisLabelsLegendAndNotesAreDrawn()
    {
        var chart = SampleCharts().OfType<XyChart>().Single(c => c.Id == "delta");

        var texts = XDocument.Parse(ChartRenderer.ToSvg(chart)).Descendants(Svg + "text").Select(t => t.Value).ToList();

        Assert.Contains("quantile (%)", texts);
        Assert.Contains("difference (ms)", texts);
        Assert.Contains("gRPC \u2212 WCF", texts);
        Assert.Contains("faster than WCF", texts);
        Assert.Contains("left out: 99.9th percentile", texts);
    }

    [Fact]
    public void LogAxesAreLabelledInDataUnitsNotInLogarithms()
    {
        var chart = SampleCharts().OfType<XyChart>().Single(c => c.Id == "ecdf");

        var texts = XDocument.Parse(ChartRenderer.ToSvg(chart)).Descendants(Svg + "text").Select(t => t.Value).ToList();

        Assert.Contains("1", texts);
        Assert.Contains("10", texts);
        Assert.Contains("2", texts);
        Assert.Contains("5", texts);
    }

    [Fact]
    public void SvgTextIsDeterministic()
    {
        var invariant = SampleCharts().Select(ChartRenderer.ToSvg).ToList();
        var culture = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = new CultureInfo("de-DE");
            Assert.Equal(invariant, SampleCharts().Select(ChartRenderer.ToSvg));
        }
        finally
        {
            CultureInfo.CurrentCulture = culture;
        }
    }

    [Fact]
    public void DashedSeriesKeepTheirColourAndDashesInTheSvg()
    {
        // Skia's SVG canvas cannot write dash patterns; the renderer puts them back.
        var chart = SampleCharts().OfType<XyChart>().Single(c => c.Id == "ecdf");

        var strokes = XDocument.Parse(ChartRenderer.ToSvg(chart)).Descendants().Where(e => e.Attribute("stroke") is not null).ToList();

        var dashed = strokes.Where(e => e.Attribute("stroke-dasharray") is not null).ToList();
        Assert.NotEmpty(dashed);
        Assert.All(dashed, e => Assert.Equal((StackStyle.Color("grpc"), StackStyle.Dash(1)), ((string?)e.Attribute("stroke"), (string?)e.Attribute("stroke-dasharray"))));
        Assert.DoesNotContain(strokes, e => ((string?)e.Attribute("stroke"))!.StartsWith("#0102", StringComparison.Ordinal));
    }

    [Fact]
    public void BarChartShowsUnknownValuesAsNotAvailableNotAsZero()
    {
        var chart = new BarChart
        {
            Id = "bars",
            Title = "Bytes",
            Y = new Axis("bytes"),
            Categories = ["plain"],
            Series = [new BarSeries("gRPC", StackStyle.Color("grpc"), [120]), new BarSeries("WCF", StackStyle.Color("wcf"), [double.NaN])],
        };

        var texts = XDocument.Parse(ChartRenderer.ToSvg(chart)).Descendants(Svg + "text").Select(t => t.Value).ToList();

        Assert.Contains("n/a", texts);
        Assert.Contains("120", texts);
    }

    [Fact]
    public void LogAxisPinsZeroLatenciesToItsLowerEnd()
    {
        var chart = new XyChart
        {
            Id = "zero",
            Title = "ECDF",
            X = new Axis("ms") { Scale = AxisScale.Log10 },
            Y = new Axis("%") { Min = 0, Max = 100 },
            Series = [new StepSeries("gRPC", "#0072B2", [(0.0, 10.0), (1.5, 60), (20, 100)])],
        };

        var svg = ChartRenderer.ToSvg(chart);

        Assert.DoesNotContain("NaN", svg);
        Assert.DoesNotContain("Infinity", svg);
    }

    [Fact]
    public void StacksKeepTheirFixedColoursAndNames()
    {
        Assert.Equal("#0072B2", StackStyle.Color("grpc"));
        Assert.Equal("#D55E00", StackStyle.Color("wcf"));
        Assert.Equal("#009E73", StackStyle.Color("rest"));
        Assert.Equal("#CC79A7", StackStyle.Color("graphql"));
        Assert.Equal(StackStyle.Color("signalr"), StackStyle.Color("signalr"));
        Assert.Equal("gRPC (stream)", StackStyle.DisplayName("grpc", "stream"));
    }

    [Fact]
    public void PngExportRendersASlideSizedNonBlankImage()
    {
        var png = PngPixels.Decode(ChartRenderer.ToPng(SampleCharts().Single(c => c.Id == "delta"), 1600, 900));

        Assert.Equal((1600, 900), (png.Width, png.Height));
        Assert.InRange(png.InkShare(), 0.05, 0.95);
        Assert.True(png.ColourCount() > 20);
    }

    [Fact]
    public void StripChartDrawsOneDotPerValueInItsCategorysColour()
    {
        var chart = SampleCharts().OfType<StripChart>().Single();

        var svg = XDocument.Parse(ChartRenderer.ToSvg(chart));

        // Five trials' p50 and p99 for gRPC, three for WCF, and one dot per series in the legend.
        var dots = svg.Descendants(Svg + "ellipse").ToList();
        Assert.Equal(((5 + 3) * 2) + 2, dots.Count);
        Assert.Equal(10, dots.Count(d => string.Equals((string?)d.Attribute("fill"), StackStyle.Color("grpc"), StringComparison.OrdinalIgnoreCase)
                                         || string.Equals((string?)d.Attribute("stroke"), StackStyle.Color("grpc"), StringComparison.OrdinalIgnoreCase)));
        var texts = svg.Descendants(Svg + "text").Select(t => t.Value).ToList();
        Assert.Contains("gRPC", texts);
        Assert.Contains("p99", texts);
    }

    internal static IReadOnlyList<IChart> SampleCharts()
    {
        var x = Enumerable.Range(1, 99).Select(i => (double)i).ToArray();
        var delta = x.Select(q => q < 60 ? 0.1 : -0.05 * (q - 60)).ToArray();
        return
        [
            new XyChart
            {
                Id = "ecdf",
                Title = "Latency distribution",
                X = new Axis("latency (ms)") { Scale = AxisScale.Log10 },
                Y = new Axis("requests at or below (%)") { Min = 0, Max = 100 },
                Series =
                [
                    new StepSeries("gRPC", StackStyle.Color("grpc"), [(1.2, 10), (2.5, 50), (7.5, 90), (30, 100)]),
                    new StepSeries("gRPC (stream)", StackStyle.Color("grpc"), [(1.0, 20), (2.0, 70), (9, 100)]) { Dash = StackStyle.Dash(1) },
                ],
            },
            new XyChart
            {
                Id = "histogram",
                Title = "Latency histogram",
                X = new Axis("latency (ms)") { Scale = AxisScale.Log10 },
                Y = new Axis("share (%)") { IncludeZero = true },
                Series = [new HistogramSeries("WCF", StackStyle.Color("wcf"), [(1, 2, 10), (2, 4, 60), (4, 8, 30)])],
            },
            new XyChart
            {
                Id = "delta",
                Title = "gRPC vs WCF",
                X = new Axis("quantile (%)") { Min = 0, Max = 100 },
                Y = new Axis("difference (ms)"),
                ZeroLine = true,
                BelowZeroLabel = "faster than WCF",
                Series =
                [
                    new BandSeries("band", StackStyle.Color("grpc"), x, [.. delta.Select(d => d - 0.3)], [.. delta.Select(d => d + 0.3)]),
                    new LineSeries("gRPC \u2212 WCF", StackStyle.Color("grpc"), [.. x.Zip(delta)]),
                ],
                Notes = ["left out: 99.9th percentile"],
            },
            new XyChart
            {
                Id = "memory",
                Title = "Working set",
                X = new Axis("elapsed (s)") { IncludeZero = true },
                Y = new Axis("MB") { IncludeZero = true },
                Series = [new LineSeries("REST", StackStyle.Color("rest"), [(0.5, 100.25), (1, 120.5), (1.5, double.NaN), (2, 130)])],
            },
            new BarChart
            {
                Id = "bars",
                Title = "Bytes per request",
                Y = new Axis("bytes"),
                Categories = ["100B", "1KB"],
                Series = [new BarSeries("gRPC", StackStyle.Color("grpc"), [120, 1100.5]), new BarSeries("GraphQL", StackStyle.Color("graphql"), [260, null])],
            },
            new StripChart
            {
                Id = "trials",
                Title = "Latency by trial",
                Y = new Axis("latency (ms)") { Scale = AxisScale.Log10 },
                Categories = ["gRPC", "WCF"],
                CategoryColors = [StackStyle.Color("grpc"), StackStyle.Color("wcf")],
                Series =
                [
                    new StripSeries("p50", DotShape.Filled, [[2.1, 2.3, 1.9, 2.2, 2.0], [3.1, 3.4, 2.9]]),
                    new StripSeries("p99", DotShape.Hollow, [[9.5, 12.25, 8.8, 10, 11], [15, 14.5, 16]]),
                ],
            },
        ];
    }
}

using System.Globalization;
using System.Xml.Linq;
using RpcCompare.Reports.Charts;

namespace RpcCompare.UnitTests.Reports;

public class ChartTests
{
    [Fact]
    public void LinearTicksUseNiceStepsAndCoverTheData()
    {
        var ticks = Ticks.Linear(0.3, 97);

        Assert.Equal([0.0, 20, 40, 60, 80, 100], ticks.Major);
        Assert.Equal(["0", "20", "40", "60", "80", "100"], ticks.Labels);
    }

    [Fact]
    public void LinearTicksAroundZeroGetDecimalsOnlyWhenTheStepNeedsThem()
    {
        var ticks = Ticks.Linear(-0.32, 0.04);

        Assert.Equal([-0.4, -0.3, -0.2, -0.1, 0.0, 0.1], ticks.Major);
        Assert.Equal(["-0.4", "-0.3", "-0.2", "-0.1", "0.0", "0.1"], ticks.Labels);
    }

    [Fact]
    public void LogTicksLabelOneTwoFiveWithinAFewDecades()
    {
        var ticks = Ticks.Log10(2.3, 780);

        Assert.Equal(2, ticks.Min);
        Assert.Equal(1000, ticks.Max);
        Assert.Equal([2.0, 5, 10, 20, 50, 100, 200, 500, 1000], ticks.Major);
        Assert.Equal(["2", "5", "10", "20", "50", "100", "200", "500", "1,000"], ticks.Labels);
    }

    [Fact]
    public void LogTicksBelowOneKeepTheirDecimals()
    {
        var ticks = Ticks.Log10(0.013, 0.09);

        Assert.Equal(["0.01", "0.02", "0.03", "0.05", "0.1"], ticks.Labels);
    }

    [Fact]
    public void LogTicksRefuseNonPositiveRanges()
    {
        Assert.Throws<ArgumentException>(() => Ticks.Log10(0, 10));
    }

    [Fact]
    public void EveryChartKindRendersWellFormedSvgWithItsParts()
    {
        foreach (var chart in SampleCharts())
        {
            var svg = XDocument.Parse(chart.ToSvg());
            XNamespace ns = "http://www.w3.org/2000/svg";

            Assert.Equal(ns + "svg", svg.Root!.Name);
            Assert.Equal(chart.Id, (string?)svg.Root.Attribute("id"));
            Assert.Equal("0 0 800 450", (string?)svg.Root.Attribute("viewBox"));
            Assert.Contains(svg.Descendants(ns + "text"), t => t.Value == chart.Title);
            Assert.Contains(svg.Descendants(), e => ((string?)e.Attribute("class"))?.Contains("series", StringComparison.Ordinal) == true);
            Assert.DoesNotContain(svg.Descendants(), e => e.Attribute("style") is not null);
        }
    }

    [Fact]
    public void DeltaChartShadesTheRegionBelowZeroAndLabelsIt()
    {
        var chart = SampleCharts().OfType<XyChart>().Single(c => c.Id == "delta");

        var svg = chart.ToSvg();

        Assert.Contains("class=\"faster-region\"", svg);
        Assert.Contains(">faster than WCF</text>", svg);
        Assert.Contains("class=\"band\"", svg);
    }

    [Fact]
    public void SvgTextIsTheSameUnderAnyCulture()
    {
        var invariant = SampleCharts().Select(c => c.ToSvg()).ToList();
        var culture = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = new CultureInfo("de-DE");
            Assert.Equal(invariant, SampleCharts().Select(c => c.ToSvg()));
        }
        finally
        {
            CultureInfo.CurrentCulture = culture;
        }
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

        var svg = chart.ToSvg();

        Assert.Contains(">n/a</text>", svg);
        Assert.Single(XDocument.Parse(svg).Descendants(), e => (string?)e.Attribute("class") == "series");
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

        var svg = chart.ToSvg();

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
    public async Task PngExportRendersASlideSizedNonBlankImage()
    {
        var exporter = PngExporter.TryCreate();
        Assert.True(exporter is not null, "rsvg-convert is needed for PNG export (apt-get install librsvg2-bin fonts-dejavu-core).");
        using var temp = new TempFolder();
        var path = temp.Combine("delta.png");

        await exporter.ExportAsync(SampleCharts().Single(c => c.Id == "delta").ToSvg(), path, 1600, 900, CancellationToken.None);

        var png = PngPixels.Decode(await File.ReadAllBytesAsync(path));
        Assert.Equal((1600, 900), (png.Width, png.Height));
        Assert.InRange(png.InkShare(), 0.05, 0.95);
        Assert.True(png.ColourCount() > 20);
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
        ];
    }
}

using System.Globalization;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>A latency sample with how to draw it.</summary>
internal sealed record DrawnSample(string Label, string Color, string? Dash, SortedSample Sample);

/// <summary>A line of a time series with how to draw it.</summary>
internal sealed record DrawnSeries(string Label, string Color, string? Dash, IReadOnlyList<(double X, double Y)> Points);

/// <summary>Builds the report's charts from statistics; the same chart kinds serve <c>report</c> and <c>compare</c>.</summary>
internal static class ChartFactory
{
    public const int HistogramBins = 40;

    public static XyChart Ecdf(string id, string title, string subtitle, IReadOnlyList<DrawnSample> samples, IReadOnlyList<string> notes) => new()
    {
        Id = id,
        Title = title,
        Subtitle = subtitle,
        X = new Axis("latency (ms, log scale)") { Scale = AxisScale.Log10 },
        Y = new Axis("requests at or below (%)") { Min = 0, Max = 100 },
        Series = [.. samples.Select(s => new StepSeries(s.Label, s.Color, [.. new Ecdf(s.Sample).Steps().Select(p => (p.X, p.P * 100))]) { Dash = s.Dash })],
        Notes = notes,
    };

    /// <summary>Histograms on shared log-spaced bins, heights as the share of each sample's requests.</summary>
    public static XyChart Histogram(string id, string title, string subtitle, IReadOnlyList<DrawnSample> samples, IReadOnlyList<string> notes)
    {
        var low = samples.Min(s => SmallestPositive(s.Sample));
        var high = samples.Max(s => s.Sample.Max);
        high = Math.Max(high, low * 1.01);
        var edges = new double[HistogramBins + 1];
        for (var i = 0; i <= HistogramBins; i++)
        {
            edges[i] = low * Math.Pow(high / low, i / (double)HistogramBins);
        }

        var series = new List<Series>();
        foreach (var drawn in samples)
        {
            var counts = new long[HistogramBins];
            foreach (var value in drawn.Sample.AsSpan())
            {
                var bin = value <= low ? 0 : (int)Math.Floor(Math.Log(value / low) / Math.Log(high / low) * HistogramBins);
                counts[Math.Clamp(bin, 0, HistogramBins - 1)]++;
            }

            var n = (double)drawn.Sample.Count;
            series.Add(new HistogramSeries(drawn.Label, drawn.Color, [.. counts.Select((c, i) => (edges[i], edges[i + 1], c / n * 100))]) { Dash = drawn.Dash });
        }

        return new XyChart
        {
            Id = id,
            Title = title,
            Subtitle = subtitle,
            X = new Axis("latency (ms, log scale)") { Scale = AxisScale.Log10 },
            Y = new Axis("share of requests (%)") { IncludeZero = true },
            Series = series,
            Notes = notes,
        };
    }

    private static double SmallestPositive(SortedSample sample)
    {
        foreach (var value in sample.AsSpan())
        {
            if (value > 0)
            {
                return value;
            }
        }

        // Only zeros (sub-microsecond latencies rounded to 0.000): a log axis still needs a positive start.
        return 0.001;
    }

    /// <summary>The ECDF delta chart: the shift function with its simultaneous band, a zero line and the faster region.</summary>
    public static XyChart Delta(string id, string title, string nameA, string nameB, string color, QuantileShift shift, string fasterLabel)
    {
        var x = shift.Probabilities.Select(p => p * 100).ToArray();
        var level = BootstrapSettings.Percent(shift.ConfidenceLevel);
        var notes = shift.OmittedProbabilities.Count == 0
            ? []
            : new[] { $"left out, too few requests beyond them: {string.Join(", ", shift.OmittedProbabilities.Select(p => ShiftSentences.Ordinal(p)))} percentile" };
        return new XyChart
        {
            Id = id,
            Title = title,
            // Short enough for the chart's width: ScottPlot does not wrap, and the page's caption says the rest.
            Subtitle = $"{nameA} \u2212 {nameB} per quantile; simultaneous {level} bootstrap band, {shift.Resamples.ToString("#,0", CultureInfo.InvariantCulture)} resamples per group",
            X = new Axis("quantile (%)") { Min = 0, Max = 100 },
            Y = new Axis("difference in latency (ms)"),
            ZeroLine = true,
            BelowZeroLabel = fasterLabel,
            Series =
            [
                new BandSeries($"simultaneous {level} band", color, x, shift.Lower, shift.Upper),
                new LineSeries($"{nameA} \u2212 {nameB}", color, [.. x.Zip(shift.Delta)]),
            ],
            Notes = notes,
        };
    }

    public static XyChart TimeSeries(string id, string title, string subtitle, string yLabel, IReadOnlyList<DrawnSeries> lines) => new()
    {
        Id = id,
        Title = title,
        Subtitle = subtitle,
        X = new Axis("elapsed (s)") { IncludeZero = true },
        Y = new Axis(yLabel) { IncludeZero = true },
        Series = [.. lines.Select(l => new LineSeries(l.Label, l.Color, l.Points) { Dash = l.Dash, Width = 1.8 })],
    };

    /// <summary>Per-second percentiles on a log latency axis, so a p50 of 2 ms and a p99 of 300 ms both stay readable.</summary>
    public static XyChart LatencyOverTime(string id, string title, IReadOnlyList<DrawnSeries> lines) => new()
    {
        Id = id,
        Title = title,
        Subtitle = "p50 and p99 of each second of the measured window",
        X = new Axis("time into the measured window (s)") { IncludeZero = true },
        Y = new Axis("latency (ms, log scale)") { Scale = AxisScale.Log10 },
        Series = [.. lines.Select(l => new LineSeries(l.Label, l.Color, l.Points) { Dash = l.Dash, Width = 1.8 })],
    };

    /// <summary>Grouped bars; a log axis when positive values span more than two decades, so small bars stay visible.</summary>
    public static BarChart Bars(string id, string title, string subtitle, string yLabel, IReadOnlyList<string> categories, IReadOnlyList<BarSeries> series, Func<double, string> valueText)
    {
        var positive = series.SelectMany(s => s.Values).OfType<double>().Where(v => v > 0 && double.IsFinite(v)).ToList();
        var allPositive = series.SelectMany(s => s.Values).OfType<double>().Where(double.IsFinite).All(v => v > 0);
        var log = allPositive && positive.Count > 1 && positive.Max() / positive.Min() > 100;
        return new BarChart
        {
            Id = id,
            Title = title,
            Subtitle = log ? subtitle + " Log scale." : subtitle,
            Y = new Axis(log ? yLabel + ", log scale" : yLabel) { Scale = log ? AxisScale.Log10 : AxisScale.Linear },
            Categories = categories,
            Series = series,
            ValueText = valueText,
        };
    }
}

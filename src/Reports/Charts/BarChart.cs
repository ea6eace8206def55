using System.Globalization;

namespace RpcCompare.Reports.Charts;

/// <summary>
/// One bar per series in each category, e.g. categories = variants, series = stacks. A null value means the series has
/// no such category (nothing is drawn); NaN means the value is unknown and is shown as "n/a", never as a zero bar.
/// </summary>
public sealed record BarSeries(string Label, string Color, IReadOnlyList<double?> Values);

/// <summary>A grouped bar chart, or a stacked one: then each category is one bar made of the series' values in order,
/// labelled with its total.</summary>
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

    /// <summary>One bar per category with the series stacked on each other (linear axis only).</summary>
    public bool Stacked { get; init; }
}

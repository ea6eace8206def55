namespace RpcCompare.Reports.Charts;

/// <summary>How a strip chart's dots of one series are drawn, so two series in the same colour stay apart.</summary>
public enum DotShape
{
    Filled,
    Hollow,
}

/// <summary>One series of dots: per category, the values to draw there (any number, e.g. one per trial).</summary>
public sealed record StripSeries(string Label, DotShape Shape, IReadOnlyList<IReadOnlyList<double>> Values);

/// <summary>
/// A strip chart: dots per category, side by side per series and spread a little within, so that each repetition of a
/// measurement stays visible rather than averaged into a bar. The dots take their category's colour; the legend names
/// the series by their shape.
/// </summary>
public sealed class StripChart : IChart
{
    public required string Id { get; init; }
    public required string Title { get; init; }
    public string? Subtitle { get; init; }
    public required Axis Y { get; init; }
    public required IReadOnlyList<string> Categories { get; init; }

    /// <summary>One colour per category, e.g. its stack's.</summary>
    public required IReadOnlyList<string> CategoryColors { get; init; }

    public required IReadOnlyList<StripSeries> Series { get; init; }
    public IReadOnlyList<string> Notes { get; init; } = [];
}

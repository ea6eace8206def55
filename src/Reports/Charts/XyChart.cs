namespace RpcCompare.Reports.Charts;

/// <summary>A chart with numeric x and y axes: lines, steps, bands and histograms, optionally a zero line and a shaded
/// "below zero" region.</summary>
public sealed class XyChart : IChart
{
    public required string Id { get; init; }
    public required string Title { get; init; }
    public string? Subtitle { get; init; }
    public required Axis X { get; init; }
    public required Axis Y { get; init; }
    public IReadOnlyList<Series> Series { get; init; } = [];
    public bool ZeroLine { get; init; }

    /// <summary>Shades the region below y = 0 and writes this label in it, e.g. "faster than WCF".</summary>
    public string? BelowZeroLabel { get; init; }

    public IReadOnlyList<string> Notes { get; init; } = [];
}

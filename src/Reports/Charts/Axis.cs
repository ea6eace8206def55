namespace RpcCompare.Reports.Charts;

public enum AxisScale
{
    Linear,
    Log10,
}

/// <summary>What an axis shows; the range is taken from the data unless fixed here.</summary>
public sealed record Axis(string Label)
{
    public AxisScale Scale { get; init; } = AxisScale.Linear;

    /// <summary>Fixed lower end, or null to fit the data (rounded out to a nice tick).</summary>
    public double? Min { get; init; }

    public double? Max { get; init; }

    /// <summary>Stretch the range so that zero is on the axis (linear axes only).</summary>
    public bool IncludeZero { get; init; }
}

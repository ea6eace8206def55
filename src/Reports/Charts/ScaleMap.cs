namespace RpcCompare.Reports.Charts;

/// <summary>Maps data values on a fitted axis to pixels.</summary>
internal sealed class ScaleMap
{
    private readonly double _from;
    private readonly double _to;
    private readonly double _pixelFrom;
    private readonly double _pixelTo;

    public ScaleMap(AxisScale scale, TickSet ticks, double pixelFrom, double pixelTo)
    {
        Scale = scale;
        Ticks = ticks;
        _from = Transform(ticks.Min);
        _to = Transform(ticks.Max);
        _pixelFrom = pixelFrom;
        _pixelTo = pixelTo;
    }

    public AxisScale Scale { get; }
    public TickSet Ticks { get; }

    /// <summary>Values at or below zero on a log axis are pinned to its lower end rather than lost.</summary>
    public double this[double value]
    {
        get
        {
            var t = Scale == AxisScale.Log10 && value <= 0 ? _from : Transform(value);
            return _pixelFrom + ((t - _from) / (_to - _from) * (_pixelTo - _pixelFrom));
        }
    }

    public static TickSet Fit(Axis axis, IEnumerable<double> values)
    {
        var data = values.Where(double.IsFinite).Where(v => axis.Scale == AxisScale.Linear || v > 0).ToList();
        double min = axis.Min ?? (data.Count > 0 ? data.Min() : axis.Scale == AxisScale.Log10 ? 1 : 0);
        double max = axis.Max ?? (data.Count > 0 ? data.Max() : axis.Scale == AxisScale.Log10 ? 10 : 1);
        if (axis.Scale == AxisScale.Log10)
        {
            return Charts.Ticks.Log10(min, max);
        }

        if (axis.IncludeZero)
        {
            min = Math.Min(min, 0);
            max = Math.Max(max, 0);
        }

        var fitted = Charts.Ticks.Linear(min, max);
        return axis.Min is { } fixedMin && axis.Max is { } fixedMax
            ? fitted with { Min = fixedMin, Max = fixedMax, Major = [.. fitted.Major.Where(v => v >= fixedMin && v <= fixedMax)], Labels = Labels(fitted, fixedMin, fixedMax) }
            : fitted;
    }

    private static IReadOnlyList<string> Labels(TickSet ticks, double min, double max) =>
        [.. ticks.Major.Select((v, i) => (v, i)).Where(x => x.v >= min && x.v <= max).Select(x => ticks.Labels[x.i])];

    private double Transform(double value) => Scale == AxisScale.Log10 ? Math.Log10(value) : value;
}

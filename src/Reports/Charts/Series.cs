namespace RpcCompare.Reports.Charts;

/// <summary>Something drawn in a chart's plot area, named in its legend.</summary>
public abstract record Series(string Label, string Color)
{
    public bool ShowInLegend { get; init; } = true;

    internal abstract IEnumerable<double> XValues { get; }

    /// <summary>The values the y axis must show (steps and histogram bars start at zero).</summary>
    internal abstract IEnumerable<double> YValues { get; }
}

/// <summary>A polyline; a NaN y breaks the line (a gap in a time series).</summary>
public sealed record LineSeries(string Label, string Color, IReadOnlyList<(double X, double Y)> Points) : Series(Label, Color)
{
    public double Width { get; init; } = 2;

    /// <summary>Dash pattern such as "6 3" (see <see cref="StackStyle.Dash"/>), or null for a solid line.</summary>
    public string? Dash { get; init; }

    internal override IEnumerable<double> XValues => Points.Select(p => p.X);
    internal override IEnumerable<double> YValues => Points.Select(p => p.Y);
}

/// <summary>A right-continuous step function such as an ECDF: it is 0 left of the first point and jumps at each x.</summary>
public sealed record StepSeries(string Label, string Color, IReadOnlyList<(double X, double Y)> Points) : Series(Label, Color)
{
    public double Width { get; init; } = 2;
    public string? Dash { get; init; }

    internal override IEnumerable<double> XValues => Points.Select(p => p.X);
    internal override IEnumerable<double> YValues => Points.Select(p => p.Y).Append(0);
}

/// <summary>The filled area between two curves over the same x values (a confidence band).</summary>
public sealed record BandSeries(string Label, string Color, IReadOnlyList<double> X, IReadOnlyList<double> Lower, IReadOnlyList<double> Upper)
    : Series(Label, Color)
{
    public double Opacity { get; init; } = 0.22;

    internal override IEnumerable<double> XValues => X;
    internal override IEnumerable<double> YValues => Lower.Concat(Upper);
}

/// <summary>Histogram bars: each bin spans [From, To) and rises to Height; drawn translucent with an outline.</summary>
public sealed record HistogramSeries(string Label, string Color, IReadOnlyList<(double From, double To, double Height)> Bins)
    : Series(Label, Color)
{
    public double Opacity { get; init; } = 0.18;

    /// <summary>Dash pattern of the outline, to tell apart two samples drawn in the same colour.</summary>
    public string? Dash { get; init; }

    internal override IEnumerable<double> XValues => Bins.SelectMany(b => new[] { b.From, b.To });
    internal override IEnumerable<double> YValues => Bins.Select(b => b.Height).Append(0);
}

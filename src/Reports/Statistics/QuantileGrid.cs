namespace RpcCompare.Reports.Statistics;

/// <summary>The probabilities the ECDF delta chart is drawn on.</summary>
public static class QuantileGrid
{
    /// <summary>0.01, 0.02, ..., 0.99, then 0.999: every percentile and the one users complain about.</summary>
    public static IReadOnlyList<double> Delta { get; } = [.. Enumerable.Range(1, 99).Select(i => i / 100.0), 0.999];

    /// <summary>The percentiles of the summary table: p50, p90, p99, p99.9.</summary>
    public static IReadOnlyList<double> Summary { get; } = [0.5, 0.9, 0.99, 0.999];
}

using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports.Reporting;

/// <summary>An entry with its latencies sorted and its table percentiles, estimated the project's one way.</summary>
internal sealed class EntryStats
{
    public EntryStats(EntryResults entry)
    {
        Entry = entry;
        if (entry.HasLatencies)
        {
            Sample = SortedSample.From(entry.LatenciesMs);
            Percentiles = Quantiles.Estimate(Sample, QuantileGrid.Summary);
        }
    }

    public EntryResults Entry { get; }
    public SummaryEntry Summary => Entry.Summary;
    public string Stack => Entry.Stack;
    public string Variant => Entry.Variant;

    /// <summary>Null when there were no successful requests.</summary>
    public SortedSample? Sample { get; }

    /// <summary>p50, p90, p99, p99.9 (<see cref="QuantileGrid.Summary"/>); null without successful requests.</summary>
    public IReadOnlyList<double>? Percentiles { get; }

    /// <summary>The estimate at <paramref name="probability"/>, one of <see cref="QuantileGrid.Summary"/>'s.</summary>
    public double Percentile(double probability)
    {
        var index = QuantileGrid.Summary.ToList().IndexOf(probability);
        if (Percentiles is null || index < 0)
        {
            throw new InvalidOperationException($"{DisplayName} has no estimate at {probability}: it needs successful requests and a probability of the summary grid.");
        }
        return Percentiles[index];
    }

    public string DisplayName => Charts.StackStyle.DisplayName(Stack, Variant);
}

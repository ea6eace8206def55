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
        }

        // One part is the whole sample: no second sort, and a one-trial entry's bands stay exactly those of its calls.
        var parts = entry.TrialLatenciesMs;
        TrialSamples = parts.Count == 1 ? [Sample] : [.. parts.Select(p => p.Count == 0 ? null : SortedSample.From(p))];
        TrialNumbers = entry.Summary.Trials is { Count: > 0 } trials ? [.. trials.Select(t => t.Trial)] : [1];
        var machines = entry.Summary.Trials is { Count: > 0 } measured ? measured.Select(t => t.Machine).ToList() : [null];
        Trials = [.. TrialNumbers.Zip(TrialSamples, machines).Select(t => new TrialSample(t.First, t.Second) { SpoiledBy = SpoiledBy(t.Third) })];
        Percentiles = Sample is null ? null : TableEstimates(Sample, TrialSamples);
    }

    /// <summary>What spoiled a trial's window, or null: a CPU steal of <see cref="MachineNoise.SpoiledStealPercent"/> or more.</summary>
    private static string? SpoiledBy(MachineNoise? machine) =>
        MachineNoise.Spoils(machine) ? $"a CPU steal of {Formats.Percent(machine!.StealPercent)}" : null;

    /// <summary>The one estimator of an entry (docs/reports.md): with several trials the mean of the trials' quantiles,
    /// as summary.json's latencyMs and the verdicts' differences, so a verdict's "faster by 12%" agrees with the table.</summary>
    private static double[] TableEstimates(SortedSample sample, IReadOnlyList<SortedSample?> trials)
    {
        var measured = trials.OfType<SortedSample>().ToList();
        if (measured.Count <= 1)
        {
            return Quantiles.Estimate(sample, QuantileGrid.Summary);
        }
        var perTrial = measured.Select(t => Quantiles.Estimate(t, QuantileGrid.Summary)).ToList();
        return [.. QuantileGrid.Summary.Select((_, i) => perTrial.Average(e => e[i]))];
    }

    public EntryResults Entry { get; }
    public SummaryEntry Summary => Entry.Summary;
    public string Stack => Entry.Stack;
    public string Variant => Entry.Variant;

    /// <summary>Null when there were no successful requests.</summary>
    public SortedSample? Sample { get; }

    /// <summary>Per trial, in the order of <see cref="SummaryEntry.Trials"/>, its calls sorted; null for a trial without
    /// successful requests, so the index stays that of <see cref="SummaryEntry.Trials"/>. One part for a run of one trial
    /// or of format 1.</summary>
    public IReadOnlyList<SortedSample?> TrialSamples { get; }

    /// <summary>The trial number of each of <see cref="TrialSamples"/> (1 for a format-1 entry).</summary>
    public IReadOnlyList<int> TrialNumbers { get; }

    /// <summary><see cref="TrialSamples"/> with their numbers.</summary>
    public IReadOnlyList<TrialSample> Trials { get; }

    /// <summary>Trials with at least one successful request.</summary>
    public int TrialsWithData => TrialSamples.Count(s => s is not null);

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

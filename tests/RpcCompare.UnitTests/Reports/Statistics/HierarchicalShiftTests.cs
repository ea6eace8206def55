using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Statistics;

public class HierarchicalShiftTests
{
    private static readonly BootstrapSettings Settings = new() { Resamples = 1000 };

    [Fact]
    public void TheBandDependsOnlyOnTheSeed()
    {
        var a = Trials(seed: 1, 10, 12, 9, 13, 11);
        var b = Trials(seed: 2, 11, 10, 13, 9, 12);

        var first = HierarchicalShift.Compute(a, b, QuantileGrid.Delta, Settings, paired: true, CancellationToken.None);
        var second = HierarchicalShift.Compute(a, b, QuantileGrid.Delta, Settings, paired: true, CancellationToken.None);
        var other = HierarchicalShift.Compute(a, b, QuantileGrid.Delta, Settings with { Seed = 99 }, paired: true, CancellationToken.None);

        Assert.Equal(first.Lower, second.Lower);
        Assert.Equal(first.Upper, second.Upper);
        Assert.Equal(first.Delta, second.Delta);
        Assert.NotEqual(first.Lower, other.Lower);
    }

    [Fact]
    public void OneTrialEachIsExactlyThePooledBootstrap()
    {
        var a = Trials(seed: 3, 10);
        var b = Trials(seed: 4, 11);
        var replicatesA = QuantileBootstrap.Run(a[0].Sample!, QuantileGrid.Delta, Settings.Resamples, 5, CancellationToken.None);
        var replicatesB = QuantileBootstrap.Run(b[0].Sample!, QuantileGrid.Delta, Settings.Resamples, 6, CancellationToken.None);

        var pooled = QuantileShiftAnalysis.Compare(replicatesA, replicatesB, Settings.ConfidenceLevel);
        var trials = HierarchicalShift.Compare(TrialPlan.Of(a, b, paired: true), Settings, _ => replicatesA, _ => replicatesB, CancellationToken.None);

        Assert.Equal(pooled.Lower, trials.Lower);
        Assert.Equal(pooled.Upper, trials.Upper);
        Assert.Equal(pooled.Delta, trials.Delta);
        Assert.False(trials.Trials.AcrossTrials);
    }

    [Fact]
    public void TheEstimateIsTheMeanOfTheTrialsQuantiles()
    {
        var a = Trials(seed: 7, 10, 20);
        var b = Trials(seed: 8, 12, 18);

        var shift = HierarchicalShift.Compute(a, b, [0.5], Settings, paired: true, CancellationToken.None);

        var medianA = (Quantiles.Estimate(a[0].Sample!, 0.5) + Quantiles.Estimate(a[1].Sample!, 0.5)) / 2;
        Assert.Equal(medianA, shift.EstimatesA[0], 9);
        Assert.Equal([1, 2], shift.Trials.Differences.Select(d => d.Trial));
        Assert.Equal(Quantiles.Estimate(a[1].Sample!, 0.5) - Quantiles.Estimate(b[1].Sample!, 0.5), shift.Trials.Differences[1].Delta[0], 9);
        Assert.Equal(2, shift.Trials.TrialsA);
    }

    [Fact]
    public void TrialsWithTooFewCallsAreLeftOut()
    {
        var a = Trials(seed: 9, 10, 10, 10).Select((t, i) => i == 1 ? t with { Sample = SortedSample.From([.. t.Sample!.AsSpan()[..12].ToArray()]) } : t).ToList();
        var b = Trials(seed: 10, 11, 11, 11);

        var plan = TrialPlan.Of(a, b, paired: true, "gRPC", "REST");
        var shift = HierarchicalShift.Compute(a, b, QuantileGrid.Delta, Settings, paired: true, CancellationToken.None);

        Assert.Equal([1, 3], plan.A.Select(t => t.Trial));
        Assert.Equal([1, 3], plan.B.Select(t => t.Trial));
        Assert.Equal(
            ["gRPC's trial 2 (12 successful requests; a trial needs 20)", "REST's trial 2 (gRPC has no usable trial 2 to pair it with)"],
            plan.LeftOut);
        Assert.Equal(2, shift.Trials.Differences.Count);
    }

    [Fact]
    public void TrialsTheMachineSpoiledAreLeftOutWithTheirPair()
    {
        var a = Spoil(Trials(seed: 13, 10, 10, 10, 10), 2, "a CPU steal of 31%");
        var b = Spoil(Trials(seed: 14, 11, 11, 11, 11), 4, "a CPU steal of 12%");

        var plan = TrialPlan.Of(a, b, paired: true, "gRPC", "REST");

        Assert.Equal([1, 3], plan.A.Select(t => t.Trial));
        Assert.Equal([1, 3], plan.B.Select(t => t.Trial));
        Assert.Equal(
            ["trial 2 of both, spoiled by the machine (a CPU steal of 31% in gRPC's window)",
             "trial 4 of both, spoiled by the machine (a CPU steal of 12% in REST's window)"],
            plan.LeftOut);
    }

    [Fact]
    public void SpoiledTrialsAreKeptWhenFewerThanTwoCleanOnesWouldRemain()
    {
        var a = Spoil(Trials(seed: 15, 10, 10, 10), 1, "a CPU steal of 8%");
        var b = Spoil(Trials(seed: 16, 11, 11, 11), 2, "a CPU steal of 9%");

        var paired = TrialPlan.Of(a, b, paired: true, "gRPC", "REST");
        var unpaired = TrialPlan.Of(a, b, paired: false, "gRPC", "REST");

        Assert.Equal([1, 2, 3], paired.A.Select(t => t.Trial));
        Assert.Empty(paired.LeftOut);
        Assert.Equal([2, 3], unpaired.A.Select(t => t.Trial));
        Assert.Equal([1, 3], unpaired.B.Select(t => t.Trial));
        Assert.Equal(["gRPC's trial 1, spoiled by the machine (a CPU steal of 8% in its window)", "REST's trial 2, spoiled by the machine (a CPU steal of 9% in its window)"],
            unpaired.LeftOut);
    }

    [Fact]
    public void ASpoiledTrialNoLongerHidesADifferenceEveryCleanTrialShows()
    {
        // REST slower by 10% in four clean trials; in the fifth a steal of 40% in gRPC's window made gRPC three times slower.
        var a = Spoil(Trials(seed: 17, 10, 10.2, 9.9, 10.1, 30), 5, "a CPU steal of 40%");
        var b = Trials(seed: 18, 11, 11.2, 10.9, 11.1, 11);
        var clean = a.Select(t => t with { SpoiledBy = null }).ToList();

        var kept = HierarchicalShift.Compute(clean, b, [0.5], Settings, paired: true, CancellationToken.None);
        var leftOut = HierarchicalShift.Compute(a, b, [0.5], Settings, paired: true, CancellationToken.None);

        Assert.Equal(0, kept.Sign(0));
        Assert.Equal(-1, leftOut.Sign(0));
        Assert.Equal(4, leftOut.Trials.Differences.Count);
    }

    private static List<TrialSample> Spoil(List<TrialSample> trials, int trial, string by) =>
        [.. trials.Select(t => t.Trial == trial ? t with { SpoiledBy = by } : t)];

    [Fact]
    public void TrialsThatDriftWidenTheBandBeyondThePooledOne()
    {
        // Calls hardly vary within a trial (log-sd 0.02) but the trials' medians do: the pooled band sees only the former.
        var a = Trials(seed: 11, 10, 12, 9, 13, 11);
        var b = Trials(seed: 12, 11.5, 10, 13, 9, 12);
        var pooledA = SortedSample.From([.. a.SelectMany(t => t.Sample!.AsSpan().ToArray())]);
        var pooledB = SortedSample.From([.. b.SelectMany(t => t.Sample!.AsSpan().ToArray())]);

        var pooled = QuantileShiftAnalysis.Compute(pooledA, pooledB, [0.5], Settings, CancellationToken.None);
        var trials = HierarchicalShift.Compute(a, b, [0.5], Settings, paired: true, CancellationToken.None);
        var unpaired = HierarchicalShift.Compute(a, b, [0.5], Settings, paired: false, CancellationToken.None);

        Assert.NotEqual(0, pooled.Sign(0));
        Assert.Equal(0, trials.Sign(0));
        Assert.Equal(0, unpaired.Sign(0));
        Assert.True(trials.Upper[0] - trials.Lower[0] > 20 * (pooled.Upper[0] - pooled.Lower[0]));
    }

    /// <summary>One trial per median: 2,000 log-normal calls of log-sd 0.02 each.</summary>
    private static List<TrialSample> Trials(ulong seed, params double[] medians)
    {
        var random = new SeededRandom(seed);
        return
        [
            .. medians.Select((median, i) => new TrialSample(i + 1,
                SortedSample.From([.. Enumerable.Range(0, 2000).Select(_ => median * Math.Exp(0.02 * random.NextNormal()))]))),
        ];
    }
}

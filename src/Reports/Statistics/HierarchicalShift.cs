namespace RpcCompare.Reports.Statistics;

/// <summary>
/// A shift function whose band covers the differences between trials as well as between calls: a two-level
/// (hierarchical) bootstrap (Kalibera and Jones 2013; Georges et al. 2007). Each outer resample draws as many trials as
/// there are, with replacement, and for each drawn trial a resample of its calls; its statistic is the mean over the
/// drawn trials of each one's quantiles, the estimate being the mean over the trials themselves. The bootstrap of one
/// run's pooled calls sees only the noise within that run, which is why two identical runs used to land far outside
/// each other's bands.
/// <para>
/// Paired (two stacks of one run) a drawn trial brings both groups' calls of that trial, so a drift both saw in it
/// cancels; unpaired (two runs) each group's trials are drawn on their own.
/// </para>
/// <para>
/// Cost: each trial's calls are bootstrapped once (<see cref="QuantileBootstrap"/>, which a group's replicates can be
/// cached from) and an outer resample picks one of those replicates at random per drawn trial. That has the
/// distribution of resampling the trial's calls afresh, for O(trials x grid) per outer resample. Resampling both levels
/// counts the noise within trials twice (in each trial's estimate and in its resample), so the band errs on the wide
/// side, the side a verdict should err on. A quantile is kept when the calls of all trials pass one run's tail rule and
/// each trial has at least one call beyond it (ping's 200 calls a trial keep p99; worst-case's 20 do not). With one trial per group it is exactly <see cref="QuantileShiftAnalysis"/>'s.
/// </para>
/// </summary>
public static class HierarchicalShift
{
    /// <summary>Bootstraps each usable trial's calls with seeds derived from <paramref name="settings"/>, then compares.</summary>
    public static QuantileShift Compute(
        IReadOnlyList<TrialSample> a,
        IReadOnlyList<TrialSample> b,
        IReadOnlyList<double> probabilities,
        BootstrapSettings settings,
        bool paired,
        CancellationToken cancellationToken)
    {
        QuantileReplicates Replicates(TrialSample trial, string group) => QuantileBootstrap.Run(
            trial.Sample!, probabilities, settings.Resamples, SeededRandom.DeriveSeed(settings.Seed, $"{group}#{trial.Trial}"), cancellationToken);

        return Compare(
            TrialPlan.Of(a, b, paired),
            settings with { Seed = SeededRandom.DeriveSeed(settings.Seed, "trials") },
            t => Replicates(t, "A"),
            t => Replicates(t, "B"),
            cancellationToken);
    }

    /// <summary>The shift of A against B over the trials of <paramref name="plan"/>, from each trial's replicates (all on
    /// one grid); <paramref name="settings"/>' seed drives the outer resamples only.</summary>
    public static QuantileShift Compare(
        TrialPlan plan,
        BootstrapSettings settings,
        Func<TrialSample, QuantileReplicates> replicatesA,
        Func<TrialSample, QuantileReplicates> replicatesB,
        CancellationToken cancellationToken)
    {
        if (!plan.CanCompare)
        {
            throw new ArgumentException(
                $"Each group needs a trial of at least {QuantileShiftAnalysis.MinimumSampleSize} successful requests" +
                (plan.Paired ? ", with the same trial number in both." : "."),
                nameof(plan));
        }

        var a = plan.A.Select(replicatesA).ToArray();
        var b = plan.B.Select(replicatesB).ToArray();
        var probabilities = a[0].Probabilities;
        if (a.Concat(b).Any(r => !r.Probabilities.SequenceEqual(probabilities)))
        {
            throw new ArgumentException("Every trial must be bootstrapped on the same probability grid.", nameof(replicatesB));
        }

        if (a.Length == 1 && b.Length == 1)
        {
            // Nothing to resample at the outer level: one run's bootstrap is all there is.
            return QuantileShiftAnalysis.Compare(a[0], b[0], settings.ConfidenceLevel)
                .With(new TrialBasis(1, 1, plan.Paired, [], plan.LeftOut));
        }

        // The tail rule of one run, over the calls of all trials (the outer level carries the noise between trials), and
        // every trial must have at least one call beyond a quantile, or its estimate there is little more than its maximum.
        var (kept, omitted) = QuantileShiftAnalysis.TailRule(probabilities, Math.Min(a.Sum(r => r.SampleSize), b.Sum(r => r.SampleSize)));
        var smallestTrial = a.Concat(b).Min(r => r.SampleSize);
        foreach (var q in kept.Where(q => smallestTrial * Math.Min(probabilities[q], 1 - probabilities[q]) < 1 - 1e-9).ToList())
        {
            kept.Remove(q);
            omitted.Add(probabilities[q]);
        }
        omitted.Sort();
        var columns = Resample(a, b, kept, plan.Paired, settings, cancellationToken);
        var (lower, upper, pointwise) = SimultaneousBand.Percentile(columns, settings.ConfidenceLevel);
        var at = SimultaneousBand.Pointwise(columns, settings.ConfidenceLevel);
        var differences = plan.Paired
            ? plan.A.Select((trial, t) => new TrialDifference(trial.Trial, [.. kept.Select(q => a[t].Estimates[q] - b[t].Estimates[q])])).ToList()
            : [];
        return new QuantileShift(
            [.. kept.Select(q => probabilities[q])],
            [.. kept.Select(q => a.Average(r => r.Estimates[q]))],
            [.. kept.Select(q => b.Average(r => r.Estimates[q]))],
            lower,
            upper,
            omitted,
            (a.Sum(r => r.SampleSize), a[0].Method),
            (b.Sum(r => r.SampleSize), b[0].Method),
            settings.Resamples,
            settings.ConfidenceLevel,
            pointwise,
            at,
            new TrialBasis(a.Length, b.Length, plan.Paired, differences, plan.LeftOut));
    }

    /// <summary>One column per kept probability, one value per outer resample: the mean of A's drawn trials minus B's.</summary>
    private static double[][] Resample(
        QuantileReplicates[] a, QuantileReplicates[] b, List<int> kept, bool paired, BootstrapSettings settings, CancellationToken cancellationToken)
    {
        var columns = kept.Select(_ => new double[settings.Resamples]).ToArray();
        var random = new SeededRandom(settings.Seed);
        var sum = new double[kept.Count];
        for (var r = 0; r < settings.Resamples; r++)
        {
            if ((r & 63) == 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
            }

            Array.Clear(sum);
            if (paired)
            {
                for (var draw = 0; draw < a.Length; draw++)
                {
                    // One trial for both groups; each group's calls in it resampled on their own (they are different calls).
                    var t = random.NextInt(a.Length);
                    var (ra, rb) = (random.NextInt(a[t].Resamples), random.NextInt(b[t].Resamples));
                    for (var j = 0; j < kept.Count; j++)
                    {
                        sum[j] += (a[t].Replicate(ra, kept[j]) - b[t].Replicate(rb, kept[j])) / a.Length;
                    }
                }
            }
            else
            {
                AddMeanOfDraws(a, kept, random, sum, 1);
                AddMeanOfDraws(b, kept, random, sum, -1);
            }

            for (var j = 0; j < kept.Count; j++)
            {
                columns[j][r] = sum[j];
            }
        }

        return columns;
    }

    private static void AddMeanOfDraws(QuantileReplicates[] trials, List<int> kept, SeededRandom random, double[] sum, double sign)
    {
        for (var draw = 0; draw < trials.Length; draw++)
        {
            var t = random.NextInt(trials.Length);
            var replicate = random.NextInt(trials[t].Resamples);
            for (var j = 0; j < kept.Count; j++)
            {
                sum[j] += sign * trials[t].Replicate(replicate, kept[j]) / trials.Length;
            }
        }
    }
}

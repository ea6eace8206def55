namespace RpcCompare.Reports.Statistics;

/// <summary>
/// The trials a two-level bootstrap rests on. A trial with fewer than <see cref="QuantileShiftAnalysis.MinimumSampleSize"/>
/// successful calls is left out, for the reason the pooled bootstrap refuses such a group: its resamples would describe
/// the estimator rather than the data. Paired, only the trial numbers both groups have usable are kept, so each kept
/// trial is one matched pair. A trial the machine spoiled (<see cref="TrialSample.SpoiledBy"/>) is left out too, with its
/// pair, as long as <see cref="MinimumCleanTrials"/> usable ones remain: a window in which the hypervisor took a third of
/// the CPUs moved one entry's median by up to 200% on this machine kind, a difference between neighbours, not stacks,
/// and one such trial widens the interval of all the others. What was left out, and why, is kept for the report.
/// </summary>
public sealed class TrialPlan
{
    private TrialPlan(IReadOnlyList<TrialSample> a, IReadOnlyList<TrialSample> b, bool paired, IReadOnlyList<string> leftOut)
    {
        A = a;
        B = b;
        Paired = paired;
        LeftOut = leftOut;
    }

    /// <summary>Trials the machine spoiled are left out only while at least this many clean ones remain on each side; with
    /// fewer, all are kept, since an interval over one trial sees no spread between trials at all.</summary>
    public const int MinimumCleanTrials = 2;

    /// <summary>A's usable trials in trial order; paired, the same trial numbers as <see cref="B"/>.</summary>
    public IReadOnlyList<TrialSample> A { get; }

    public IReadOnlyList<TrialSample> B { get; }

    public bool Paired { get; }

    /// <summary>One sentence per trial left out, e.g. "gRPC's trial 3 (12 successful requests; a trial needs 20)".</summary>
    public IReadOnlyList<string> LeftOut { get; }

    /// <summary>Whether each group kept a trial (paired: whether a matched pair is left).</summary>
    public bool CanCompare => A.Count > 0 && B.Count > 0;

    public static TrialPlan Of(IReadOnlyList<TrialSample> a, IReadOnlyList<TrialSample> b, bool paired, string nameA = "A", string nameB = "B")
    {
        static bool Usable(TrialSample t) => t.Count >= QuantileShiftAnalysis.MinimumSampleSize;
        var usableA = a.Where(Usable).OrderBy(t => t.Trial).ToList();
        var usableB = b.Where(Usable).OrderBy(t => t.Trial).ToList();
        var leftOut = new List<string>();
        leftOut.AddRange(TooSmall(a, nameA));
        leftOut.AddRange(TooSmall(b, nameB));
        if (paired)
        {
            var matched = usableA.Select(t => t.Trial).Intersect(usableB.Select(t => t.Trial)).ToHashSet();
            leftOut.AddRange(usableA.Where(t => !matched.Contains(t.Trial)).Select(t => $"{nameA}'s trial {t.Trial} ({nameB} has no usable trial {t.Trial} to pair it with)"));
            leftOut.AddRange(usableB.Where(t => !matched.Contains(t.Trial)).Select(t => $"{nameB}'s trial {t.Trial} ({nameA} has no usable trial {t.Trial} to pair it with)"));
            usableA.RemoveAll(t => !matched.Contains(t.Trial));
            usableB.RemoveAll(t => !matched.Contains(t.Trial));
            var pairs = usableA.Zip(usableB).ToList();
            leftOut.AddRange(LeaveOutSpoiled(pairs, p => p.First.SpoiledBy is not null || p.Second.SpoiledBy is not null).Select(p =>
                $"trial {p.First.Trial} of both, spoiled by the machine (" +
                string.Join("; ", new[] { (Name: nameA, Trial: p.First), (Name: nameB, Trial: p.Second) }.Where(s => s.Trial.SpoiledBy is not null)
                    .Select(s => $"{s.Trial.SpoiledBy} in {s.Name}'s window")) + ")"));
            usableA = [.. pairs.Select(p => p.First)];
            usableB = [.. pairs.Select(p => p.Second)];
        }
        else
        {
            IEnumerable<string> OnItsOwn(List<TrialSample> usable, string name) => LeaveOutSpoiled(usable, t => t.SpoiledBy is not null)
                .Select(t => $"{name}'s trial {t.Trial}, spoiled by the machine ({t.SpoiledBy} in its window)");
            leftOut.AddRange(OnItsOwn(usableA, nameA));
            leftOut.AddRange(OnItsOwn(usableB, nameB));
        }

        return new TrialPlan(usableA, usableB, paired, leftOut);
    }

    /// <summary>Removes from <paramref name="trials"/> those <paramref name="spoiled"/> picks, when at least
    /// <see cref="MinimumCleanTrials"/> others remain, and returns them; otherwise removes and returns none. The one rule
    /// for every comparison over trials (latency here, the per-trial figures of the verdict elsewhere).</summary>
    public static List<T> LeaveOutSpoiled<T>(List<T> trials, Func<T, bool> spoiled)
    {
        var gone = trials.Where(spoiled).ToList();
        if (gone.Count == 0 || trials.Count - gone.Count < MinimumCleanTrials)
        {
            return [];
        }
        trials.RemoveAll(t => spoiled(t));
        return gone;
    }

    private static IEnumerable<string> TooSmall(IReadOnlyList<TrialSample> trials, string name) =>
        trials.Where(t => t.Count < QuantileShiftAnalysis.MinimumSampleSize).Select(t =>
            $"{name}'s trial {t.Trial} ({(t.Count == 0 ? "no" : t.Count.ToString("#,0", System.Globalization.CultureInfo.InvariantCulture))} successful requests; a trial needs {QuantileShiftAnalysis.MinimumSampleSize})");
}

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// What one scenario's plan is expected to take on this 2-core class of machine (rough): <see cref="Planned"/> its hosts,
/// priming and planned trials; <see cref="Budget"/> that plus, with --trials auto, four times the planned trials' time again,
/// the most it may add by default.
/// </summary>
public sealed record RunEstimate(TimeSpan Planned, TimeSpan Budget)
{
    /// <summary>Four: the trials --trials auto may add by default take up to four times the planned trials' time. On this
    /// machine kind two hosts of one stack measured in the same trial differed by 9-20% of the median (SD of the paired
    /// per-trial differences, median 15%, 13 A/A base-case runs, 2026-11-29), so finding a 10% difference four times in
    /// five at the two looks' 97.5% needs about 30 trials, and at the spread's upper half 35-40. Twice the planned time
    /// again bought 15-22 trials, which found a measured 7% difference in 5 runs of 14 (the noncentral t predicted 36%) and
    /// would find 10% in about 62%; four times buys about 35 (about 88%).</summary>
    public const int AddedTrialsFactor = 4;

    public static RunEstimate Of(RunSettings settings, RunPlan plan)
    {
        var fixedSeconds = 4.0 * settings.Stacks.Count * (settings.FreshHosts ? plan.Trials : 1);
        if (plan.Scenario.Ramps)
        {
            // Each stack's capacity probe: a warm-up that ends once steady (about 5 s here) and its window.
            fixedSeconds += settings.Stacks.Count * (Math.Min(settings.Warmup.TotalSeconds, 5) + RampProbes.Window.TotalSeconds);
        }
        if (Priming.Applies(plan, settings.StartAt is not null))
        {
            // Six rounds is what base-case took on this machine kind once the JIT had to be quiet. Each warm-up is at
            // least the judged minimum, plus its calls in flight when it ends (worst-case's take seconds), at most the
            // re-warm cap.
            fixedSeconds += 6 * plan.Entries.Sum(entry => Math.Min(RunPlan.ReWarm.TotalSeconds,
                LoadGenerator.MinimumJudgedWarmup.TotalSeconds + CallSeconds(plan, entry)) + 1.5);
        }
        var trialsSeconds = 0.0;
        for (var trial = 1; trial <= plan.Trials; trial++)
        {
            trialsSeconds += plan.Entries.Sum(entry => TrialSeconds(settings, plan, entry, trial));
        }
        var planned = TimeSpan.FromSeconds(fixedSeconds + trialsSeconds);
        return new RunEstimate(planned, plan.AddsTrials ? planned + TimeSpan.FromSeconds(AddedTrialsFactor * trialsSeconds) : planned);
    }

    /// <summary>One call's latency when the entry's callers share this machine's CPUs.</summary>
    private static double CallSeconds(RunPlan plan, PlannedEntry entry) =>
        plan.Scenario.EstimatedMsPerUnit(entry.Variant.Name) * entry.Variant.Threads
        / Math.Min(entry.Variant.Threads, Environment.ProcessorCount) / 1000;

    private static double TrialSeconds(RunSettings settings, RunPlan plan, PlannedEntry entry, int trial)
    {
        var load = plan.LoadFor(entry, trial);
        if (entry.Variant.OfCapacity is not null)
        {
            return OverloadStep.EstimatedSeconds(settings, load, plan.Trials);
        }
        var measured = load.Duration?.TotalSeconds
            ?? load.Requests!.Value * (settings.Rate is { } rate
                ? 1000 / rate
                : plan.Scenario.EstimatedMsPerUnit(entry.Variant.Name) / Math.Min(entry.Variant.Threads, Environment.ProcessorCount)) / 1000;
        return load.Warmup.TotalSeconds + measured + 1;
    }
}

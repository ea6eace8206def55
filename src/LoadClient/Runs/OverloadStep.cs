using RpcCompare.LoadClient.Scenarios;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// The load of one step of the overload ramp, derived from the stack's probed capacity: open loop at the step's share of
/// it, with <see cref="SendersPerCaller"/> senders per probe caller, a short warm-up, and a number of requests that the
/// schedule fixes, so every request of the step is waited for and counted (a step timed by a duration would cancel its
/// slowest calls at the end and hide the queue it measures).
/// </summary>
public static class OverloadStep
{
    /// <summary>Senders per caller of the probe (100 at the default 10): at 200% a step can wait for calls five times as
    /// slow as the probe's before its own senders, not the host, hold requests back. Requests held back still count from
    /// their scheduled time, so the latency is right either way; only the concurrency the host sees is capped.</summary>
    public const int SendersPerCaller = 10;

    /// <summary>A step's measured time over the whole run when neither --requests nor --duration is given, split across the
    /// trials (1 s each at the ramp's default 3): with the warm-up and the settling around it, the seven steps take about
    /// a minute per stack.</summary>
    public static readonly TimeSpan DefaultSeconds = TimeSpan.FromSeconds(3);

    /// <summary>The most warm-up a step gets (the run's --warmup if shorter): the probe and the steps below it warmed the
    /// host; a step's warm-up brings its queue to the step's rate.</summary>
    public static readonly TimeSpan Warmup = TimeSpan.FromSeconds(1);

    /// <summary>The step's rate: its share of the capacity, in requests per second.</summary>
    public static double RateOf(double capacityRps, double share) => capacityRps * share;

    /// <summary>The step's variant as it runs: the open loop's senders are its threads.</summary>
    public static Variant Resolve(Variant step) => step with { Threads = step.Threads * SendersPerCaller };

    /// <summary>The load of a step in one trial, from the plan's load of the entry in that trial (<see cref="RunPlan.LoadFor"/>).</summary>
    /// <param name="trialLoad">The plan's load: its warm-up, and the share of --requests or --duration for this trial.</param>
    /// <param name="capacityRps">The stack's probed capacity; must be positive.</param>
    /// <param name="share">The step's share of it (<see cref="Variant.OfCapacity"/>).</param>
    public static LoadPlan Load(LoadPlan trialLoad, double capacityRps, double share, RunSettings settings, int plannedTrials)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(capacityRps);
        var rate = RateOf(capacityRps, share);
        var seconds = settings.Duration is not null ? trialLoad.Duration!.Value.TotalSeconds : DefaultSeconds.TotalSeconds / plannedTrials;
        var requests = settings.Requests is not null && settings.Duration is null
            ? trialLoad.Requests!.Value
            : Math.Max(1, (long)Math.Round(rate * seconds));
        return trialLoad with
        {
            Threads = trialLoad.Threads * SendersPerCaller,
            Rate = rate,
            Requests = requests,
            Duration = null,
            Warmup = trialLoad.Warmup < Warmup ? trialLoad.Warmup : Warmup,
        };
    }

    /// <summary>What a step is expected to take in one trial: its warm-up, its window, and 1.5 s for the counters' settling
    /// around it (0.6 s each side) and its first call.</summary>
    public static double EstimatedSeconds(RunSettings settings, LoadPlan trialLoad, int plannedTrials) =>
        Math.Min(trialLoad.Warmup.TotalSeconds, Warmup.TotalSeconds) + 1.5
        + (settings.Duration is not null ? trialLoad.Duration!.Value.TotalSeconds : DefaultSeconds.TotalSeconds / plannedTrials);

    /// <summary>Why the command line cannot run the ramp; null when it can.</summary>
    public static string? Refusal(RunSettings settings) => settings.Scenario switch
    {
        not (OverloadScenario.ScenarioName or "all") when settings.OverloadSteps is not null =>
            "--steps sets the overload ramp's steps; give it with --scenario overload (or all).",
        OverloadScenario.ScenarioName when settings.Rate is not null =>
            "--rate sets one rate for every variant, but the overload ramp offers each stack its own rates from its probe; leave --rate out.",
        OverloadScenario.ScenarioName when settings.StartAt is not null =>
            "--start-at needs windows fixed before the run, but the overload ramp's steps follow each stack's probe; leave --start-at out.",
        OverloadScenario.ScenarioName when settings.ClientProcesses > 1 =>
            "--client-processes would probe each stack once per client and ramp them apart; run the overload scenario with one client process.",
        _ => null,
    };
}

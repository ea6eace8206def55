using System.Globalization;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// The bad day's first question: past its capacity, does a stack queue (latency grows, nothing refused, as WCF's
/// throttling does) or refuse (as an ASP.NET Core concurrency limiter does; CoreWCF/CoreWCF #547)? A short closed-loop
/// probe measures each stack's capacity at the run's callers; then an open-loop ramp offers each step's share of it,
/// every step an entry of its own, latency counted from each request's scheduled time (wrk2's rule, so a queue shows as
/// latency). The request is base-case's, the links of a random non-hub node: light enough that a step stays short.
/// </summary>
public sealed class OverloadScenario(IReadOnlyList<int>? steps = null) : Scenario
{
    public const string ScenarioName = "overload";

    /// <summary>The ramp's steps in percent of the probed capacity: below it, at it, and past it up to twice.</summary>
    public static IReadOnlyList<int> DefaultSteps { get; } = [25, 50, 75, 100, 125, 150, 200];

    /// <summary>The trials --trials auto (the default) plans for --scenario overload, and adds none: 7 steps per stack make
    /// 28 entries on the four default stacks, and 3 trials of each keep the ramp at about 6 minutes on 2 cores.</summary>
    public const int AutoTrials = 3;

    /// <summary>The largest step --steps takes: ten times the capacity is overload enough for any host.</summary>
    public const int MaxStep = 1_000;

    public IReadOnlyList<int> Steps { get; } = steps ?? DefaultSteps;

    public override string Name => ScenarioName;

    public override string Origin =>
        $"a stack past its capacity: an open-loop ramp of {string.Join(", ", Steps)}% of what a closed-loop probe measured, " +
        "links of a random node (CoreWCF #547: queue or refuse; wrk2's latency against load)";

    public override bool Ramps => true;

    public override double EstimatedMsPerUnit(string variant) => 2;

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data) =>
        // Requests 0: a step's size follows from its rate, known once the probe has run (OverloadStep in Runs).
        [.. Steps.Select(percent => new Variant(StepName(percent), DefaultThreads, 0, 1,
            (c, random, ct) => c.GetLinksAsync(data.RandomNonHub(random), ct)) { OfCapacity = percent / 100.0 })];

    /// <summary>--steps: whole percents of the capacity, climbing, e.g. "50,100,150,300".</summary>
    /// <exception cref="UserFacingException">The text is not such a list.</exception>
    public static IReadOnlyList<int> ParseSteps(string text)
    {
        var steps = new List<int>();
        foreach (var item in text.Split(',', StringSplitOptions.TrimEntries))
        {
            if (!int.TryParse(item.TrimEnd('%'), NumberStyles.None, CultureInfo.InvariantCulture, out var percent) || percent is < 1 or > MaxStep
                || (steps.Count > 0 && percent <= steps[^1]))
            {
                throw new UserFacingException($"--steps: '{text}' is not a climbing list of whole percents from 1 to {MaxStep:N0} of the " +
                    "probed capacity (e.g. 25,50,100,200).");
            }
            steps.Add(percent);
        }
        return steps;
    }

    /// <summary>"load=125%": the entry of a step, named by its share of the capacity.</summary>
    public static string StepName(int percent) => string.Create(CultureInfo.InvariantCulture, $"load={percent}%");
}

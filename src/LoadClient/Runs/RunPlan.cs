using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Scenarios;

namespace RpcCompare.LoadClient.Runs;

/// <summary>One stack and variant of a scenario: what a trial measures once.</summary>
/// <param name="Variant">The scenario's variant with the run's threads.</param>
/// <param name="Index">Its place in the plan's stack-then-variant order, which summary.json keeps whatever order it ran in.</param>
/// <param name="Load">The whole run's load of the entry, before it is split across the trials (<see cref="RunPlan.LoadFor"/>).</param>
public sealed record PlannedEntry(string Stack, Variant Variant, int Index, LoadPlan Load)
{
    /// <summary>"grpc" or "grpc/stream": how the manifest's trial orders name it.</summary>
    public string Key => Variant.Name.Length == 0 ? Stack : $"{Stack}/{Variant.Name}";
}

/// <summary>
/// A scenario's whole run, resolved before anything starts (as BenchmarkDotNet resolves its cases): every stack's variants
/// with the command line's overrides applied once (threads, requests or duration, warm-up, rate, request timeout,
/// connections), each entry's load, and per trial the order the entries run in, drawn from the seed.
/// </summary>
public sealed class RunPlan
{
    /// <summary>Before each later trial's measured window a host that stayed up is warmed again until steady, for at most
    /// this long (and at most the whole warm-up), so a stack does not start cold after the others ran. A steady host takes
    /// the shortest judged warm-up (<see cref="LoadGenerator.MinimumJudgedWarmup"/>, 3 s).</summary>
    public static readonly TimeSpan ReWarm = TimeSpan.FromSeconds(6);

    private RunPlan(RunSettings settings, Scenario scenario, IReadOnlyList<PlannedEntry> entries, IReadOnlyList<IReadOnlyList<PlannedEntry>> orders,
        int trials)
    {
        Settings = settings;
        Scenario = scenario;
        Entries = entries;
        Orders = orders;
        Trials = trials;
        Client = new ClientOptions
        {
            RequestTimeout = settings.RequestTimeout,
            Http2 = settings.RestHttp2,
            Connections = settings.Connections,
            NewConnectionPerCall = settings.NewConnectionPerCall,
            TrustedCertificate = settings.Tls?.Certificate,
        };
    }

    public RunSettings Settings { get; }

    /// <summary>What every client of the run is created with.</summary>
    public ClientOptions Client { get; }

    public Scenario Scenario { get; }

    /// <summary>Every entry once, stack by stack in --stacks order, each stack's variants in the scenario's order.</summary>
    public IReadOnlyList<PlannedEntry> Entries { get; }

    /// <summary>Per trial, every entry once in the order it runs: the planned trials' and, with --trials auto, those it may
    /// add (drawn from the same seed, so the planned ones are the same as a fixed run's).</summary>
    public IReadOnlyList<IReadOnlyList<PlannedEntry>> Orders { get; }

    /// <summary>The planned trials: a fixed run's all, --trials auto's fewest. The budget is split across these.</summary>
    public int Trials { get; }

    /// <summary>Whether trials may be added after <see cref="Trials"/> (--trials auto).</summary>
    public bool AddsTrials => Orders.Count > Trials;

    public static RunPlan Build(RunSettings settings, Scenario scenario, ScenarioData data)
    {
        var entries = new List<PlannedEntry>();
        foreach (var stack in settings.Stacks)
        {
            var names = new HashSet<string>(StringComparer.Ordinal);
            foreach (var variant in scenario.Variants(StackTraits.Of(stack), data))
            {
                var resolved = settings.Threads is { } threads ? variant.WithThreads(threads) : variant;
                if (!names.Add(resolved.Name))
                {
                    // --threads 1 turns ping's "10-threads" into its "1-thread": the same load, measured once.
                    continue;
                }
                entries.Add(new PlannedEntry(stack, resolved, entries.Count, WholeLoad(settings, resolved)));
            }
        }
        // One trial runs in the order the user gave (--stacks); only repeated trials can spread an order's effect around.
        // A ramp's trials are not added: they would decide the steps' latency rankings, which a ramp does not ask.
        var most = MayAddTrials(settings) && !scenario.Ramps ? AutoTrials.MostTrials : settings.Trials;
        var orders = most == 1 ? [entries]
            : scenario.Ramps ? TrialOrder.DrawGroups(entries, e => e.Stack, most, settings.TrialSeed)
            : TrialOrder.Draw(entries, most, settings.TrialSeed);
        return new RunPlan(settings, scenario, entries, orders, settings.Trials);
    }

    /// <summary>--trials auto, unless windows are aligned (--start-at): clients measuring together must run one plan.</summary>
    public static bool MayAddTrials(RunSettings settings) => settings.AutoTrials && settings.StartAt is null;

    /// <summary>The load of one entry in one trial: the scenario's (or the command line's) budget split evenly across the
    /// trials, the whole warm-up when the host is new to it, a short re-warm when the host stayed up.</summary>
    public LoadPlan LoadFor(PlannedEntry entry, int trial)
    {
        var hostIsFresh = Settings.FreshHosts;
        var whole = entry.Load;
        return whole with
        {
            // A trial added after the planned ones measures as much as the planned trial it follows in the cycle.
            Requests = whole.Requests is { } requests ? Share(requests, Trials, ((trial - 1) % Trials) + 1) : null,
            Duration = whole.Duration / Trials,
            Warmup = hostIsFresh || trial == 1 ? whole.Warmup : Min(whole.Warmup, ReWarm),
        };
    }

    /// <summary>The load a variant gets over the whole run: its threads and default size, unless the command line said otherwise.</summary>
    private static LoadPlan WholeLoad(RunSettings settings, Variant variant) => new()
    {
        Threads = variant.Threads,
        Requests = settings.Duration is null ? settings.Requests ?? variant.Requests : null,
        Duration = settings.Duration,
        Warmup = settings.Warmup,
        RequestTimeout = settings.RequestTimeout,
        Rate = settings.Rate,
        Seed = settings.Dataset.Seed,
    };

    /// <summary>Trial <paramref name="trial"/>'s part of <paramref name="total"/>: the parts differ by one at most and add up
    /// to the total (each is at least one).</summary>
    public static long Share(long total, int trials, int trial) =>
        Math.Max(1, (total / trials) + (trial <= total % trials ? 1 : 0));

    private static TimeSpan Min(TimeSpan a, TimeSpan b) => a < b ? a : b;
}

/// <summary>Randomized interleaved trials (Abedi and Brecht, ICPE 2017): each trial runs every entry once, in an order of
/// its own drawn from one seeded source, so no stack always runs first, last or after the same neighbour.</summary>
public static class TrialOrder
{
    public static IReadOnlyList<IReadOnlyList<T>> Draw<T>(IReadOnlyList<T> entries, int trials, int seed)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(trials, 1);
        // A seeded System.Random gives the same sequence for the same seed, so --trial-seed replays the orders.
        var random = new Random(seed);
        var orders = new List<IReadOnlyList<T>>(trials);
        for (var t = 0; t < trials; t++)
        {
            var order = entries.ToArray();
            random.Shuffle(order);
            orders.Add(order);
        }
        return orders;
    }

    /// <summary>As <see cref="Draw{T}"/>, but the groups (a stack's ramp) are drawn, each keeping its entries together in
    /// their given order.</summary>
    public static IReadOnlyList<IReadOnlyList<T>> DrawGroups<T>(IReadOnlyList<T> entries, Func<T, string> group, int trials, int seed) =>
        [.. Draw([.. entries.GroupBy(group, StringComparer.Ordinal).Select(g => g.ToList())], trials, seed)
            .Select(order => (IReadOnlyList<T>)[.. order.SelectMany(g => g)])];
}

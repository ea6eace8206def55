using System.Diagnostics;
using System.Globalization;
using System.Runtime;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Reports.Statistics;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>An entry's warm latency after each priming round (ms), in round order, and how uncertain each is (the standard
/// error of the interval means it is the median of; NaN when fewer than two intervals had calls; null when not known).</summary>
public sealed record PrimedEntry(string Key, IReadOnlyList<double> RoundMs, IReadOnlyList<double>? RoundNoiseMs = null);

/// <summary>An entry's warm latency in one round and its standard error.</summary>
internal readonly record struct WarmLatency(double Ms, double NoiseMs);

/// <summary>How much of a priming round the busiest process (a host or the load client) spent compiling methods: its JIT
/// milliseconds over the round's, NaN when no process reported its JIT time.</summary>
public sealed record PrimingRound(double JitShare, string Busiest = "");

/// <summary>
/// Before trial 1, rounds of every entry's warm-up (nothing measured) in trial 1's order, until no entry got faster by
/// more than <see cref="Settled"/> since the previous round (an entry's warm latency being the median of its warm-up's
/// last half of 500 ms interval means). A warm-up that is steady on its own is not enough: on this
/// machine kind base-case's trials 1 and 2 were 1.5-8x slower than trials 3-5 on every stack although each of their
/// warm-ups had stopped changing, and with tiered compilation off (DOTNET_TieredCompilation=0) the fall was gone. The
/// hosts' (and the client's) methods are recompiled at tier 1 in the background, which a host does while the others are
/// measured: what settles it is rounds with idle time between them, as a deployed host gets, not a longer warm-up.
/// </summary>
public static class Priming
{
    /// <summary>A round in which every entry got faster by less than this (10%) settles it. It was 25% while the
    /// scheduler's stalls (SchedulingGroup) moved a warm latency by up to 30% between rounds with nothing warming; with
    /// them gone rounds repeat within a few percent, and at 25% a run could settle with GraphQL still 14% faster in its
    /// last round and its first trial 1.5x slower than its last (2026-11-29).</summary>
    public const double Settled = 0.10;

    /// <summary>Three: in three runs without priming the fall lasted two trials (about 40 s) on most stacks and three on
    /// GraphQL, and a second round can hide a fall in noise (one run settled after two rounds with GraphQL still 4x slow).</summary>
    public const int MinimumRounds = 3;

    /// <summary>Twelve: default base-case runs settled at five to seven rounds once the JIT had to be quiet as well; a few
    /// more bound the cost (about 18 s a round for four stacks) when one keeps falling or compiling.</summary>
    public const int MaximumRounds = 12;

    /// <summary>A round settles only if no process spent more than this share of it (2%) compiling methods. Tiered
    /// compilation moves a method to tier 1 in the background once it has been called often enough and no new tier-0
    /// method appeared for 100 ms, so a host can keep compiling for rounds whose latency moves less than
    /// <see cref="Settled"/>: in the base-case calibration of 2026-11-29, 5 of 20 A/A runs settled after three rounds
    /// (about 20 s) and measured their first entry at 1.5-2x its twin's median with twice the server CPU per request.
    /// In base-case runs on this machine kind the busiest process compiled for 7-28% of each of the first four to six
    /// rounds, then 0.4-1.5% (the load client's own, which compiles for every stack).</summary>
    public const double JitQuiet = 0.02;

    /// <summary>Whether a run primes: closed-loop entries on hosts kept up, with a warm-up long enough to be judged and no
    /// --start-at schedule (whose slots are fixed in advance); not a ramp, whose probe warms each host.</summary>
    public static bool Applies(RunPlan plan, bool scheduled) =>
        !plan.Settings.FreshHosts && !scheduled && plan.Settings.Rate is null
        && plan.Settings.Warmup >= LoadGenerator.MinimumJudgedWarmup && !plan.Scenario.Ramps && plan.Entries.Any(e => e.Variant.Mix is null);

    /// <summary>The round after which priming stops (1-based), or null when the rounds so far have not settled: no entry
    /// got faster by more than <see cref="Settled"/> and (where <paramref name="rounds"/> says) the JIT was quiet.</summary>
    public static int? SettledAfter(IReadOnlyList<PrimedEntry> entries, IReadOnlyList<PrimingRound>? rounds = null)
    {
        var count = entries.Count == 0 ? 0 : entries.Min(e => e.RoundMs.Count);
        for (var round = MinimumRounds; round <= count; round++)
        {
            // A round without calls (NaN) tells nothing either way and holds no one back; neither does a round whose
            // processes did not report their JIT time (a --target elsewhere).
            var jitQuiet = rounds is null || round > rounds.Count || !(rounds[round - 1].JitShare > JitQuiet);
            if (jitQuiet && entries.All(e => !Fell(e, round)))
            {
                return round;
            }
        }

        return null;
    }

    /// <summary>Whether the entry got faster in the round by more than <see cref="Settled"/> and by more than its rounds'
    /// own noise: worst-case's rounds hold a few dozen calls of seconds each, whose warm latency moved by up to 2x between
    /// rounds with nothing warming (2026-11-29, twelve rounds without settling), while base-case's thousands of calls put
    /// the noise far below 10%. A round without calls (NaN) tells nothing either way.</summary>
    private static bool Fell(PrimedEntry entry, int round)
    {
        var (previous, current) = (entry.RoundMs[round - 2], entry.RoundMs[round - 1]);
        if (!(current < previous * (1 - Settled)))
        {
            return false;
        }
        if (entry.RoundNoiseMs is not { } noise)
        {
            return true;
        }
        var combined = Math.Sqrt((noise[round - 2] * noise[round - 2]) + (noise[round - 1] * noise[round - 1]));
        return double.IsFinite(combined) && previous - current > NoiseFactor * combined;
    }

    /// <summary>A fall counts when it is more than twice the standard error of the difference of two rounds.</summary>
    public const double NoiseFactor = 2;

    /// <summary>Runs the rounds on the sessions' clients and says what happened, for the manifest's notes.</summary>
    public static async Task<string> RunAsync(RunPlan plan, Func<PlannedEntry, Task<HostSession?>> sessionOf, RunProgress progress,
        CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var order = plan.Orders[0].Where(e => e.Variant.Mix is null).ToList();
        var rounds = order.ToDictionary(e => e.Key, _ => new List<WarmLatency>(), StringComparer.Ordinal);
        var jit = new List<PrimingRound>();
        var monitors = new Dictionary<CounterMonitor, string>();
        for (var round = 1; round <= MaximumRounds && !cancellationToken.IsCancellationRequested; round++)
        {
            progress.Line($"Priming round {round}: every entry's warm-up, nothing measured");
            var roundStart = Stopwatch.GetTimestamp();
            var clientJitStart = JitInfo.GetCompilationTime();
            foreach (var entry in order)
            {
                if (!rounds.TryGetValue(entry.Key, out var warm) || cancellationToken.IsCancellationRequested)
                {
                    continue;
                }

                if (await sessionOf(entry) is not { HostHasExited: false } session)
                {
                    // A stack that cannot start or has died is measured (and fails) in the trials; priming skips it.
                    rounds.Remove(entry.Key);
                    continue;
                }

                if (session.Monitor is { } monitor)
                {
                    monitors.TryAdd(monitor, session.Stack);
                }
                warm.Add(await WarmLatencyAsync(session, entry, plan, cancellationToken));
            }

            jit.Add(RoundJit(monitors.Select(m => (m.Value, m.Key)), roundStart, Stopwatch.GetTimestamp(), JitInfo.GetCompilationTime() - clientJitStart));
            var primed = rounds.Select(r => Primed(r.Key, r.Value)).Where(e => e.RoundMs.Count == round).ToList();
            if (SettledAfter(primed, jit) is not null)
            {
                return Describe(primed, jit, round, clock.Elapsed, settled: true);
            }
        }

        return Describe([.. rounds.Select(r => Primed(r.Key, r.Value))], jit, MaximumRounds, clock.Elapsed, settled: false);
    }

    private static PrimedEntry Primed(string key, List<WarmLatency> rounds) =>
        new(key, [.. rounds.Select(r => r.Ms)], [.. rounds.Select(r => r.NoiseMs)]);

    /// <summary>The busiest process's share of the round spent in the JIT: the load client's own, and each host's from its
    /// counter samples that ended inside the round (a sample covers the 500 ms before it, so the round's last half second
    /// counts in the next round, which is as good for a trend).</summary>
    private static PrimingRound RoundJit(IEnumerable<(string Stack, CounterMonitor Monitor)> hosts, long start, long end, TimeSpan clientJit)
    {
        var roundMs = Stopwatch.GetElapsedTime(start, end).TotalMilliseconds;
        var (busiest, name) = (clientJit.TotalMilliseconds, "client");
        foreach (var (stack, monitor) in hosts)
        {
            var hostJit = monitor.GetSamples().Where(s => s.Timestamp > start && s.Timestamp <= end).Sum(s => s.JitMs ?? 0);
            (busiest, name) = hostJit > busiest ? (hostJit, StackCatalog.DisplayName(stack)) : (busiest, name);
        }
        return new PrimingRound(roundMs > 0 ? busiest / roundMs : double.NaN, name);
    }

    /// <summary>One warm-up of the entry until steady (at most the re-warm cap), and the latency of its last intervals.</summary>
    private static async Task<WarmLatency> WarmLatencyAsync(HostSession session, PlannedEntry entry, RunPlan plan, CancellationToken cancellationToken)
    {
        var load = plan.LoadFor(entry, 1) with
        {
            Requests = null,
            Duration = TimeSpan.FromMilliseconds(1),
            Warmup = RunPlan.ReWarm < entry.Load.Warmup ? RunPlan.ReWarm : entry.Load.Warmup,
        };
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions());
        try
        {
            await LoadGenerator.RunAsync(session.Client, entry.Variant, load, recorder, cancellationToken);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            // A call that fails while priming fails again, counted, in the trials; priming only warms.
        }
        // The median interval of the last half: one interval with a long GC pause or a slow call must not decide a round.
        var means = recorder.WarmUpIntervalMeansMs();
        if (means.Count == 0)
        {
            return new(double.NaN, double.NaN);
        }

        var half = means.Skip(means.Count / 2).Order().ToList();
        var median = half.Count % 2 == 1 ? half[half.Count / 2] : (half[(half.Count / 2) - 1] + half[half.Count / 2]) / 2;
        return new(median, StandardError(half));
    }

    private static double StandardError(List<double> values) =>
        values.Count < 2 ? double.NaN : TrialSpread.Of(values).StandardDeviation / Math.Sqrt(values.Count);

    private static string Describe(IReadOnlyList<PrimedEntry> entries, IReadOnlyList<PrimingRound> jit, int rounds, TimeSpan took,
        bool settled)
    {
        var settledText = (Settled * 100).ToString("0", CultureInfo.InvariantCulture) + "%";
        var seconds = took.TotalSeconds.ToString("0", CultureInfo.InvariantCulture);
        static string Ms(double ms) => double.IsFinite(ms) ? ms.ToString("0.###", CultureInfo.InvariantCulture) : "-";
        var lines = string.Join("; ", entries.Select(e => $"{StackDisplay(e.Key)} {string.Join(" \u2192 ", e.RoundMs.Select(Ms))} ms"));
        var quiet = (JitQuiet * 100).ToString("0.#", CultureInfo.InvariantCulture) + "%";
        var shares = string.Join(" \u2192 ", jit.Select(r => double.IsFinite(r.JitShare)
            ? (r.JitShare * 100).ToString("0.0", CultureInfo.InvariantCulture) + $"% ({r.Busiest})" : "-"));
        return settled
            ? $"Priming: {rounds} rounds of every entry's warm-up before trial 1 ({seconds} s), until no entry got faster by " +
              $"more than {settledText} in a round and no process spent more than {quiet} of it compiling (warm latency by " +
              $"round: {lines}; busiest process's JIT share by round: {shares})."
            : $"Priming: stopped after {MaximumRounds} rounds ({seconds} s) with an entry still getting faster by more than " +
              $"{settledText} a round or a process still compiling more than {quiet} of it; the first trials may measure a " +
              $"system still warming (warm latency by round: {lines}; busiest process's JIT share by round: {shares}).";
    }

    private static string StackDisplay(string key)
    {
        var slash = key.IndexOf('/', StringComparison.Ordinal);
        return slash < 0 ? StackCatalog.DisplayName(key) : $"{StackCatalog.DisplayName(key[..slash])} {key[(slash + 1)..]}";
    }
}

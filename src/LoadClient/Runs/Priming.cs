using System.Diagnostics;
using System.Globalization;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Terminal;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>An entry's warm latency after each priming round (ms), in round order.</summary>
public sealed record PrimedEntry(string Key, IReadOnlyList<double> RoundMs);

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

    /// <summary>Eight: default base-case runs settled at five rounds with the stricter threshold; a few more bound the
    /// cost (about 18 s a round for four stacks) when one keeps falling.</summary>
    public const int MaximumRounds = 8;

    /// <summary>Whether a run primes: closed-loop entries on hosts kept up, with a warm-up long enough to be judged and no
    /// --start-at schedule (whose slots are fixed in advance); not a ramp, whose probe warms each host.</summary>
    public static bool Applies(RunPlan plan, bool scheduled) =>
        !plan.Settings.FreshHosts && !scheduled && plan.Settings.Rate is null
        && plan.Settings.Warmup >= LoadGenerator.MinimumJudgedWarmup && !plan.Scenario.Ramps && plan.Entries.Any(e => e.Variant.Mix is null);

    /// <summary>The round after which priming stops (1-based), or null when the rounds so far have not settled.</summary>
    public static int? SettledAfter(IReadOnlyList<PrimedEntry> entries)
    {
        var rounds = entries.Count == 0 ? 0 : entries.Min(e => e.RoundMs.Count);
        for (var round = MinimumRounds; round <= rounds; round++)
        {
            // A round without calls (NaN) tells nothing either way and holds no one back.
            if (entries.All(e => !(e.RoundMs[round - 1] < e.RoundMs[round - 2] * (1 - Settled))))
            {
                return round;
            }
        }

        return null;
    }

    /// <summary>Runs the rounds on the sessions' clients and says what happened, for the manifest's notes.</summary>
    public static async Task<string> RunAsync(RunPlan plan, Func<PlannedEntry, Task<HostSession?>> sessionOf, RunProgress progress,
        CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var order = plan.Orders[0].Where(e => e.Variant.Mix is null).ToList();
        var rounds = order.ToDictionary(e => e.Key, _ => new List<double>(), StringComparer.Ordinal);
        for (var round = 1; round <= MaximumRounds && !cancellationToken.IsCancellationRequested; round++)
        {
            progress.Line($"Priming round {round}: every entry's warm-up, nothing measured");
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

                warm.Add(await WarmLatencyAsync(session, entry, plan, cancellationToken));
            }

            var primed = rounds.Select(r => new PrimedEntry(r.Key, r.Value)).Where(e => e.RoundMs.Count == round).ToList();
            if (SettledAfter(primed) is not null)
            {
                return Describe(primed, round, clock.Elapsed, settled: true);
            }
        }

        return Describe([.. rounds.Select(r => new PrimedEntry(r.Key, r.Value))], MaximumRounds, clock.Elapsed, settled: false);
    }

    /// <summary>One warm-up of the entry until steady (at most the re-warm cap), and the mean latency of its last intervals.</summary>
    private static async Task<double> WarmLatencyAsync(HostSession session, PlannedEntry entry, RunPlan plan, CancellationToken cancellationToken)
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
            return double.NaN;
        }

        var half = means.Skip(means.Count / 2).Order().ToList();
        return half.Count % 2 == 1 ? half[half.Count / 2] : (half[(half.Count / 2) - 1] + half[half.Count / 2]) / 2;
    }

    private static string Describe(IReadOnlyList<PrimedEntry> entries, int rounds, TimeSpan took, bool settled)
    {
        var settledText = (Settled * 100).ToString("0", CultureInfo.InvariantCulture) + "%";
        var seconds = took.TotalSeconds.ToString("0", CultureInfo.InvariantCulture);
        static string Ms(double ms) => double.IsFinite(ms) ? ms.ToString("0.###", CultureInfo.InvariantCulture) : "-";
        var lines = string.Join("; ", entries.Select(e => $"{StackDisplay(e.Key)} {string.Join(" \u2192 ", e.RoundMs.Select(Ms))} ms"));
        return settled
            ? $"Priming: {rounds} rounds of every entry's warm-up before trial 1 ({seconds} s), until no entry got faster by " +
              $"more than {settledText} in a round (warm latency by round: {lines})."
            : $"Priming: stopped after {MaximumRounds} rounds ({seconds} s) with an entry still getting faster by more than " +
              $"{settledText} a round; the first trials may measure a system still warming (warm latency by round: {lines}).";
    }

    private static string StackDisplay(string key)
    {
        var slash = key.IndexOf('/', StringComparison.Ordinal);
        return slash < 0 ? StackCatalog.DisplayName(key) : $"{StackCatalog.DisplayName(key[..slash])} {key[(slash + 1)..]}";
    }
}

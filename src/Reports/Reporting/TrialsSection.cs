using System.Globalization;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Statistics;
using RpcCompare.Stacks;

namespace RpcCompare.Reports.Reporting;

/// <summary>
/// The repetitions of a run: each trial's p50, p99 and throughput per entry with their spread, the strip chart of the
/// trials' p50 and p99, and the sentence that says what a band rests on. Shown only when some entry has two trials or
/// more; a run of one trial has no repetition to show.
/// </summary>
internal static class TrialsSection
{
    public const string HowTo =
        "Each trial measured every stack and variant once, in an order of its own. The spread is the highest trial's figure minus " +
        "the lowest's, and that as a share of the trials' mean. Where the spread is as large as the difference between two stacks, " +
        "one run could have ranked them either way: the verdicts and bands rest on the trials for that reason.";

    public const string ChartHowTo =
        "One dot per trial: the median (filled) and the 99th percentile (hollow) of that trial's requests, on a log scale. " +
        "Dots of one stack that lie far apart mean the runs themselves differ, whatever each run's own interval says.";

    public static bool Applies(RunAnalysis analysis) => analysis.HasTrials;

    /// <summary>"5 trials (trial seed 42), each in its own random order of the stacks; hosts restarted before each trial."</summary>
    public static string Intro(RunAnalysis analysis)
    {
        var count = analysis.Entries.Max(e => e.TrialNumbers.Count);
        if (analysis.Run.Manifest.Trials is not { } info)
        {
            return $"{count} trials.";
        }

        return $"{info.Count} trials (trial seed {info.Seed.ToString(CultureInfo.InvariantCulture)}), each measuring every stack and variant once in an order of its own" +
               (info.FreshHosts ? "; each host was restarted before each of its trials." : "; the hosts stayed up between trials.");
    }

    public static HtmlTable Table(IEnumerable<EntryStats> entries)
    {
        var table = new HtmlTable(
            new Cell("Stack", true), new Cell("Variant", true), "Trials", new Cell("p50 by trial (ms)", true), "p50 spread (ms)",
            new Cell("p99 by trial (ms)", true), "p99 spread (ms)", new Cell("Throughput by trial (req/s)", true), "Throughput spread (req/s)",
            new Cell("Warm-up by trial (s)", true));
        foreach (var entry in entries)
        {
            var p50 = Percentiles(entry, 0.5);
            var p99 = Percentiles(entry, 0.99);
            var throughput = Throughputs(entry);
            table.Row(
            [
                new(StackCatalog.DisplayName(entry.Stack), true),
                new(entry.Variant.Length == 0 ? Formats.Dash : entry.Variant, true),
                Formats.Whole(entry.TrialNumbers.Count),
                new(ByTrial(p50, Formats.Ms), true),
                Spread(p50, Formats.Ms),
                new(ByTrial(p99, Formats.Ms), true),
                Spread(p99, Formats.Ms),
                new(ByTrial(throughput, v => Formats.OneDecimal(v)), true),
                Spread(throughput, v => Formats.OneDecimal(v)),
                new(WarmUps(entry), true),
            ]);
        }

        return table;
    }

    /// <summary>
    /// The entries measured after a warm-up that was judged and still drifting at its cap, by trial: "gRPC (trial 1: 10 s
    /// of warm-up, still drifting 14%)…", for a "not steady" banner. Null when every judged warm-up was steady.
    /// </summary>
    public static string? NotSteady(IEnumerable<EntryStats> entries)
    {
        var named = entries
            .Select(e => (e.DisplayName, Trials: (e.Summary.Trials ?? []).Where(t => t.WarmUp is { Steady: false }).ToList()))
            .Where(e => e.Trials.Count > 0)
            .Select(e => $"{e.DisplayName} ({string.Join("; ", e.Trials.Select(t => $"trial {t.Trial}: {Formats.OneDecimal(t.WarmUp!.Seconds)} s of warm-up, " +
                $"still drifting {Formats.Percent(Math.Round((t.WarmUp.Drift ?? 0) * 100, 1))}"))})")
            .ToList();
        return named.Count == 0
            ? null
            : $"{string.Join(", ", named)}. These trials began measuring while latency was still changing (their warm-up " +
              "reached its cap first), so their figures include a system still warming; a longer --warmup gives them time.";
    }

    /// <summary>
    /// The whole machine during the measured windows, from each trial's /proc/stat reading: the range of CPU steal and of
    /// busy CPU (every process, ours included), and the trials the hypervisor spoiled by name; null when no trial has it.
    /// </summary>
    public static string? Machine(IEnumerable<EntryStats> entries)
    {
        var trials = entries.SelectMany(e => (e.Summary.Trials ?? []).Where(t => t.Machine is not null).Select(t => (e.DisplayName, t.Trial, t.Machine!))).ToList();
        if (trials.Count == 0)
        {
            return null;
        }

        string Range(Func<Results.MachineNoise, double> figure) =>
            $"{Formats.Percent(trials.Min(t => figure(t.Item3)))}\u2013{Formats.Percent(trials.Max(t => figure(t.Item3)))}";
        var spoiled = trials.Where(t => t.Item3.StealPercent >= Results.MachineNoise.SpoiledStealPercent)
            .Select(t => $"{t.DisplayName} trial {t.Trial} ({Formats.Percent(t.Item3.StealPercent)} steal)").ToList();
        return $"The machine during the measured windows: CPU steal {Range(m => m.StealPercent)} per trial and entry, all CPUs busy " +
               $"{Range(m => m.BusyPercent)} (every process, ours included)." +
               (spoiled.Count == 0 ? "" : $" Spoiled by the machine (steal of {Formats.Percent(Results.MachineNoise.SpoiledStealPercent)} or more): " +
                   $"{string.Join(", ", spoiled)}; their figures say as much about the neighbours as about the stacks, so the comparisons " +
                   $"over trials leave them out (with their pair) while {TrialPlan.MinimumCleanTrials} clean trials or more remain.") +
               CpuSpeed(trials);
    }

    /// <summary>The fixed CPU loop's and memory walk's ranges and the trials whose machine was slower than the run's
    /// median by <see cref="Results.MachineNoise.SlowCpuFactor"/> (the loop) or <see cref="Results.MachineNoise.SlowMemoryFactor"/>
    /// (the walk) or more; empty when no trial has either.</summary>
    private static string CpuSpeed(IReadOnlyList<(string DisplayName, int Trial, Results.MachineNoise Machine)> trials) =>
        SpeedProbe(trials, m => m.CpuLoopMicroseconds, Results.MachineNoise.SlowCpuFactor, "A fixed loop of integer work",
            "it grows when the machine's CPU is slower, not when it is busier", "Measured on a slower machine", "the loop") +
        SpeedProbe(trials, m => m.MemoryWalkMicroseconds, Results.MachineNoise.SlowMemoryFactor, "A fixed walk of dependent loads through 64 MiB of memory",
            "it grows when something fills the shared cache or the memory bus, which the integer loop does not feel",
            "Measured with slower memory", "the walk");

    private static string SpeedProbe(IReadOnlyList<(string DisplayName, int Trial, Results.MachineNoise Machine)> trials,
        Func<Results.MachineNoise, double?> reading, double slowFactor, string what, string why, string slowLabel, string subject)
    {
        var readings = trials.Where(t => reading(t.Machine) is > 0)
            .Select(t => (t.DisplayName, t.Trial, Micros: reading(t.Machine)!.Value)).ToList();
        if (readings.Count == 0)
        {
            return "";
        }
        var median = Median(readings.Select(l => l.Micros));
        var slow = readings.Where(l => l.Micros >= median * slowFactor)
            .Select(l => $"{l.DisplayName} trial {l.Trial} (+{Formats.Percent(((l.Micros / median) - 1) * 100)})").ToList();
        return $" {what} took {Formats.Whole(readings.Min(l => l.Micros))}\u2013{Formats.Whole(readings.Max(l => l.Micros))} µs of the client's own " +
               $"CPU time as the windows ended (median {Formats.Whole(median)} µs; {why})." +
               (slow.Count == 0 ? "" : $" {slowLabel} ({subject} {Formats.Percent(Math.Round((slowFactor - 1) * 100))} " +
                   $"or more over the median): {string.Join(", ", slow)}; their figures say as much about the machine as about the stacks.");
    }

    /// <summary>
    /// The trials in which every entry was slower than its own median over the trials, by
    /// <see cref="SharedSlowdownFactor"/> or more on average (geometric mean of the ratios): something every stack shares
    /// (the machine, PostgreSQL, the load client) was slower then, not one stack, so such a trial moves each stack's
    /// first/last ratio and spread without saying anything about the stacks. Null with fewer than two entries of three
    /// trials or more, or when no trial was.
    /// </summary>
    public static string? SharedSlowdown(IEnumerable<EntryStats> entries)
    {
        var ratios = entries.Where(e => e.TrialsWithData >= 3)
            .Select(e => e.Trials.Where(t => t.Sample is not null).ToDictionary(t => t.Trial, t => Quantiles.Estimate(t.Sample!, 0.5)))
            .Select(byTrial => (Median: Median(byTrial.Values), ByTrial: byTrial))
            .Where(s => s.Median > 0)
            .Select(s => s.ByTrial.ToDictionary(kv => kv.Key, kv => kv.Value / s.Median))
            .ToList();
        if (ratios.Count < 2)
        {
            return null;
        }
        var slower = ratios[0].Keys.Order()
            .Where(trial => ratios.All(r => r.TryGetValue(trial, out var ratio) && ratio > 1))
            .Select(trial => (Trial: trial, Low: ratios.Min(r => r[trial]), High: ratios.Max(r => r[trial]),
                Mean: Math.Exp(ratios.Average(r => Math.Log(r[trial])))))
            .Where(t => t.Mean >= SharedSlowdownFactor)
            .ToList();
        return slower.Count == 0
            ? null
            : $"Slower for every stack at once: {string.Join(", ", slower.Select(s => $"trial {s.Trial} (p50 {Rise(s.Low, s.High)} over each " +
              $"stack's own median, +{Formats.Percent(Math.Round((s.Mean - 1) * 100))} on average)"))}. Something all of them share (the machine, " +
              "PostgreSQL, the load client) was slower then, not one stack: such a trial moves every stack's first/last ratio and spread, " +
              "while the comparisons, paired by trial, see it on both sides.";
    }

    private static string Rise(double low, double high)
    {
        var (from, to) = (Math.Round((low - 1) * 100), Math.Round((high - 1) * 100));
        return from == to ? $"+{Formats.Percent(from)}" : $"+{Formats.Percent(from)} to +{Formats.Percent(to)}";
    }

    /// <summary>The geometric mean of every stack's trial p50 over its own median, at or above which <see cref="SharedSlowdown"/>
    /// names the trial (each stack's also above 1).</summary>
    public const double SharedSlowdownFactor = 1.10;

    private static double Median(IEnumerable<double> values)
    {
        var sorted = values.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
    }

    /// <summary>"3.0 / 3.5 / 10.0 (not steady)": each trial's warm-up, marked where it was judged and not steady.</summary>
    private static string WarmUps(EntryStats entry) =>
        entry.Summary.Trials is { Count: > 0 } trials && trials.Any(t => t.WarmUp is not null)
            ? string.Join(" / ", trials.Select(t => t.WarmUp is { } w
                ? Formats.OneDecimal(w.Seconds) + (w.Steady == false ? " (not steady)" : "")
                : Formats.Dash))
            : Formats.Dash;

    /// <summary>One category per entry with data; per trial a filled dot at its p50 and a hollow one at its p99.</summary>
    public static StripChart Chart(string id, IEnumerable<EntryStats> entries)
    {
        var drawn = entries.Where(e => e.Sample is not null).ToList();
        IReadOnlyList<IReadOnlyList<double>> Dots(double probability) =>
            [.. drawn.Select(e => (IReadOnlyList<double>)[.. Percentiles(e, probability).OfType<double>()])];
        return new StripChart
        {
            Id = id,
            Title = "Latency by trial",
            Subtitle = "Each trial's p50 (filled) and p99 (hollow), one dot per trial",
            Y = new Axis("latency (ms, log scale)") { Scale = AxisScale.Log10 },
            Categories = [.. drawn.Select(e => e.DisplayName)],
            CategoryColors = [.. drawn.Select(e => StackStyle.Color(e.Stack))],
            Series = [new StripSeries("p50", DotShape.Filled, Dots(0.5)), new StripSeries("p99", DotShape.Hollow, Dots(0.99))],
            Notes = [.. entries.Where(e => e.Sample is null).Select(e => $"{e.DisplayName}: no successful requests")],
        };
    }

    /// <summary>What a shift's band rests on, for the sentences of a comparison; null for one run's band of one trial.</summary>
    public static string? BandSentence(QuantileShift shift)
    {
        var basis = shift.Trials;
        var leftOut = basis.LeftOut.Count == 0 ? "" : $" Left out: {string.Join("; ", basis.LeftOut)}.";
        if (basis.AcrossTrials)
        {
            var trials = basis.Paired ? $"{basis.TrialsA} trials, paired by trial" : $"{basis.TrialsA} and {basis.TrialsB} trials, each side resampled on its own";
            return $"The band rests on {trials}: it resamples the trials, then the requests of each drawn trial, so it covers the differences " +
                   $"between trials as well as between requests.{leftOut}";
        }

        return leftOut.Length == 0
            ? null
            : $"Too few trials had {QuantileShiftAnalysis.MinimumSampleSize} successful requests or more for a band across trials, so the band " +
              $"covers only the noise within one run.{leftOut}";
    }

    /// <summary>The estimate at <paramref name="probability"/> of each trial, null for a trial without requests.</summary>
    private static List<double?> Percentiles(EntryStats entry, double probability) =>
        [.. entry.TrialSamples.Select(s => s is null ? (double?)null : Quantiles.Estimate(s, probability))];

    /// <summary>Each trial's throughput as the load client measured it; a format-1 entry's one trial is the entry.</summary>
    private static List<double?> Throughputs(EntryStats entry) =>
        entry.Summary.Trials is { Count: > 0 } trials ? [.. trials.Select(t => (double?)t.ThroughputRps)] : [entry.Summary.ThroughputRps];

    private static string ByTrial(List<double?> values, Func<double, string> format) =>
        string.Join(" / ", values.Select(v => v is { } x ? format(x) : Formats.Dash));

    /// <summary>"3.94 (35%)": the highest minus the lowest, and that as a share of their mean.</summary>
    private static string Spread(List<double?> values, Func<double, string> format)
    {
        var known = values.OfType<double>().ToList();
        if (known.Count < 2)
        {
            return Formats.Dash;
        }

        var range = known.Max() - known.Min();
        var mean = known.Average();
        return mean > 0 ? $"{format(range)} ({Formats.Percent(Math.Round(range / mean * 100, 1))})" : format(range);
    }
}

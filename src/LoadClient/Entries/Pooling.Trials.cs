using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Entries;

/// <summary>
/// The entry summary.json shows for a stack and variant, made from its trials' entries by the rules of
/// <see cref="Pooling"/>: counts and durations summed, throughput over the summed windows, the latency quantiles and the
/// breakdown's parts by the one estimator (<see cref="AcrossTrials"/>), so the breakdown's client part is the headline
/// quantile; each trial's own figures kept in <see cref="SummaryEntry.Trials"/>. One trial's entry comes back as it was,
/// with its figures.
/// </summary>
public static partial class Pooling
{
    /// <param name="trials">The trials' entries in the order they ran, with their trial numbers.</param>
    public static SummaryEntry Trials(IReadOnlyList<(int Trial, SummaryEntry Entry)> trials)
    {
        if (trials.Count == 0)
        {
            throw new ArgumentException("An entry is pooled from one trial at least.", nameof(trials));
        }
        var figures = trials.Select(t => Figures(t.Trial, t.Entry)).ToList();
        var first = trials[0].Entry;
        if (trials.Count == 1)
        {
            return first with { Trials = figures, WarmUp = null, Machine = null };
        }

        var entries = trials.Select(t => t.Entry).ToList();
        var requests = entries.Sum(e => e.Requests);
        var duration = entries.Sum(e => e.DurationSeconds);
        return first with
        {
            Status = Worst(entries.Select(e => e.Status)),
            StatusReason = Reasons(trials.Select(t => ($"trial {t.Trial}", t.Entry.StatusReason))),
            Requests = requests,
            Errors = entries.Sum(e => e.Errors),
            ErrorsByKind = ErrorsByKind(entries),
            DurationSeconds = duration,
            ThroughputRps = duration > 0 ? requests / duration : 0,
            FirstCallMs = entries.Select(e => e.FirstCallMs).FirstOrDefault(v => v is not null),
            LatencyMs = Latency(entries.Select(e => e.LatencyMs)),
            BytesSentPerRequest = ByCalls(entries, e => e.BytesSentPerRequest),
            BytesReceivedPerRequest = ByCalls(entries, e => e.BytesReceivedPerRequest),
            Server = Server(entries, PartsRan.InTurn),
            Client = Client(entries, PartsRan.InTurn),
            Breakdown = BreakdownOfTrials(entries),
            LimitsHit = LimitsHit(entries),
            Files = first.Files with
            {
                Latencies = entries.Select(e => e.Files.Latencies).FirstOrDefault(f => f is not null),
                Histogram = entries.Select(e => e.Files.Histogram).FirstOrDefault(f => f is not null),
                Counters = entries.Select(e => e.Files.Counters).FirstOrDefault(f => f is not null),
                HostLog = entries.Select(e => e.Files.HostLog).FirstOrDefault(f => f is not null),
            },
            Trials = figures,
            WarmUp = null,
            Machine = null,
        };
    }

    /// <summary>A trial's own figures, as summary.json keeps them per entry.</summary>
    public static TrialFigures Figures(int trial, SummaryEntry entry) => new()
    {
        Trial = trial,
        Status = entry.Status,
        Requests = entry.Requests,
        Errors = entry.Errors,
        DurationSeconds = entry.DurationSeconds,
        ThroughputRps = entry.ThroughputRps,
        P50Ms = entry.LatencyMs?.P50,
        P99Ms = entry.LatencyMs?.P99,
        BytesSentPerRequest = entry.BytesSentPerRequest,
        BytesReceivedPerRequest = entry.BytesReceivedPerRequest,
        ClientCpuMsPerRequest = entry.Client?.CpuMsPerRequest,
        ServerCpuMsPerRequest = entry.Server?.CpuMsPerRequest,
        ServerAllocatedBytesPerRequest = entry.Server?.AllocatedBytesPerRequest,
        Intervals = entry.Files.Intervals,
        WarmUp = entry.WarmUp,
        Machine = entry.Machine,
    };

    /// <summary>The trials' breakdowns by the one estimator (<see cref="AcrossTrials"/>), as the headline quantiles: each
    /// trial's split holds database &lt;= server &lt;= client of one window, and so does their mean.</summary>
    private static BreakdownSummary? BreakdownOfTrials(List<SummaryEntry> entries)
    {
        var timed = entries.Where(e => e.Breakdown is not null).Select(e => e.Breakdown!).ToList();
        if (timed.Count == 0)
        {
            return null;
        }
        double Mean(Func<BreakdownSummary, double> value) => AcrossTrials(timed.Select(value));
        // A measured part of the split over the trials that measured it (older results pooled with newer); null when none did.
        double? MeanOfMeasured(Func<BreakdownSummary, double?> value)
        {
            var measured = timed.Select(value).OfType<double>().ToList();
            return measured.Count == 0 ? null : AcrossTrials(measured);
        }
        TimingSummary? TimingOf(Func<BreakdownSummary, TimingSummary?> part) => Timing([.. timed.Select(part)], PartsRan.InTurn);
        return new BreakdownSummary
        {
            ServerSource = timed[0].ServerSource,
            ServerMs = TimingOf(b => b.ServerMs)!,
            DatabaseMs = TimingOf(b => b.DatabaseMs),
            FirstBatchMs = TimingOf(b => b.FirstBatchMs),
            DatabaseCallsPerRequest = Mean(b => b.DatabaseCallsPerRequest),
            WriteWaitMs = TimingOf(b => b.WriteWaitMs),
            P50 = LatencySplit.From(Mean(b => b.P50.Client), Mean(b => b.P50.Server), Mean(b => b.P50.Database),
                waiting: MeanOfMeasured(b => b.P50.WaitingForClient),
                decode: MeanOfMeasured(b => b.P50.ClientDecode), receive: MeanOfMeasured(b => b.P50.ClientReceive)),
            P99 = LatencySplit.From(Mean(b => b.P99.Client), Mean(b => b.P99.Server), Mean(b => b.P99.Database),
                waiting: MeanOfMeasured(b => b.P99.WaitingForClient),
                decode: MeanOfMeasured(b => b.P99.ClientDecode), receive: MeanOfMeasured(b => b.P99.ClientReceive)),
        };
    }
}

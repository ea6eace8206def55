using HdrHistogram;
using IntervalLog = RpcCompare.LoadClient.Measurement.IntervalLog;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.TestSupport;

/// <summary>One stack/variant of a synthetic run: log-normal latencies with the given median (ms) and log-sd;
/// <see cref="Requests"/> successful calls in each trial.</summary>
public sealed record SyntheticEntry(string Stack, string Variant, int Requests, double MedianMs, double Spread = 0.4)
{
    /// <summary>One median (ms) per trial, so trials can drift apart; null: one trial at <see cref="MedianMs"/>.</summary>
    public IReadOnlyList<double>? TrialMedians { get; init; }

    public IReadOnlyList<double> Medians => TrialMedians ?? [MedianMs];

    /// <summary>One warm-up per trial (null: results from before warm-ups were recorded).</summary>
    public IReadOnlyList<WarmUpInfo>? WarmUps { get; init; }

    /// <summary>The machine during each trial (null: results from before it was recorded).</summary>
    public IReadOnlyList<MachineNoise>? Machines { get; init; }

    public string Status { get; init; } = ResultsFormat.EntryStatus.Ok;
    public string? StatusReason { get; init; }
    public long Errors { get; init; }
    public bool WithCounters { get; init; } = true;

    /// <summary>Writes an interval log (six one-second intervals) so the report draws latency over time.</summary>
    public bool WithIntervals { get; init; } = true;
    public double? BytesSent { get; init; } = 180;
    public double? BytesReceived { get; init; } = 5200;

    /// <summary>How busy the load client's one CPU was; null: results from before the client-bound flag.</summary>
    public double? ClientBusyPercent { get; init; }

    /// <summary>Why the scaling check was not made for the entry; null: it was made, or was not of its kind.</summary>
    public string? ScalingNotMeasured { get; init; }

    /// <summary>Database and server shares of the median for a breakdown (server includes database); null: none.</summary>
    public (double Database, double Server)? Breakdown { get; init; }

    /// <summary>With <see cref="Breakdown"/>: the server's waiting for the client and the client's decoding, as shares of the
    /// median like the breakdown's.</summary>
    public (double Waiting, double Decode)? Overlap { get; init; }
}

/// <summary>
/// Writes seeded results folders in the load client's formats: the interval logs with its own IntervalLog, the latencies
/// CSV as plain lines under LatencyCsv's header (the load client's writer is built for workers' rings, not a list), the
/// trials' calls one trial after another. Format 1 (before trials) writes no trial figures and allows one trial only.
/// </summary>
public static class SyntheticResults
{
    public static IReadOnlyList<SyntheticEntry> FourStacks(int requests = 400) =>
    [
        new("grpc", "", requests, 8.0, 0.35),
        new("wcf", "", requests, 11.0, 0.45),
        new("rest", "", requests, 10.0, 0.4),
        new("graphql", "", requests, 14.0, 0.4),
    ];

    /// <summary>gRPC and REST, 2,000 calls each of log-sd 0.02 around the given trial medians: steady within a trial, so
    /// what the trials' medians do is what a verdict sees.</summary>
    public static Task<string> TwoStacksByTrialAsync(string folder, double[] grpcMedians, double[] restMedians) =>
        CreateAsync(folder,
        [
            new SyntheticEntry("grpc", "", 2000, grpcMedians.Average(), 0.02) { TrialMedians = grpcMedians },
            new SyntheticEntry("rest", "", 2000, restMedians.Average(), 0.02) { TrialMedians = restMedians },
        ]);

    public static async Task<string> CreateAsync(
        string folder,
        IReadOnlyList<SyntheticEntry> entries,
        string status = ResultsFormat.RunStatus.Complete,
        string scenario = "worst-case",
        string fingerprint = "tiny-7f3a",
        ulong seed = 1,
        bool writeSummary = true,
        int formatVersion = ResultsFormat.Version,
        IReadOnlyDictionary<string, string>? options = null)
    {
        var trialCount = entries.Select(e => e.Medians.Count).DefaultIfEmpty(1).Max();
        if (formatVersion < 2 && trialCount > 1)
        {
            throw new ArgumentException("Results of format 1 have one trial only.", nameof(entries));
        }

        Directory.CreateDirectory(folder);
        var started = new DateTimeOffset(2026, 11, 22, 10, 15, 0, TimeSpan.Zero);
        var stacks = entries.Select(e => e.Stack).Distinct().ToList();
        var manifest = new RunManifest
        {
            FormatVersion = formatVersion,
            Tool = new ToolInfo { Name = "rpccompare", Version = "0.1.0", GitCommit = "5cf98a0" },
            StartedUtc = started,
            FinishedUtc = status == ResultsFormat.RunStatus.Running ? null : started.AddMinutes(4),
            Status = status,
            StatusReason = status == ResultsFormat.RunStatus.Complete ? null : "Ctrl+C pressed during graphql",
            Scenario = scenario,
            LoadModel = ResultsFormat.LoadModel.Closed,
            TargetRateRps = null,
            Machine = new MachineInfo { Os = "Debian GNU/Linux 12", Dotnet = "10.0.0", CpuCount = 2, CpuModel = "Test CPU", MemoryGb = 23.4 },
            Dataset = new DatasetInfo { Preset = "tiny", Fingerprint = fingerprint, Nodes = 10_000, Links = 25_000, Records = 4_000, MaxDegree = 2_500 },
            Options = new Dictionary<string, string>(options ?? new Dictionary<string, string>())
            {
                ["threads"] = "10", ["scenario"] = scenario, ["connection"] = "Host=127.0.0.1;Password=***",
            },
            StackOrder = stacks,
            Hosts = [.. stacks.Select((s, i) => new HostInfo
            {
                Stack = s, Pid = 4000 + i, Remote = false, Address = $"127.0.0.1:{5001 + i}",
                Configuration = new Dictionary<string, string> { ["transport"] = s, ["maxMessageSize"] = "64 MB" },
            })],
            Notes = ["client and servers share 2 cores"],
            Trials = formatVersion < 2 ? null : new TrialsInfo
            {
                Count = trialCount,
                Seed = (int)seed,
                FreshHosts = false,
                // Each trial starts one entry further along, as an order of its own would.
                Orders = [.. Enumerable.Range(0, trialCount).Select(t => (IReadOnlyList<string>)[.. entries.Select((_, i) => Label(entries[(i + t) % entries.Count]))])],
            },
        };
        await ResultsJson.WriteManifestAsync(folder, manifest, CancellationToken.None);
        if (!writeSummary)
        {
            return folder;
        }

        var summaryEntries = new List<SummaryEntry>();
        foreach (var stack in stacks)
        {
            var counters = new List<CounterSample>();
            foreach (var entry in entries.Where(e => e.Stack == stack))
            {
                var random = new SeededRandom(SeededRandom.DeriveSeed(seed, $"{entry.Stack}/{entry.Variant}"));
                var trialLatencies = entry.Medians
                    .Select(median => Enumerable.Range(0, entry.Requests).Select(_ => Math.Round(median * Math.Exp(entry.Spread * random.NextNormal()), 3)).ToArray())
                    .ToList();
                var latencies = trialLatencies.SelectMany(t => t).ToArray();
                var latencyFile = entry.Requests > 0 ? ResultFileNames.Latencies(entry.Stack, entry.Variant) : null;
                if (latencyFile is not null)
                {
                    await File.WriteAllTextAsync(Path.Combine(folder, latencyFile),
                        string.Concat(latencies.Select(l => l.ToString("F3", System.Globalization.CultureInfo.InvariantCulture) + "\n").Prepend(LatencyCsv.Header + "\n")));
                }

                var intervalsFile = entry.WithIntervals && entry.Requests > 0 ? ResultFileNames.IntervalLog(entry.Stack, entry.Variant) : null;
                if (intervalsFile is not null)
                {
                    WriteIntervalLog(Path.Combine(folder, intervalsFile), started, latencies);
                }

                if (entry.WithCounters)
                {
                    for (var i = 0; i < 12; i++)
                    {
                        counters.Add(new CounterSample(
                            (counters.Count + 1) * 0.5, entry.Variant, 40 + (i * 1.5), 120 + (i * 2.25) + (stack.Length * 10),
                            1_000_000 + (i * 1000), 2, i % 4 == 0 ? 1 : 0, 0, 35.5 + (i % 3), 90_000, 2_600_000));
                    }
                }

                var stats = entry.Requests > 0 ? SortedSample.From(latencies) : null;
                summaryEntries.Add(new SummaryEntry
                {
                    Stack = entry.Stack,
                    Scenario = scenario,
                    Variant = entry.Variant,
                    Status = entry.Status,
                    StatusReason = entry.StatusReason,
                    Threads = 10,
                    Requests = latencies.Length,
                    Errors = entry.Errors,
                    ErrorsByKind = entry.Errors > 0 ? new Dictionary<string, long> { ["refused"] = entry.Errors } : new Dictionary<string, long>(),
                    DurationSeconds = 6 * trialLatencies.Count,
                    ThroughputRps = entry.Requests / 6.0,
                    CallsPerUnit = 1,
                    FirstCallMs = 25.5,
                    LatencyMs = stats is null ? null : new LatencySummary
                    {
                        P50 = Quantiles.Estimate(stats, 0.5), P90 = Quantiles.Estimate(stats, 0.9), P99 = Quantiles.Estimate(stats, 0.99),
                        P999 = Quantiles.Estimate(stats, 0.999), Max = stats.Max, Mean = stats.Mean,
                    },
                    BytesSentPerRequest = entry.BytesSent,
                    BytesReceivedPerRequest = entry.BytesReceived,
                    Server = new ServerSummary { PeakWorkingSetMb = 150.5, AllocatedBytesPerRequest = 42_000, Gen2Collections = 1, CpuPercent = 36.2 },
                    Client = new ClientSummary
                    {
                        CpuPercent = 20.1, CpuMsPerRequest = 0.08, PeakWorkingSetMb = 90,
                        Cpus = entry.ClientBusyPercent is null ? null : 1, BusyPercent = entry.ClientBusyPercent,
                        ScalingNotMeasured = entry.ScalingNotMeasured,
                    },
                    Breakdown = entry.Breakdown is { } split && stats is not null ? SyntheticBreakdown(Quantiles.Estimate(stats, 0.5), Quantiles.Estimate(stats, 0.99), split, entry.Overlap) : null,
                    LimitsHit = [],
                    Files = new EntryFiles
                    {
                        Latencies = latencyFile,
                        Histogram = null,
                        Intervals = intervalsFile,
                        Counters = entry.WithCounters ? ResultFileNames.Counters(entry.Stack) : null,
                    },
                    Trials = formatVersion < 2 ? null : [.. trialLatencies.Select((calls, t) => Trial(entry, t, calls))],
                });
            }

            if (counters.Count > 0)
            {
                await CountersCsv.WriteAsync(Path.Combine(folder, ResultFileNames.Counters(stack)), counters, CancellationToken.None);
            }
        }

        await ResultsJson.WriteSummaryAsync(folder, new RunSummary { FormatVersion = formatVersion, Scenario = scenario, Entries = summaryEntries }, CancellationToken.None);
        return folder;
    }

    private static string Label(SyntheticEntry entry) => entry.Variant.Length == 0 ? entry.Stack : $"{entry.Stack}/{entry.Variant}";

    /// <summary>One trial's figures. A slower trial takes longer for its calls (six seconds at the entry's mean median), so its
    /// throughput drops with its median while the entry's pooled throughput stays calls / 6 s.</summary>
    private static TrialFigures Trial(SyntheticEntry entry, int index, double[] calls)
    {
        var duration = 6 * entry.Medians[index] / entry.Medians.Average();
        var sample = calls.Length > 0 ? SortedSample.From(calls) : null;
        return new TrialFigures
        {
            Trial = index + 1,
            Status = entry.Status,
            Requests = calls.Length,
            Errors = index == 0 ? entry.Errors : 0,
            DurationSeconds = duration,
            ThroughputRps = calls.Length / duration,
            P50Ms = sample is null ? null : Quantiles.Estimate(sample, 0.5),
            P99Ms = sample is null ? null : Quantiles.Estimate(sample, 0.99),
            BytesSentPerRequest = entry.BytesSent,
            BytesReceivedPerRequest = entry.BytesReceived,
            ClientCpuMsPerRequest = 0.08,
            ServerAllocatedBytesPerRequest = 42_000,
            WarmUp = entry.WarmUps?[index],
            Machine = entry.Machines?[index],
        };
    }

    private static BreakdownSummary SyntheticBreakdown(double p50, double p99, (double Database, double Server) share, (double Waiting, double Decode)? overlap)
    {
        TimingSummary Timing(double fraction) => new() { Count = 400, Mean = p50 * fraction, P50 = p50 * fraction, P99 = p99 * fraction };
        return new BreakdownSummary
        {
            ServerSource = "http.server.request.duration",
            ServerMs = Timing(share.Server),
            DatabaseMs = Timing(share.Database),
            DatabaseCallsPerRequest = 1,
            WriteWaitMs = overlap is { } o ? Timing(o.Waiting) : null,
            P50 = LatencySplit.From(p50, p50 * share.Server, p50 * share.Database, waiting: p50 * overlap?.Waiting, decode: p50 * overlap?.Decode),
            P99 = LatencySplit.From(p99, p99 * share.Server, p99 * share.Database, waiting: p99 * overlap?.Waiting, decode: p99 * overlap?.Decode),
        };
    }

    /// <summary>The latencies in recorded order, split into six one-second intervals, as the load client logs them
    /// (nanoseconds).</summary>
    public static void WriteIntervalLog(string path, DateTimeOffset start, IReadOnlyList<double> latenciesMs)
    {
        using var log = new IntervalLog(path);
        var perSecond = (latenciesMs.Count + 5) / 6;
        for (var second = 0; second < 6; second++)
        {
            var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
            foreach (var latency in latenciesMs.Skip(second * perSecond).Take(perSecond))
            {
                histogram.RecordValue((long)(latency * 1_000_000));
            }

            log.Append(histogram, start.AddSeconds(second), start.AddSeconds(second + 1));
        }

        if (log.Complete() != Path.GetFullPath(path))
        {
            throw new InvalidOperationException($"The interval log was not written to {path}.");
        }
    }
}

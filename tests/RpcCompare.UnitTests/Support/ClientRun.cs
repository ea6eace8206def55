using HdrHistogram;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Support;

/// <summary>What one load client's synthetic results folder measured: two stacks at remote hosts in two trials, each
/// trial's window six seconds long from <see cref="Start"/> (trial 2 a minute later), every call in whole microseconds.</summary>
public sealed record ClientRun
{
    public static readonly DateTimeOffset T0 = new(2026, 11, 22, 10, 15, 0, TimeSpan.Zero);

    public ulong Seed { get; init; } = 1;
    public DateTimeOffset Start { get; init; } = T0;
    public int Requests { get; init; } = 200;
    public long Errors { get; init; } = 3;
    public double MedianMs { get; init; } = 8;
    public double BusyPercent { get; init; } = 40;
    public bool WithIntervals { get; init; } = true;
    public bool Remote { get; init; } = true;
    public IReadOnlyList<string> Stacks { get; init; } = ["grpc", "rest"];
    public string Scenario { get; init; } = "base-case";
    public string Fingerprint { get; init; } = "tiny-7f3a";
    public string ToolVersion { get; init; } = "0.1.0";
    public string HostAddress { get; init; } = "http://10.0.0.5";
    public string? Implementation { get; init; }
    public int Trials { get; init; } = 2;
    public int TrialSeed { get; init; } = 7;
    public string LoadModel { get; init; } = ResultsFormat.LoadModel.Closed;
    public string Network { get; init; } = "loopback";

    /// <summary>The manifest's run id; null: results from before run ids.</summary>
    public string? RunId { get; init; }

    /// <summary>The options the manifest records; null: the scenario's alone.</summary>
    public IReadOnlyDictionary<string, string>? Options { get; init; }

    /// <summary>The hosts' figures as this client read them (over its own calls); null: it did not read them.</summary>
    public ServerSummary? Server { get; init; }

    /// <summary>What the interval histograms track up to: the client's hour of 1 ns ticks, or another clock's.</summary>
    public long HighestTrackableTicks { get; init; } = LatencyUnits.TicksPerHour;

    public static TimeSpan TrialLength { get; } = TimeSpan.FromSeconds(6);

    /// <summary>How long each trial's measured window lasts, and in how many equal intervals its log holds it.</summary>
    public TimeSpan Window { get; init; } = TrialLength;

    public int Intervals { get; init; } = 6;

    public DateTimeOffset TrialStart(int trial) => Start.AddMinutes(trial - 1);

    public async Task<string> WriteAsync(string folder)
    {
        Directory.CreateDirectory(folder);
        await ResultsJson.WriteManifestAsync(folder, Manifest(), CancellationToken.None);
        var entries = new List<SummaryEntry>();
        foreach (var stack in Stacks)
        {
            var trials = Enumerable.Range(1, Trials).Select(t => Calls(stack, t)).ToList();
            await File.WriteAllTextAsync(Path.Combine(folder, ResultFileNames.Latencies(stack, "")),
                LatencyCsv.Header + "\n" + string.Concat(trials.SelectMany(t => t).Select(us => $"{us / 1000}.{us % 1000:D3}\n")));
            if (WithIntervals)
            {
                for (var t = 1; t <= Trials; t++)
                {
                    WriteIntervals(Path.Combine(folder, ResultFileNames.IntervalLog(stack, "", t)), TrialStart(t), trials[t - 1]);
                }
            }
            entries.Add(Entry(stack, trials));
        }

        await ResultsJson.WriteSummaryAsync(folder, new RunSummary { FormatVersion = ResultsFormat.Version, Scenario = Scenario, Entries = entries },
            CancellationToken.None);
        return folder;
    }

    /// <summary>A trial's calls in microseconds: log-normal around the median, drawn from the run's seed.</summary>
    public long[] Calls(string stack, int trial)
    {
        var random = new SeededRandom(SeededRandom.DeriveSeed(Seed, $"{stack}/{trial}"));
        return [.. Enumerable.Range(0, Requests).Select(_ => Math.Max(1, (long)Math.Round(MedianMs * 1000 * Math.Exp(0.5 * random.NextNormal()))))];
    }

    /// <summary>The calls in <see cref="Intervals"/> intervals of the window, in nanoseconds (the client's Stopwatch ticks).</summary>
    private void WriteIntervals(string path, DateTimeOffset start, long[] calls)
    {
        using var log = new IntervalLog(path);
        var perInterval = (calls.Length + Intervals - 1) / Intervals;
        var length = Window / Intervals;
        var interval = new LongHistogram(1, HighestTrackableTicks, 3);
        for (var i = 0; i < Intervals; i++)
        {
            interval.Reset();
            foreach (var us in calls.Skip(i * perInterval).Take(perInterval))
            {
                interval.RecordValue(us * 1000);
            }
            log.Append(interval, start + (length * i), start + (length * (i + 1)));
        }
        Assert.NotNull(log.Complete());
    }

    private SummaryEntry Entry(string stack, List<long[]> trials)
    {
        var requests = trials.Sum(t => t.Length);
        var duration = Window.TotalSeconds * Trials;
        return new SummaryEntry
        {
            Stack = stack,
            Scenario = Scenario,
            Variant = "",
            Status = ResultsFormat.EntryStatus.Ok,
            Threads = 10,
            Requests = requests,
            Errors = Errors * Trials,
            ErrorsByKind = new Dictionary<string, long> { [ResultsFormat.ErrorKinds.Timeout] = Errors * Trials },
            DurationSeconds = duration,
            ThroughputRps = requests / duration,
            CallsPerUnit = 1,
            LatencyMs = new LatencySummary { P50 = MedianMs, P90 = MedianMs * 2, P99 = MedianMs * 3, P999 = MedianMs * 4, Max = MedianMs * 5, Mean = MedianMs },
            BytesSentPerRequest = 100 * Seed,
            BytesReceivedPerRequest = 1000,
            Server = Server,
            Client = new ClientSummary { CpuPercent = 20, CpuMsPerRequest = 0.1 * Seed, PeakWorkingSetMb = 80 + Seed, Cpus = 2, BusyPercent = BusyPercent },
            LimitsHit = [ResultsFormat.Limits.RequestTimeout],
            Files = new EntryFiles
            {
                Latencies = ResultFileNames.Latencies(stack, ""),
                Intervals = WithIntervals ? ResultFileNames.IntervalLog(stack, "") : null,
            },
            Trials = [.. trials.Select((calls, i) => new TrialFigures
            {
                Trial = i + 1,
                Status = ResultsFormat.EntryStatus.Ok,
                Requests = calls.Length,
                Errors = Errors,
                DurationSeconds = Window.TotalSeconds,
                ThroughputRps = calls.Length / Window.TotalSeconds,
                P50Ms = MedianMs,
                P99Ms = MedianMs * 3,
                BytesSentPerRequest = 100 * Seed,
                BytesReceivedPerRequest = 1000,
                ClientCpuMsPerRequest = 0.1 * Seed,
                ServerCpuMsPerRequest = Server?.CpuMsPerRequest,
                ServerAllocatedBytesPerRequest = Server?.AllocatedBytesPerRequest,
                Intervals = WithIntervals ? ResultFileNames.IntervalLog(stack, "", i + 1) : null,
            })],
        };
    }

    private RunManifest Manifest() => new()
    {
        FormatVersion = ResultsFormat.Version,
        RunId = RunId,
        Tool = new ToolInfo { Name = "rpccompare", Version = ToolVersion, GitCommit = "5cf98a0" },
        StartedUtc = Start.AddSeconds(-20),
        FinishedUtc = TrialStart(Trials).AddSeconds(20),
        Status = ResultsFormat.RunStatus.Complete,
        Scenario = Scenario,
        LoadModel = LoadModel,
        TargetRateRps = LoadModel == ResultsFormat.LoadModel.Open ? 500 : null,
        Machine = new MachineInfo { Os = "Debian GNU/Linux 12", Dotnet = "10.0.0", CpuCount = 2, MemoryGb = 8 },
        Dataset = new DatasetInfo { Preset = "tiny", Fingerprint = Fingerprint, Nodes = 10_000, Links = 25_000, Records = 4_000, MaxDegree = 2_500 },
        Options = Options ?? new Dictionary<string, string> { ["scenario"] = Scenario },
        Network = new NetworkInfo { Profile = Network, OneWayDelayMs = 0, Mechanism = ResultsFormat.NetworkMechanism.None, Description = Network },
        Trials = new TrialsInfo
        {
            Count = Trials,
            Seed = TrialSeed,
            FreshHosts = false,
            Orders = [.. Enumerable.Range(0, Trials).Select(t => (IReadOnlyList<string>)[.. (t + TrialSeed) % 2 == 0 ? Stacks : Stacks.Reverse()])],
        },
        StackOrder = Stacks,
        Hosts = [.. Stacks.Select((stack, i) => new HostInfo
        {
            Stack = stack,
            Pid = Remote ? null : 4000 + i,
            Remote = Remote,
            Address = $"{HostAddress}:{7001 + i}",
            Configuration = Implementation is null
                ? new Dictionary<string, string> { ["remote"] = "configuration not known to the client" }
                : new Dictionary<string, string> { ["implementation"] = Implementation },
        })],
        Notes = [],
    };
}

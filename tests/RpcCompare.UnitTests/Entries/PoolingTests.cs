using RpcCompare.LoadClient.Entries;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Entries;

/// <summary>The rules by which entries combine: a client's trials into the entry summary.json shows, and timings.</summary>
public sealed class PoolingTests
{
    private static readonly TimingSummary?[] TwoTimings =
    [
        new TimingSummary { Count = 100, Mean = 2, P50 = 1, P99 = 10 },
        null,
        new TimingSummary { Count = 300, Mean = 6, P50 = 5, P99 = 30 },
    ];

    [Fact]
    public void TimingsOfClientsAtOncePoolWeightedByTheirCounts()
    {
        var pooled = Pooling.Timing(TwoTimings, PartsRan.AtOnce);

        Assert.Equal(400, pooled!.Count);
        Assert.Equal(5.0, pooled.Mean, 9);
        Assert.Equal(4.0, pooled.P50, 9);
        Assert.Equal(25.0, pooled.P99, 9);
    }

    [Fact]
    public void TimingsOfTrialsAreTheMeanOfTheTrials()
    {
        var pooled = Pooling.Timing(TwoTimings, PartsRan.InTurn);

        Assert.Equal(400, pooled!.Count);
        Assert.Equal((4.0, 3.0, 20.0), (pooled.Mean, pooled.P50, pooled.P99));
    }

    [Fact]
    public void NoTimingPoolsToNone() => Assert.Null(Pooling.Timing([null, null], PartsRan.InTurn));

    [Fact]
    public void OneTrialIsPooledAsItWasWithItsFigures()
    {
        var entry = Entry(requests: 100, errors: 2, seconds: 2, p50: 4, bytes: 500, serverCpu: 0.5, clientBusy: 40);

        var pooled = Pooling.Trials([(1, entry)]);

        Assert.Equal(entry with { Trials = pooled.Trials }, pooled);
        var trial = Assert.Single(pooled.Trials!);
        Assert.Equal((1, 100L, 4.0), (trial.Trial, trial.Requests, trial.P50Ms!.Value));
    }

    [Fact]
    public void TrialsPoolIntoSumsAndCallWeightedMeans()
    {
        var a = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1.0, clientBusy: 20);
        var b = Entry(requests: 300, errors: 4, seconds: 6, p50: 6, bytes: 700, serverCpu: 2.0, clientBusy: 60) with
        {
            LimitsHit = [ResultsFormat.Limits.RequestTimeout],
        };
        var pooled = Pooling.Trials([(1, a), (2, b)]);

        Assert.Equal(400, pooled.Requests);
        Assert.Equal(4, pooled.Errors);
        Assert.Equal(8, pooled.DurationSeconds);
        Assert.Equal(50, pooled.ThroughputRps);
        // Each quantile the mean of the trials' (4 and 6 at the median, 8 and 12 at p99), the maximum the highest.
        Assert.Equal((5.0, 10.0, 24.0), (pooled.LatencyMs!.P50, pooled.LatencyMs.P99, pooled.LatencyMs.Max));
        // Bytes per call weighted by the calls each trial made: (500 x 100 + 700 x 304) / 404.
        Assert.Equal(((500.0 * 100) + (700.0 * 304)) / 404, pooled.BytesReceivedPerRequest!.Value, 9);
        Assert.Equal(((1.0 * 100) + (2.0 * 304)) / 404, pooled.Server!.CpuMsPerRequest!.Value, 9);
        // How busy the client was, weighted by each trial's window: (20 x 2 + 60 x 6) / 8.
        Assert.Equal(50, pooled.Client!.BusyPercent!.Value, 9);
        Assert.Equal([ResultsFormat.Limits.RequestTimeout], pooled.LimitsHit);
        Assert.Equal([1, 2], pooled.Trials!.Select(t => t.Trial));
        Assert.Equal([4.0, 6.0], pooled.Trials!.Select(t => t.P50Ms!.Value));
    }

    [Fact]
    public void AFailedTrialFailsThePooledEntryAndNamesItsTrial()
    {
        var ok = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1, clientBusy: 20);
        var failed = ok with { Status = ResultsFormat.EntryStatus.Failed, StatusReason = "the rest host exited during the run" };

        var pooled = Pooling.Trials([(1, ok), (2, failed)]);

        Assert.Equal(ResultsFormat.EntryStatus.Failed, pooled.Status);
        Assert.Equal("trial 2: the rest host exited during the run", pooled.StatusReason);
    }

    [Fact]
    public void TheLastTrialsScalingCheckStandsForTheEntry()
    {
        var check = new ScalingCheck
        {
            Threads = 20, ThroughputRps = 1000, BaseThroughputRps = 990, ServerMeanMs = 1, BaseServerMeanMs = 1, HostCpuPercent = 30,
            Saturated = true,
        };
        var first = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1, clientBusy: 20);
        var last = first with { Client = new ClientSummary { CpuPercent = 10, CpuMsPerRequest = 0.1, PeakWorkingSetMb = 60, Cpus = 1, BusyPercent = 20, Scaling = check } };

        var pooled = Pooling.Trials([(1, first), (2, last)]);

        Assert.Same(check, pooled.Client!.Scaling);
        Assert.True(pooled.Client.ClientBound);
    }

    [Fact]
    public void AScalingCheckNotMeasuredIsSaidForTheEntry()
    {
        var first = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1, clientBusy: 20);
        var last = first with
        {
            Client = new ClientSummary { CpuPercent = 10, CpuMsPerRequest = 0.1, PeakWorkingSetMb = 60, Cpus = 1, BusyPercent = 20, ScalingNotMeasured = "too slow" },
        };

        var pooled = Pooling.Trials([(1, first), (2, last)]);

        Assert.Equal("too slow", pooled.Client!.ScalingNotMeasured);
        Assert.Null(pooled.Client.Scaling);
        Assert.False(pooled.Client.ClientBound);
    }

    [Fact]
    public void TrialsPoolTheWriteWaitAndWaitingAsTheTrialsMean()
    {
        var a = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1, clientBusy: 20) with { Breakdown = Timed(100, 2) };
        var b = Entry(requests: 300, errors: 0, seconds: 6, p50: 6, bytes: 500, serverCpu: 1, clientBusy: 20) with { Breakdown = Timed(300, 6) };

        var pooled = Pooling.Trials([(1, a), (2, b)]).Breakdown!;

        // (2 + 6) / 2 whatever each trial's requests, as every other part of the breakdown.
        Assert.Equal(400, pooled.WriteWaitMs!.Count);
        Assert.Equal(4, pooled.WriteWaitMs.P50, 9);
        Assert.Equal(4, pooled.P50.WaitingForClient!.Value, 9);
        Assert.Equal(8, pooled.P99.WaitingForClient!.Value, 9);
    }

    [Fact]
    public void ATrialWithoutWriteWaitLeavesItOutOfThePool()
    {
        var measured = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1, clientBusy: 20) with { Breakdown = Timed(100, 2) };
        var older = measured with { Breakdown = Timed(300, null) };

        var mixed = Pooling.Trials([(1, measured), (2, older)]).Breakdown!;
        var none = Pooling.Trials([(1, older), (2, older)]).Breakdown!;

        Assert.Equal(100, mixed.WriteWaitMs!.Count);
        Assert.Equal(2, mixed.P50.WaitingForClient!.Value, 9);
        Assert.Null(none.WriteWaitMs);
        Assert.Null(none.P50.WaitingForClient);
    }

    /// <summary>
    /// The GraphQL entry whose headline p50 (3.69 ms, every trial's calls pooled) sat below its breakdown's client part
    /// (6.09 ms, the trials' medians weighted by requests): three trials of different speed and call counts.
    /// </summary>
    [Fact]
    public void TheHeadlineQuantileIsTheBreakdownsClientPart()
    {
        var trials = new (long Requests, double Client, double Server, double Database)[]
        {
            (600, 16.5, 10.2, 3.1), (2400, 3.56, 2.4, 0.9), (1500, 5.92, 4.05, 1.4),
        };
        var entries = trials.Select((t, i) => (i + 1, Entry(t.Requests, 0, 10, t.Client, 500, 1, 20) with
        {
            Stack = "graphql",
            Breakdown = Split(t.Requests, t.Client, t.Server, t.Database),
        })).ToList();

        var pooled = Pooling.Trials(entries);

        var (latency, split) = (pooled.LatencyMs!, pooled.Breakdown!);
        Assert.Equal(latency.P50, split.P50.Client);
        Assert.Equal(latency.P99, split.P99.Client);
        Assert.Equal((16.5 + 3.56 + 5.92) / 3, latency.P50, 12);
        Assert.Equal((10.2 + 2.4 + 4.05) / 3, split.P50.Server, 12);
        Assert.Equal((3.1 + 0.9 + 1.4) / 3, split.P50.Database, 12);
        Assert.All([split.P50, split.P99], part => Assert.True(part.Database <= part.Server && part.Server <= part.Client));
    }

    /// <summary>A trial's breakdown of <paramref name="requests"/> timed requests, its p99 twice its median.</summary>
    private static BreakdownSummary Split(long requests, double client, double server, double database) => new()
    {
        ServerSource = "http.server.request.duration",
        ServerMs = new TimingSummary { Count = requests, Mean = server, P50 = server, P99 = 2 * server },
        DatabaseMs = new TimingSummary { Count = requests, Mean = database, P50 = database, P99 = 2 * database },
        DatabaseCallsPerRequest = 1,
        P50 = LatencySplit.From(client, server, database),
        P99 = LatencySplit.From(2 * client, 2 * server, 2 * database),
    };

    /// <summary>A breakdown of <paramref name="requests"/> timed requests whose writes waited <paramref name="wait"/> ms
    /// at the median and twice that at p99 (null: a host that did not record it).</summary>
    private static BreakdownSummary Timed(long requests, double? wait) => new()
    {
        ServerSource = "http.server.request.duration",
        ServerMs = new TimingSummary { Count = requests, Mean = 20, P50 = 20, P99 = 40 },
        DatabaseCallsPerRequest = 1,
        WriteWaitMs = wait is { } w ? new TimingSummary { Count = requests, Mean = w, P50 = w, P99 = 2 * w } : null,
        P50 = LatencySplit.From(30, 20, 10, waiting: wait),
        P99 = LatencySplit.From(60, 40, 20, waiting: wait * 2),
    };

    private static SummaryEntry Entry(long requests, long errors, double seconds, double p50, double bytes, double serverCpu, double clientBusy) => new()
    {
        Stack = "rest",
        Scenario = "base-case",
        Variant = "",
        Status = ResultsFormat.EntryStatus.Ok,
        Threads = 10,
        Requests = requests,
        Errors = errors,
        ErrorsByKind = errors > 0 ? new Dictionary<string, long> { ["timeout"] = errors } : new Dictionary<string, long>(),
        DurationSeconds = seconds,
        ThroughputRps = requests / seconds,
        CallsPerUnit = 1,
        LatencyMs = new LatencySummary { P50 = p50, P90 = p50 * 1.5, P99 = p50 * 2, P999 = p50 * 3, Max = p50 * 4, Mean = p50 * 1.1 },
        BytesSentPerRequest = 100,
        BytesReceivedPerRequest = bytes,
        Server = new ServerSummary { PeakWorkingSetMb = 80, AllocatedBytesPerRequest = 1000, Gen2Collections = 1, CpuPercent = 30, CpuMsPerRequest = serverCpu },
        Client = new ClientSummary { CpuPercent = 10, CpuMsPerRequest = 0.1, PeakWorkingSetMb = 60, Cpus = 1, BusyPercent = clientBusy },
        LimitsHit = [],
        Files = new EntryFiles { Latencies = "latencies-rest.csv", Histogram = "rest.hgrm" },
    };
}

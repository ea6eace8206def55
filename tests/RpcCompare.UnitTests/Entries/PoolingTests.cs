using RpcCompare.LoadClient.Entries;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Entries;

/// <summary>The rules by which entries combine: a client's trials into the entry summary.json shows, and timings.</summary>
public sealed class PoolingTests
{
    [Fact]
    public void TimingsPoolWeightedByTheirCounts()
    {
        var pooled = Pooling.Timing([
            new TimingSummary { Count = 100, Mean = 2, P50 = 1, P99 = 10 },
            null,
            new TimingSummary { Count = 300, Mean = 6, P50 = 5, P99 = 30 },
        ]);

        Assert.Equal(400, pooled!.Count);
        Assert.Equal(5.0, pooled.Mean, 9);
        Assert.Equal(4.0, pooled.P50, 9);
        Assert.Equal(25.0, pooled.P99, 9);
    }

    [Fact]
    public void NoTimingPoolsToNone() => Assert.Null(Pooling.Timing([null, null]));

    [Fact]
    public void OneTrialIsPooledAsItWasWithItsFigures()
    {
        var entry = Entry(requests: 100, errors: 2, seconds: 2, p50: 4, bytes: 500, serverCpu: 0.5, clientBusy: 40);

        var pooled = Pooling.Trials([(1, entry)], entry.LatencyMs);

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
        var merged = new LatencySummary { P50 = 5.5, P90 = 7, P99 = 9, P999 = 10, Max = 11, Mean = 5.6 };

        var pooled = Pooling.Trials([(1, a), (2, b)], merged);

        Assert.Equal(400, pooled.Requests);
        Assert.Equal(4, pooled.Errors);
        Assert.Equal(8, pooled.DurationSeconds);
        Assert.Equal(50, pooled.ThroughputRps);
        Assert.Same(merged, pooled.LatencyMs);
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

        var pooled = Pooling.Trials([(1, ok), (2, failed)], ok.LatencyMs);

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

        var pooled = Pooling.Trials([(1, first), (2, last)], first.LatencyMs);

        Assert.Same(check, pooled.Client!.Scaling);
        Assert.True(pooled.Client.ClientBound);
    }

    [Fact]
    public void TrialsPoolTheWriteWaitAndWaitingByTheirTimedRequests()
    {
        var a = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1, clientBusy: 20) with { Breakdown = Timed(100, 2) };
        var b = Entry(requests: 300, errors: 0, seconds: 6, p50: 6, bytes: 500, serverCpu: 1, clientBusy: 20) with { Breakdown = Timed(300, 6) };

        var pooled = Pooling.Trials([(1, a), (2, b)], a.LatencyMs).Breakdown!;

        // (2 x 100 + 6 x 300) / 400, as every other timing of the breakdown.
        Assert.Equal(400, pooled.WriteWaitMs!.Count);
        Assert.Equal(5, pooled.WriteWaitMs.P50, 9);
        Assert.Equal(5, pooled.P50.WaitingForClient!.Value, 9);
        Assert.Equal(10, pooled.P99.WaitingForClient!.Value, 9);
    }

    [Fact]
    public void ATrialWithoutWriteWaitLeavesItOutOfThePool()
    {
        var measured = Entry(requests: 100, errors: 0, seconds: 2, p50: 4, bytes: 500, serverCpu: 1, clientBusy: 20) with { Breakdown = Timed(100, 2) };
        var older = measured with { Breakdown = Timed(300, null) };

        var mixed = Pooling.Trials([(1, measured), (2, older)], measured.LatencyMs).Breakdown!;
        var none = Pooling.Trials([(1, older), (2, older)], measured.LatencyMs).Breakdown!;

        Assert.Equal(100, mixed.WriteWaitMs!.Count);
        Assert.Equal(2, mixed.P50.WaitingForClient!.Value, 9);
        Assert.Null(none.WriteWaitMs);
        Assert.Null(none.P50.WaitingForClient);
    }

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

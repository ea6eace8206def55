using System.Diagnostics;
using HdrHistogram;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Entries;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Entries;

/// <summary>Every figure of a summary entry from what one window measured, without a host.</summary>
public sealed class EntryBuilderTests
{
    private static readonly EntryIdentity Rest = new(new EntryKey("rest", "stream"), "base-case", Threads: 10, CallsPerUnit: 2);
    private static readonly EntrySettings Settings = new(ClientCpus: 2, HostCpus: 4, DbPoolSize: 50, MachineCpus: 8);

    [Fact]
    public void AnEmptyEntryNamesItsStackVariantAndLoad()
    {
        var entry = EntryBuilder.Empty(Rest, ResultsFormat.EntryStatus.Skipped, "the rest host had exited");

        Assert.Equal(("rest", "stream", "base-case", 10, 2.0), (entry.Stack, entry.Variant, entry.Scenario, entry.Threads, entry.CallsPerUnit));
        Assert.Equal((ResultsFormat.EntryStatus.Skipped, "the rest host had exited"), (entry.Status, entry.StatusReason));
        Assert.Equal((0L, 0L, 0.0), (entry.Requests, entry.Errors, entry.ThroughputRps));
        Assert.Null(entry.LatencyMs);
        Assert.Empty(entry.LimitsHit);
    }

    [Fact]
    public void AHostThatExitedFailsTheEntryWithItsLastLine()
    {
        var host = new HostState(Exited: true, LastLine: "Unhandled exception", LogName: "host-rest.log");

        var status = EntryBuilder.Status("rest", host, Result(requests: 100), interrupted: true);

        Assert.Equal((ResultsFormat.EntryStatus.Failed, "the rest host exited during the run: Unhandled exception"), status);
    }

    [Fact]
    public void AnInterruptedWindowIsInterrupted() =>
        Assert.Equal(ResultsFormat.EntryStatus.Interrupted, EntryBuilder.Status("rest", null, Result(requests: 100), interrupted: true).Status);

    [Fact]
    public void AWindowWithoutASuccessfulCallFailsWithItsFirstError()
    {
        var none = EntryBuilder.Status("rest", null, Result(requests: 0), interrupted: false);
        var failing = EntryBuilder.Status("rest", null, Result(requests: 0, timeouts: 3), interrupted: false);

        Assert.Equal(ResultsFormat.EntryStatus.Failed, none.Status);
        Assert.StartsWith("no request completed inside the measured window", none.Reason, StringComparison.Ordinal);
        Assert.Equal((ResultsFormat.EntryStatus.Failed, "no request succeeded; first error: Timeout: 5 s"), failing);
    }

    [Fact]
    public void ErrorsInAnOkWindowAreCountedInItsReason() =>
        Assert.Equal((ResultsFormat.EntryStatus.Ok, "2 errors; first: Timeout: 5 s"),
            EntryBuilder.Status("rest", null, Result(requests: 100, timeouts: 2), interrupted: false));

    [Fact]
    public void TheLatencyFiguresAreTheWindowsOwn()
    {
        var entry = EntryBuilder.Measured(Rest, 1, Window(Result(requests: 400, timeouts: 2, ms: 2)), Settings);

        Assert.Equal((400L, 2L, 4.0, 100.0), (entry.Requests, entry.Errors, entry.DurationSeconds, entry.ThroughputRps));
        Assert.Equal(new Dictionary<string, long> { [ResultsFormat.ErrorKinds.Timeout] = 2 }, entry.ErrorsByKind);
        Assert.Equal(2.0, entry.LatencyMs!.P50, 2);
        Assert.Equal(2.0, entry.LatencyMs.P99, 2);
        Assert.Equal(1.5, entry.FirstCallMs);
    }

    [Fact]
    public void TheWarmUpAndTheMachineAreTheTrialsOwn()
    {
        var warmUp = new WarmUpInfo { Seconds = 3.5, Intervals = 7, UntilSteady = true };
        var machine = new MachineNoise { BusyPercent = 64, StealPercent = 1.5 };

        var entry = EntryBuilder.Measured(Rest, 1, Window(Result(requests: 10, machine: machine)) with { WarmUp = warmUp }, Settings);

        Assert.Same(warmUp, entry.WarmUp);
        Assert.Same(machine, entry.Machine);
    }

    [Fact]
    public void BytesPerRequestCountTheSessionClientsCalls()
    {
        // 95 warm-up calls + 400 measured + 4 failed = 499 calls carried the bytes; the first call had a client of its own.
        var result = Result(requests: 400, timeouts: 4, warmUp: (90, 5));

        var entry = EntryBuilder.Measured(Rest, 1, Window(result) with { WireBytes = (49_900, 249_500) }, Settings);

        Assert.Equal((500, 499), (EntryBuilder.CallsOnTheWire(result), EntryBuilder.CallsCounted(result)));
        Assert.Equal((100.0, 500.0), (entry.BytesSentPerRequest!.Value, entry.BytesReceivedPerRequest!.Value));
    }

    [Fact]
    public void TheHostsFiguresArePerCallOnTheWire()
    {
        var counters = Counters() with { AllocatedBytes = 4_010_000, CpuShareSeconds = 0.5 };

        var server = EntryBuilder.Measured(Rest, 1, Window(Result(requests: 400)) with { Server = counters }, Settings).Server!;

        // 401 calls (the first one and 400 measured); CPU: half a CPU-second of each of the 4 host CPUs over 401 calls.
        Assert.Equal(10_000, server.AllocatedBytesPerRequest, 9);
        Assert.Equal(0.5 * 4 * 1000 / 401, server.CpuMsPerRequest!.Value, 9);
        Assert.Equal((120.0, 3L, 35.0), (server.PeakWorkingSetMb, server.Gen2Collections, server.CpuPercent));
    }

    [Fact]
    public void AHostWithoutCpuOrMemoryCountersHasNoServerFigures() =>
        Assert.Null(EntryBuilder.Server(Counters() with { MeanCpuPercent = null }, 401, 4));

    [Fact]
    public void TheClientsCpuIsOneReadingOfTheMeasuredWindow()
    {
        var result = Result(requests: 398, timeouts: 2, cpu: (TimeSpan.FromMilliseconds(800), TimeSpan.FromSeconds(1)),
            allocated: 2_000_000);

        var client = EntryBuilder.ClientCost(result, 70, Settings, scaling: null);

        Assert.Equal((2.0, 5000.0), (client.CpuMsPerRequest, client.AllocatedBytesPerRequest!.Value));
        // 0.8 s of CPU in 1 s: 40% of its 2 CPUs, 10% of the machine's 8.
        Assert.Equal(40, client.BusyPercent!.Value, 9);
        Assert.Equal(10, client.CpuPercent, 9);
        Assert.Equal((70.0, 2), (client.PeakWorkingSetMb, client.Cpus!.Value));
    }

    [Fact]
    public void TheClientIsNeverMoreThanFullyBusy()
    {
        var result = Result(requests: 10, cpu: (TimeSpan.FromSeconds(2.2), TimeSpan.FromSeconds(1)));

        Assert.Equal(100, EntryBuilder.ClientCost(result, 70, Settings, scaling: null).BusyPercent);
    }

    [Fact]
    public void LimitsNameTheFullPoolTimeoutsAndABusyClient()
    {
        var busy = EntryBuilder.ClientCost(Result(requests: 10, cpu: (TimeSpan.FromSeconds(1.9), TimeSpan.FromSeconds(1))), 70,
            Settings, scaling: null);
        var idle = EntryBuilder.ClientCost(Result(requests: 10), 70, Settings, scaling: null);

        var all = EntryBuilder.LimitsHit(Result(requests: 10, timeouts: 1), Counters() with { PeakDbBusyConnections = 50 }, 50, busy);
        var none = EntryBuilder.LimitsHit(Result(requests: 10), Counters() with { PeakDbBusyConnections = 49 }, 50, idle);

        Assert.Equal([ResultsFormat.Limits.NpgsqlPool, ResultsFormat.Limits.RequestTimeout, ResultsFormat.Limits.ClientBound], all);
        Assert.Empty(none);
    }

    [Fact]
    public void AnEntryNamesItsFilesUnderItsKey()
    {
        var window = Window(Result(requests: 10, written: true)) with
        {
            Host = new HostState(false, "", "host-rest-trial2.log"),
            CountersFile = "counters-rest.csv",
        };

        var files = EntryBuilder.Measured(Rest, 2, window, Settings).Files;
        var unwritten = EntryBuilder.Measured(Rest, 2, Window(Result(requests: 10)), Settings).Files;

        Assert.Equal(("latencies-rest-stream.csv", "rest-stream.hgrm", "intervals-rest-stream-trial2.hlog"),
            (files.Latencies, files.Histogram, files.Intervals));
        Assert.Equal(("host-rest-trial2.log", "counters-rest.csv"), (files.HostLog, files.Counters));
        Assert.Equal((null, null), (unwritten.Latencies, unwritten.Intervals));
    }

    [Fact]
    public void AKindOfAMixHasLatenciesButNoBytesOrHostFigures()
    {
        var kind = EntryBuilder.Kind(Rest with { Key = new EntryKey("rest", "mix:read") }, 1, Result(requests: 40), null, false);

        Assert.Equal(("mix:read", 40L, 10.0), (kind.Variant, kind.Requests, kind.ThroughputRps));
        Assert.Equal((null, null, null, null), (kind.BytesSentPerRequest, kind.Server, kind.Client, kind.Breakdown));
    }

    [Fact]
    public void NoTimingsGiveNoBreakdown() => Assert.Null(EntryBuilder.Breakdown(null, Result(requests: 10)));

    [Fact]
    public void TheBreakdownSplitsTheClientsQuantilesWithTheHosts()
    {
        // One request of 4 ms in the window, which called the database twice for 1 ms each.
        ServerTimingReading[] timings =
        [
            new(Stopwatch.Frequency, 1, ServerTiming.Request, "http.server.request.duration", 1, 0.004, 0.004, 0.004, 0.004),
            new(Stopwatch.Frequency, 1, ServerTiming.Query, "rpccompare.server.query.duration", 2, 0.002, 0.001, 0.001, 0.001),
        ];

        var breakdown = EntryBuilder.Breakdown(timings, Result(requests: 400, ms: 6))!;

        Assert.Equal("http.server.request.duration", breakdown.ServerSource);
        Assert.Equal((1L, 4.0), (breakdown.ServerMs.Count, breakdown.ServerMs.P50));
        Assert.Equal(2, breakdown.DatabaseCallsPerRequest);
        Assert.Equal(6.0, breakdown.P50.Client, 2);
        Assert.Equal((4.0, 2.0), (breakdown.P50.Server, breakdown.P50.Database));
        Assert.Null(breakdown.WriteWaitMs);
    }

    /// <summary>A window of <paramref name="requests"/> calls of <paramref name="ms"/> ms in 4 s, and
    /// <paramref name="timeouts"/> that timed out.</summary>
    private static LatencyResult Result(long requests, long timeouts = 0, double ms = 2, (long Ok, long Failed) warmUp = default,
        (TimeSpan Used, TimeSpan Wall) cpu = default, long allocated = 0, bool written = false, MachineNoise? machine = null)
    {
        var histogram = new LongHistogram(1, LatencyUnits.TicksPerHour, 3);
        histogram.RecordValueWithCount((long)(ms * LatencyUnits.TicksPerMillisecond), Math.Max(1, requests));
        return new LatencyResult
        {
            Histogram = histogram,
            Requests = requests,
            ErrorsByKind = new Dictionary<ErrorKind, long> { [ErrorKind.Timeout] = timeouts, [ErrorKind.Refused] = 0 },
            DurationSeconds = 4,
            MeasureStartTimestamp = 0,
            MeasureEndTimestamp = 10 * Stopwatch.Frequency,
            FirstCallMs = 1.5,
            FirstError = timeouts > 0 ? "Timeout: 5 s" : null,
            WarmUpRequests = warmUp.Ok,
            WarmUpErrors = warmUp.Failed,
            ClientCpuTime = cpu.Used,
            ClientCpuWallTime = cpu.Wall,
            ClientAllocatedBytes = allocated,
            LatenciesFile = written ? "/tmp/latencies.csv" : null,
            IntervalLogFile = written ? "/tmp/intervals.hlog" : null,
            Machine = machine,
        };
    }

    private static WindowMeasurement Window(LatencyResult result) => new()
    {
        Result = result,
        ClientPeakWorkingSetMb = 70,
        WireBytes = (0, 0),
    };

    private static CounterWindowSummary Counters() => new("stream", SampleCount: 8, PeakWorkingSetMb: 120, PeakGcHeapMb: 40,
        AllocatedBytes: 1_000_000, Gen0Collections: 9, Gen1Collections: 4, Gen2Collections: 3, MeanCpuPercent: 35,
        BytesSent: 0, BytesReceived: 0);
}

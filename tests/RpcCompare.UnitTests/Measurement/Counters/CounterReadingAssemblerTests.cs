using System.Diagnostics;
using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement.Counters;

public class CounterReadingAssemblerTests
{
    private const string Runtime = "System.Runtime";
    private const string Sockets = "System.Net.Sockets";
    private static readonly long Second = Stopwatch.Frequency;
    private static readonly long T0 = 1_000 * Stopwatch.Frequency;

    [Fact]
    public void ARepeatedCounterStartsTheNextSample()
    {
        var assembler = new CounterReadingAssembler(T0, 0.5, new VariantTimeline("(idle)"));

        Assert.Null(Interval(assembler, T0 + (Second / 2), bytesSent: 0, bytesReceived: 0));
        var first = Interval(assembler, T0 + Second, bytesSent: 4096, bytesReceived: 100);

        Assert.NotNull(first);
        Assert.Equal(0.5, first.ElapsedSeconds, 9);
        Assert.Equal(0.5, first.IntervalSeconds);
        Assert.Equal(12.5, first.GcHeapMb);
        Assert.Equal(80.25, first.WorkingSetMb);
        Assert.Equal(1_000_000, first.AllocatedBytes);
        Assert.Equal(3, first.Gen0Collections);
        Assert.Equal(2, first.Gen1Collections);
        Assert.Equal(1, first.Gen2Collections);
        Assert.Equal(7.5, first.CpuPercent);
        // The first reading of a cumulative counter is only its baseline.
        Assert.Null(first.BytesSent);
        Assert.Null(first.BytesReceived);

        var second = assembler.Flush();
        Assert.NotNull(second);
        Assert.Equal(1.0, second.ElapsedSeconds, 9);
        Assert.Equal(4096, second.BytesSent);
        Assert.Equal(100, second.BytesReceived);
        Assert.Null(assembler.Flush());
    }

    [Fact]
    public void SocketBytesBecomeDeltas()
    {
        var assembler = new CounterReadingAssembler(T0, 0.5, new VariantTimeline("(idle)"));
        long[] sent = [0, 1_000, 5_000, 5_000];
        long[] received = [0, 10, 10, 30];
        var samples = new List<CounterReading>();

        for (int i = 0; i < sent.Length; i++)
        {
            if (Interval(assembler, T0 + (i * Second / 2), sent[i], received[i]) is { } sample)
            {
                samples.Add(sample);
            }
        }

        samples.Add(assembler.Flush()!);

        Assert.Equal([null, 1_000, 4_000, 0], samples.Select(s => s.BytesSent));
        Assert.Equal([null, 10, 0, 20], samples.Select(s => s.BytesReceived));
    }

    [Fact]
    public void ACounterThatGoesBackwardsStartsANewBaseline()
    {
        var assembler = new CounterReadingAssembler(T0, 0.5, new VariantTimeline("(idle)"));

        assembler.Add(Sockets, "bytes-sent", 5_000, 0.5, T0);
        var afterBaseline = assembler.Add(Sockets, "bytes-sent", 100, 0.5, T0 + (Second / 2));
        var afterReset = assembler.Add(Sockets, "bytes-sent", 300, 0.5, T0 + Second);

        Assert.Null(afterBaseline!.BytesSent);
        Assert.Null(afterReset!.BytesSent);
        Assert.Equal(200, assembler.Flush()!.BytesSent);
    }

    [Fact]
    public void TheVariantIsTheOneInForceAtTheMiddleOfTheInterval()
    {
        var timeline = new VariantTimeline("(idle)");
        var assembler = new CounterReadingAssembler(T0, 0.5, timeline);
        timeline.Mark(T0 + Second, "stream");

        // Ends 0.2 s after the mark: its middle (0.25 s before the end) is still idle.
        assembler.Add(Runtime, "cpu-usage", 1, 0.5, T0 + Second + (Second / 5));
        var beforeMark = assembler.Add(Runtime, "cpu-usage", 2, 0.5, T0 + Second + (Second * 3 / 10));
        var afterMark = assembler.Flush();

        Assert.Equal("(idle)", beforeMark!.Variant);
        Assert.Equal("stream", afterMark!.Variant);
    }

    [Fact]
    public void CountersThatAreNotSampledAreIgnored()
    {
        var assembler = new CounterReadingAssembler(T0, 0.5, new VariantTimeline("(idle)"));

        Assert.Null(assembler.Add(Runtime, "threadpool-thread-count", 4, 0.5, T0));
        Assert.Null(assembler.Add(Sockets, "datagrams-sent", 4, 0.5, T0));
        Assert.Null(assembler.Add("Other.Provider", "cpu-usage", 4, 0.5, T0));
        Assert.Null(assembler.Flush());
    }

    [Fact]
    public void PayloadValueComesFromMeanOrIncrementByCounterType()
    {
        var mean = new Dictionary<string, object>
        {
            ["Name"] = "working-set", ["Mean"] = 43.5, ["Increment"] = 9.0, ["CounterType"] = "Mean", ["IntervalSec"] = 0.5f,
        };
        var sum = new Dictionary<string, object>
        {
            ["Name"] = "alloc-rate", ["Mean"] = 9.0, ["Increment"] = 593344.0, ["CounterType"] = "Sum", ["IntervalSec"] = 0.49,
        };

        Assert.True(EventCounterPayload.TryRead(mean, out string meanName, out double meanValue, out double? meanInterval));
        Assert.True(EventCounterPayload.TryRead(sum, out string sumName, out double sumValue, out _));
        Assert.False(EventCounterPayload.TryRead(new Dictionary<string, object> { ["Name"] = "x" }, out _, out _, out _));

        Assert.Equal(("working-set", 43.5, 0.5), (meanName, meanValue, meanInterval));
        Assert.Equal(("alloc-rate", 593344.0), (sumName, sumValue));
    }

    [Fact]
    public void WindowSummaryAggregatesOnlyItsVariant()
    {
        CounterReading Sample(string variant, double workingSet, long alloc, long gen2, double cpu, long? sent, long? received) =>
            new(0, 0, variant, 0.5, 10, workingSet, alloc, gen2, gen2, gen2, cpu, sent, received);
        var samples = new[]
        {
            Sample("(idle)", 500, 99, 9, 90, 999, 999),
            Sample("fat", 100, 1_000, 1, 10, null, null),
            Sample("fat", 150, 3_000, 0, 30, 4_000, 200),
            Sample("fat", 120, 2_000, 2, 20, 6_000, 300),
            // A sample the CPU counter missed adds no CPU time (the mean share of the others would have made it 0.1 s).
            new(0, 0, "fat", 0.5, 10, null, null, null, null, null, null, null, null),
        };

        var fat = CounterWindowSummary.FromSamples("fat", samples);
        var none = CounterWindowSummary.FromSamples("chatty", samples);

        Assert.Equal(new CounterWindowSummary("fat", 4, 150, 10, 6_000, 3, 3, 3, 20, 10_000, 500), fat with { CpuShareSeconds = null });
        Assert.Equal(0.3, fat.CpuShareSeconds!.Value, 9);
        Assert.Equal(600, fat.AllocatedBytesPerRequest(10));
        Assert.Equal(50, fat.RequestBytesPerRequest(10));
        Assert.Equal(1_000, fat.ResponseBytesPerRequest(10));
        Assert.Null(fat.ResponseBytesPerRequest(0));
        // Three half-second samples at 20% of 2 CPUs: 0.6 CPU-seconds over 10 calls.
        Assert.Equal(60, fat.CpuMsPerCall(10, hostCpus: 2)!.Value, 9);
        Assert.Null(fat.CpuMsPerCall(0, 2));
        Assert.Null(none.CpuMsPerCall(10, 2));
        Assert.Equal(0, none.SampleCount);
        Assert.Null(none.PeakWorkingSetMb);
        Assert.Null(none.MeanCpuPercent);
        Assert.Null(none.BytesSent);
    }

    [Fact]
    public void NpgsqlBusyConnectionsJoinTheOpenSample()
    {
        var assembler = new CounterReadingAssembler(T0, 0.5, new VariantTimeline("(idle)"));

        Assert.Null(assembler.Add(Runtime, "cpu-usage", 10, 0.5, T0 + Second));
        Assert.Null(assembler.Add("Npgsql", "busy-connections-Host=a", 7, 0.5, T0 + Second));
        Assert.Null(assembler.Add("Npgsql", "busy-connections-Host=b", 2, 0.5, T0 + Second));
        Assert.Null(assembler.Add("Npgsql", "idle-connections-Host=a", 90, 0.5, T0 + Second));
        var sample = assembler.Flush();

        Assert.NotNull(sample);
        Assert.Equal(9, sample.DbBusyConnections);
        Assert.Equal(9, CounterWindowSummary.FromSamples("(idle)", [sample]).PeakDbBusyConnections);
    }

    [Fact]
    public void TimeInJitIsTheSampleJitMilliseconds()
    {
        var assembler = new CounterReadingAssembler(T0, 0.5, new VariantTimeline("(idle)"));

        Assert.Null(assembler.Add(Runtime, "cpu-usage", 10, 0.5, T0 + Second));
        Assert.Null(assembler.Add(Runtime, "time-in-jit", 37.5, 0.5, T0 + Second));
        var sample = assembler.Flush();

        Assert.NotNull(sample);
        Assert.Equal(37.5, sample.JitMs);
    }

    private static CounterReading? Interval(CounterReadingAssembler assembler, long timestamp, long bytesSent, long bytesReceived)
    {
        // The order the runtime uses: System.Runtime's counters, then System.Net.Sockets' a few ms later.
        CounterReading? completed = null;
        void Add(string provider, string name, double value, long at)
        {
            var result = assembler.Add(provider, name, value, 0.5, at);
            completed ??= result;
        }

        Add(Runtime, "cpu-usage", 7.5, timestamp);
        Add(Runtime, "working-set", 80.25, timestamp);
        Add(Runtime, "gc-heap-size", 12.5, timestamp);
        Add(Runtime, "gen-0-gc-count", 3, timestamp);
        Add(Runtime, "gen-1-gc-count", 2, timestamp);
        Add(Runtime, "gen-2-gc-count", 1, timestamp);
        Add(Runtime, "alloc-rate", 1_000_000, timestamp);
        Add(Sockets, "bytes-received", bytesReceived, timestamp + (Second / 50));
        Add(Sockets, "bytes-sent", bytesSent, timestamp + (Second / 50));
        return completed;
    }
}

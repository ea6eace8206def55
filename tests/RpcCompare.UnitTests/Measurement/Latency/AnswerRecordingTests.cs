using System.Diagnostics;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement.Latency;

public sealed class AnswerRecordingTests
{
    private static readonly TimeSpan NoTimer = TimeSpan.FromHours(1);

    [Fact]
    public async Task AnswersAreRecordedInTheMeasuredWindowOnly()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        long t0 = Stopwatch.GetTimestamp();
        long begin = t0 + Ticks(ms: 10);
        long end = begin + Ticks(ms: 1000);
        recorder.BeginMeasurement(begin);
        recorder.EndMeasurement(end);

        worker.RecordAnswer(Answer(decodeMs: 1, receiveMs: 9), t0);
        worker.RecordAnswer(Answer(decodeMs: 2, receiveMs: 5), begin + Ticks(ms: 1));
        worker.RecordAnswer(Answer(decodeMs: 3, receiveMs: 9), end);
        var result = await recorder.CompleteAsync();

        Assert.Equal(1, result.DecodeMs!.Count);
        Assert.Equal(2.0, result.DecodeMs.P50, 0.02);
        Assert.Equal(1, result.ReceiveMs!.Count);
        Assert.Equal(5.0, result.ReceiveMs.P50, 0.05);
    }

    [Fact]
    public async Task QuantilesAndMeanComeOutOfTheHistograms()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var workers = new[] { recorder.CreateWorker(), recorder.CreateWorker() };
        recorder.BeginMeasurement(Stopwatch.GetTimestamp());

        for (var ms = 1; ms <= 100; ms++)
        {
            workers[ms % 2].RecordAnswer(Answer(decodeMs: ms, receiveMs: 2 * ms), Stopwatch.GetTimestamp());
        }
        recorder.SampleNow();
        var result = await recorder.CompleteAsync();

        // 2 significant digits: every value within 1%.
        Assert.Equal(100, result.DecodeMs!.Count);
        Assert.Equal(50.0, result.DecodeMs.P50, 0.5);
        Assert.Equal(99.0, result.DecodeMs.P99, 1.0);
        Assert.Equal(50.5, result.DecodeMs.Mean, 0.5);
        Assert.Equal(100, result.ReceiveMs!.Count);
        Assert.Equal(100.0, result.ReceiveMs.P50, 1.0);
        Assert.Equal(198.0, result.ReceiveMs.P99, 2.0);
    }

    [Fact]
    public async Task WithoutAHolderNothingIsRecorded()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        recorder.BeginMeasurement(Stopwatch.GetTimestamp());

        worker.RecordSuccess(Stopwatch.GetTimestamp(), Stopwatch.GetTimestamp());
        worker.RecordAnswer(null, Stopwatch.GetTimestamp());
        worker.RecordAnswer(new CallTiming(), Stopwatch.GetTimestamp());
        var result = await recorder.CompleteAsync();

        Assert.Equal(1, result.Requests);
        Assert.Null(result.DecodeMs);
        Assert.Null(result.ReceiveMs);
    }

    [Fact]
    public async Task APartTheClientCannotSeeIsLeftOut()
    {
        await using var recorder = new LatencyRecorder(new LatencyRecorderOptions { SnapshotInterval = NoTimer });
        var worker = recorder.CreateWorker();
        recorder.BeginMeasurement(Stopwatch.GetTimestamp());
        var decodeOnly = new CallTiming();
        decodeOnly.AddDecode(Ticks(ms: 4));

        worker.RecordAnswer(decodeOnly, Stopwatch.GetTimestamp());
        var result = await recorder.CompleteAsync();

        Assert.Equal(1, result.DecodeMs!.Count);
        Assert.Null(result.ReceiveMs);
    }

    private static CallTiming Answer(double decodeMs, double receiveMs)
    {
        var timing = new CallTiming();
        timing.AddDecode(Ticks(decodeMs));
        timing.MarkFirstByte(1_000);
        timing.MarkLastByte(1_000 + Ticks(receiveMs));
        return timing;
    }

    private static long Ticks(double ms) => (long)Math.Round(ms * Stopwatch.Frequency / 1000);
}

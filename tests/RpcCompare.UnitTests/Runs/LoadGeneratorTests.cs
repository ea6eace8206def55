using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;

namespace RpcCompare.UnitTests.Runs;

public sealed class LoadGeneratorTests
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(1);

    [Theory]
    [InlineData(null)]
    [InlineData(50.0)]
    public async Task ACallThatOutlivesTheRequestTimeoutIsCancelledAndCountedAsATimeout(double? rate)
    {
        // A call that never ends by itself, like a streamed body whose stack's own timeout stopped at the headers.
        var never = new Variant("", Threads: 2, Requests: 4, CallsPerUnit: 1,
            (_, _, cancellationToken) => Task.Delay(Timeout.InfiniteTimeSpan, cancellationToken));
        var plan = new LoadPlan
        {
            Threads = 2, Requests = 4, Warmup = TimeSpan.Zero, Rate = rate, RequestTimeout = TimeSpan.FromMilliseconds(200),
        };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, never, plan, recorder, () => { }, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, result.Requests);
        Assert.InRange(result.Errors, 4, 4 + plan.Threads);
        Assert.Equal(result.Errors, result.ErrorsByKind.GetValueOrDefault(ErrorKind.Timeout));
    }

    [Fact]
    public async Task ACallThatIgnoresCancellationAndAnswersAfterTheDeadlineIsATimeout()
    {
        var deaf = new Variant("", Threads: 1, Requests: 2, CallsPerUnit: 1,
            (_, _, _) => Task.Delay(TimeSpan.FromMilliseconds(400), CancellationToken.None));
        var plan = new LoadPlan { Threads = 1, Requests = 2, Warmup = TimeSpan.Zero, RequestTimeout = TimeSpan.FromMilliseconds(50) };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, deaf, plan, recorder, () => { }, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, result.Requests);
        Assert.Equal(result.Errors, result.ErrorsByKind.GetValueOrDefault(ErrorKind.Timeout));
        Assert.InRange(result.Errors, 2, 3);
    }

    [Fact]
    public async Task WithoutATimeoutEveryCallRunsToItsEnd()
    {
        var quick = new Variant("", Threads: 1, Requests: 3, CallsPerUnit: 1,
            (_, _, cancellationToken) => Task.Delay(TimeSpan.FromMilliseconds(20), cancellationToken));
        var plan = new LoadPlan { Threads = 1, Requests = 3, Warmup = TimeSpan.Zero };
        await using var recorder = new LatencyRecorder();

        await LoadGenerator.RunAsync(null!, quick, plan, recorder, () => { }, CancellationToken.None).WaitAsync(HangGuard);
        var result = await recorder.CompleteAsync();

        Assert.Equal(0, result.Errors);
        Assert.InRange(result.Requests, 3, 4);
    }
}

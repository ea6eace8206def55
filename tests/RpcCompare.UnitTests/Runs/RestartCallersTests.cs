using System.Diagnostics;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Runs.Restart;

namespace RpcCompare.UnitTests.Runs;

/// <summary>The restart callers against an in-process stack that goes down and comes back: every call counted once.</summary>
public sealed class RestartCallersTests
{
    private volatile bool _down;
    private long _refusals;

    [Fact]
    public async Task EveryCallIsCountedOnceAndEveryCallerRecovers()
    {
        var timeline = new RestartTimeline(Stopwatch.GetTimestamp(), TimeSpan.FromMilliseconds(100), capacity: 600);
        var callers = new RestartCallers(new FakeGraphClient(yields: true), CallAsync, callers: 10, TimeSpan.FromSeconds(10), timeline);

        callers.Start(seed: 1, CancellationToken.None);
        await Task.Delay(200);
        _down = true;
        callers.MarkRestarted(Stopwatch.GetTimestamp());
        await Eventually.TrueAsync(() => Interlocked.Read(ref _refusals) >= 10, "refusals while down", 30);
        _down = false;
        var recovered = await callers.WaitForRecoveryAsync(Stopwatch.GetTimestamp() + 30 * Stopwatch.Frequency, CancellationToken.None);
        await callers.StopAsync();

        var counts = callers.Counts();
        Assert.True(recovered);
        Assert.Empty(counts.NeverRecovered);
        Assert.Equal(10, counts.FirstCallsMs.Count);
        Assert.Equal(["refused"], counts.FailedByKind.Keys);
        Assert.Equal(Interlocked.Read(ref _refusals), counts.FailedByKind["refused"]);
        Assert.Equal(counts.Issued, counts.Succeeded + counts.FailedByKind.Values.Sum());
        Assert.Equal(counts.Issued, timeline.ToBuckets().Sum(b => b.Succeeded + b.Failed));
    }

    [Fact]
    public async Task AnAbortedRunCountsItsCallsInFlightAsCancelled()
    {
        using var abort = new CancellationTokenSource();
        var timeline = new RestartTimeline(Stopwatch.GetTimestamp(), TimeSpan.FromMilliseconds(100), capacity: 600);
        var callers = new RestartCallers(new FakeGraphClient(yields: true), (_, _, ct) => Task.Delay(Timeout.Infinite, ct), callers: 5,
            TimeSpan.FromSeconds(60), timeline);

        callers.Start(seed: 1, abort.Token);
        // Every caller's call in flight before the abort, however busy the machine (a fixed 100 ms was not always enough).
        await Eventually.TrueAsync(() => callers.Counts().Issued == 5, "five calls in flight");
        await abort.CancelAsync();
        await callers.StopAsync();

        var counts = callers.Counts();
        Assert.Equal(5, counts.Issued);
        Assert.Equal(0, counts.Succeeded);
        Assert.Equal(new Dictionary<string, long> { ["cancelled"] = 5 }, counts.FailedByKind);
        Assert.Equal(5, counts.NeverRecovered.Count);
    }

    private async Task CallAsync(IGraphClient client, Random random, CancellationToken cancellationToken)
    {
        await Task.Yield();
        if (_down)
        {
            Interlocked.Increment(ref _refusals);
            throw new GraphCallException(ErrorKind.Refused, "refused", "Connection refused.");
        }
        await client.PingAsync("ping", cancellationToken);
    }
}

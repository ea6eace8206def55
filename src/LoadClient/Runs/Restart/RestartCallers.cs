using System.Diagnostics;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.LoadClient.Runs.Restart;

/// <summary>
/// The callers of a restart run: each calls one operation in a closed loop on the shared client and counts every call it
/// began exactly once, as a success or as a failure of one error kind (the load generator's rules: the stack's own kind,
/// a deadline that passed is a timeout, a refused connection waits before the next try). Each caller also notes its
/// first success among the calls it began after <see cref="MarkRestarted"/>, which only the restarted host can answer.
/// </summary>
public sealed class RestartCallers
{
    private readonly IGraphClient _client;
    private readonly Func<IGraphClient, Random, CancellationToken, Task> _operation;
    private readonly TimeSpan _requestTimeout;
    private readonly RestartTimeline _timeline;
    private readonly long[] _failed = new long[ErrorKinds.All.Count];
    private readonly long[] _recoveredAt;
    private readonly double[] _firstCallMs;
    private Task[] _callers = [];
    private long _issued;
    private long _succeeded;
    private int _recovered;
    private long _restartedAt = long.MaxValue;
    private volatile bool _stopping;

    public RestartCallers(IGraphClient client, Func<IGraphClient, Random, CancellationToken, Task> operation, int callers,
        TimeSpan requestTimeout, RestartTimeline timeline)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(callers, 1);
        (_client, _operation, _requestTimeout, _timeline) = (client, operation, requestTimeout, timeline);
        _recoveredAt = new long[callers];
        _firstCallMs = new double[callers];
    }

    public int Count => _recoveredAt.Length;

    public bool AllRecovered => Volatile.Read(ref _recovered) == _recoveredAt.Length;

    /// <summary>Starts every caller; <paramref name="abort"/> (Ctrl+C) ends the calls in flight, which count as cancelled.</summary>
    public void Start(int seed, CancellationToken abort) =>
        _callers = [.. Enumerable.Range(0, Count).Select(index =>
            Task.Run(() => CallerAsync(index, new Random(unchecked(seed * 7919 + index)), abort), CancellationToken.None))];

    /// <summary>From <paramref name="timestamp"/> on (the old host has exited), a call a caller begins and that succeeds is
    /// its first on the restarted host.</summary>
    public void MarkRestarted(long timestamp) => Volatile.Write(ref _restartedAt, timestamp);

    /// <summary>Waits until every caller has succeeded on the restarted host, or until <paramref name="deadline"/> (a
    /// Stopwatch timestamp); true when every caller did.</summary>
    public async Task<bool> WaitForRecoveryAsync(long deadline, CancellationToken cancellationToken)
    {
        while (!AllRecovered && Stopwatch.GetTimestamp() < deadline)
        {
            await Task.Delay(20, cancellationToken);
        }
        return AllRecovered;
    }

    /// <summary>No caller begins another call; the calls in flight end (within the request timeout, or at once when the run
    /// was aborted) and are counted.</summary>
    public async Task StopAsync()
    {
        _stopping = true;
        await Task.WhenAll(_callers);
    }

    /// <summary>What the callers counted; read it after <see cref="StopAsync"/>.</summary>
    public RestartCounts Counts() => new(
        Interlocked.Read(ref _issued),
        Interlocked.Read(ref _succeeded),
        ErrorKinds.All.Where(kind => _failed[(int)kind] > 0).ToDictionary(kind => kind.ToWireName(), kind => _failed[(int)kind]),
        [.. _recoveredAt],
        [.. Enumerable.Range(0, Count).Where(i => _recoveredAt[i] != 0).Select(i => _firstCallMs[i])]);

    private async Task CallerAsync(int index, Random random, CancellationToken abort)
    {
        while (!_stopping && !abort.IsCancellationRequested)
        {
            Interlocked.Increment(ref _issued);
            var start = Stopwatch.GetTimestamp();
            var failure = await CallAsync(random, abort);
            var end = Stopwatch.GetTimestamp();
            _timeline.AddCall(end, failure is null);
            if (failure is { } kind)
            {
                Interlocked.Increment(ref _failed[(int)kind]);
                if (kind == ErrorKind.Refused)
                {
                    await Task.Delay(LoadGenerator.RefusedBackoff, CancellationToken.None);
                }
                continue;
            }
            Interlocked.Increment(ref _succeeded);
            if (_recoveredAt[index] == 0 && start >= Volatile.Read(ref _restartedAt))
            {
                _firstCallMs[index] = Stopwatch.GetElapsedTime(start, end).TotalMilliseconds;
                _recoveredAt[index] = end;
                Interlocked.Increment(ref _recovered);
            }
        }
    }

    /// <returns>Null when the call succeeded, else why it failed.</returns>
    private async Task<ErrorKind?> CallAsync(Random random, CancellationToken abort)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(abort);
        deadline.CancelAfter(_requestTimeout);
        try
        {
            await _operation(_client, random, deadline.Token);
            // An answer after the deadline is a timeout, as the load generator counts it.
            return deadline.IsCancellationRequested && !abort.IsCancellationRequested ? ErrorKind.Timeout : null;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return abort.IsCancellationRequested ? ErrorKind.Cancelled
                : deadline.IsCancellationRequested ? ErrorKind.Timeout
                : ErrorKinds.OfFailedCall(e);
        }
    }
}

/// <summary>What the callers of one stack counted.</summary>
/// <param name="RecoveredAt">Per caller, the Stopwatch timestamp its first call on the restarted host ended; 0: none.</param>
/// <param name="FirstCallsMs">The latency of each recovered caller's first call on the restarted host.</param>
public sealed record RestartCounts(long Issued, long Succeeded, IReadOnlyDictionary<string, long> FailedByKind,
    IReadOnlyList<long> RecoveredAt, IReadOnlyList<double> FirstCallsMs)
{
    public IReadOnlyList<int> NeverRecovered => [.. Enumerable.Range(0, RecoveredAt.Count).Where(i => RecoveredAt[i] == 0)];

    /// <summary>The project's quantile of the first calls; null without any.</summary>
    public double? FirstCallQuantileMs(double probability) =>
        FirstCallsMs.Count == 0 ? null : Quantiles.Estimate(SortedSample.From(FirstCallsMs), probability);
}

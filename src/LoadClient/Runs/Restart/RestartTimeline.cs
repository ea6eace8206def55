using System.Diagnostics;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs.Restart;

/// <summary>
/// Calls per bucket of time (100 ms in a restart run), succeeded and failed, and the connections established in it:
/// counted as they happen, by every caller at once, without a lock. A call belongs to the bucket in which it ended.
/// </summary>
public sealed class RestartTimeline
{
    private readonly long _origin;
    private readonly long _bucketTicks;
    private readonly long[] _succeeded;
    private readonly long[] _failed;
    private readonly long[] _connections;
    private int _last = -1;

    /// <param name="origin">The Stopwatch timestamp the first bucket starts at.</param>
    /// <param name="bucket">The width of a bucket.</param>
    /// <param name="capacity">Buckets kept; anything later is counted in the last one, so nothing is ever lost.</param>
    public RestartTimeline(long origin, TimeSpan bucket, int capacity)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        _origin = origin;
        _bucketTicks = Math.Max(1, (long)(bucket.TotalSeconds * Stopwatch.Frequency));
        Bucket = bucket;
        _succeeded = new long[capacity];
        _failed = new long[capacity];
        _connections = new long[capacity];
    }

    public TimeSpan Bucket { get; }

    public void AddCall(long endTimestamp, bool succeeded) =>
        Interlocked.Increment(ref (succeeded ? _succeeded : _failed)[IndexOf(endTimestamp)]);

    public void AddConnection(long timestamp) => Interlocked.Increment(ref _connections[IndexOf(timestamp)]);

    /// <summary>Seconds from the origin to <paramref name="timestamp"/>.</summary>
    public double SecondsAt(long timestamp) => (timestamp - _origin) / (double)Stopwatch.Frequency;

    /// <summary>Every bucket from the first to the last that holds anything, empty ones between included.</summary>
    public IReadOnlyList<RestartBucket> ToBuckets()
    {
        var last = Volatile.Read(ref _last);
        return [.. Enumerable.Range(0, last + 1).Select(i => new RestartBucket(
            Math.Round(i * Bucket.TotalSeconds, 3), Volatile.Read(ref _succeeded[i]), Volatile.Read(ref _failed[i]), Volatile.Read(ref _connections[i])))];
    }

    private int IndexOf(long timestamp)
    {
        var index = (int)Math.Clamp((timestamp - _origin) / _bucketTicks, 0, _succeeded.Length - 1);
        int seen;
        while (index > (seen = Volatile.Read(ref _last)) && Interlocked.CompareExchange(ref _last, index, seen) != seen)
        {
            // Another caller moved the end meanwhile: look again.
        }
        return index;
    }
}

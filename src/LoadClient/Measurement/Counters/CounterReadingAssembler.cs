using System.Diagnostics;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// Turns the stream of single EventCounter values into <see cref="CounterReading"/>s. The runtime emits every counter
/// once per interval, one event each, the two providers a few milliseconds apart; a counter that reports a second
/// time therefore starts the next sample. Cumulative socket byte counts become deltas.
/// </summary>
internal sealed class CounterReadingAssembler
{
    internal const string RuntimeProvider = "System.Runtime";
    internal const string SocketsProvider = "System.Net.Sockets";
    internal const string NpgsqlProvider = "Npgsql";

    private readonly long _startTimestamp;
    private readonly long _halfInterval;
    private readonly VariantTimeline _timeline;
    private readonly Dictionary<Counter, double> _current = [];
    private long _currentTimestamp;
    private double? _currentInterval;
    private long? _lastBytesSent;
    private long? _lastBytesReceived;
    private double? _dbBusy;

    public CounterReadingAssembler(long startTimestamp, double intervalSeconds, VariantTimeline timeline)
    {
        _startTimestamp = startTimestamp;
        _halfInterval = (long)(intervalSeconds / 2 * Stopwatch.Frequency);
        _timeline = timeline;
    }

    private enum Counter
    {
        GcHeapSize,
        WorkingSet,
        AllocRate,
        Gen0Count,
        Gen1Count,
        Gen2Count,
        CpuUsage,
        BytesSent,
        BytesReceived,
        JitTime,
    }

    /// <summary>Adds one counter value; returns the sample it completed, if any. Counters not sampled are ignored.</summary>
    public CounterReading? Add(string provider, string name, double value, double? intervalSeconds, long timestamp)
    {
        if (provider == NpgsqlProvider && name.StartsWith("busy-connections", StringComparison.Ordinal))
        {
            // One such counter per connection pool: it goes with whichever sample is open and never starts one.
            _dbBusy = (_dbBusy ?? 0) + value;
            return null;
        }
        if (Identify(provider, name) is not { } counter)
        {
            return null;
        }

        CounterReading? completed = null;
        if (_current.ContainsKey(counter))
        {
            completed = Complete();
        }

        if (_current.Count == 0)
        {
            _currentTimestamp = timestamp;
            _currentInterval = intervalSeconds;
        }

        _current[counter] = value;
        return completed;
    }

    /// <summary>Completes the sample in progress, if any (at the end of the session).</summary>
    public CounterReading? Flush() => _current.Count == 0 ? null : Complete();

    private static Counter? Identify(string provider, string name) => (provider, name) switch
    {
        (RuntimeProvider, "gc-heap-size") => Counter.GcHeapSize,
        (RuntimeProvider, "working-set") => Counter.WorkingSet,
        (RuntimeProvider, "alloc-rate") => Counter.AllocRate,
        (RuntimeProvider, "gen-0-gc-count") => Counter.Gen0Count,
        (RuntimeProvider, "gen-1-gc-count") => Counter.Gen1Count,
        (RuntimeProvider, "gen-2-gc-count") => Counter.Gen2Count,
        (RuntimeProvider, "cpu-usage") => Counter.CpuUsage,
        (RuntimeProvider, "time-in-jit") => Counter.JitTime,
        (SocketsProvider, "bytes-sent") => Counter.BytesSent,
        (SocketsProvider, "bytes-received") => Counter.BytesReceived,
        _ => null,
    };

    private CounterReading Complete()
    {
        var sample = new CounterReading(
            _currentTimestamp,
            Math.Max(0, (_currentTimestamp - _startTimestamp) / (double)Stopwatch.Frequency),
            // The values describe the interval that ends at the timestamp: attribute them to its middle.
            _timeline.VariantAt(_currentTimestamp - _halfInterval),
            _currentInterval,
            Value(Counter.GcHeapSize),
            Value(Counter.WorkingSet),
            Whole(Counter.AllocRate),
            Whole(Counter.Gen0Count),
            Whole(Counter.Gen1Count),
            Whole(Counter.Gen2Count),
            Value(Counter.CpuUsage),
            Delta(Counter.BytesSent, ref _lastBytesSent),
            Delta(Counter.BytesReceived, ref _lastBytesReceived),
            _dbBusy,
            Value(Counter.JitTime));
        _current.Clear();
        _dbBusy = null;
        return sample;
    }

    private double? Value(Counter counter) => _current.TryGetValue(counter, out double value) ? value : null;

    private long? Whole(Counter counter) => _current.TryGetValue(counter, out double value) ? (long)Math.Round(value) : null;

    /// <summary>
    /// The socket byte counters are cumulative totals since the provider was enabled (and they survive earlier
    /// sessions), so the first reading is only a baseline and every later one gives the bytes of its interval.
    /// </summary>
    private long? Delta(Counter counter, ref long? last)
    {
        if (!_current.TryGetValue(counter, out double value))
        {
            return null;
        }

        long total = (long)Math.Round(value);
        long? delta = last is { } previous && total >= previous ? total - previous : null;
        last = total;
        return delta;
    }
}

using System.Collections.Concurrent;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// A thread-safe cache with a fixed capacity and approximate least-recently-used eviction. Reads are lock-free;
/// when the capacity is passed, the oldest tenth of the entries is dropped under a lock.
/// </summary>
internal sealed class BoundedCache<TKey, TValue>
    where TKey : notnull
    where TValue : class
{
    private readonly ConcurrentDictionary<TKey, Entry> _entries;
    private readonly int _capacity;
    private readonly object _evictionLock = new();
    private long _clock;

    public BoundedCache(int capacity, IEqualityComparer<TKey>? comparer = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(capacity);
        _capacity = capacity;
        _entries = new ConcurrentDictionary<TKey, Entry>(comparer);
    }

    public int Count => _entries.Count;

    public bool TryGet(TKey key, out TValue value)
    {
        if (_entries.TryGetValue(key, out var entry))
        {
            entry.LastUsed = Interlocked.Increment(ref _clock);
            value = entry.Value;
            return true;
        }

        value = null!;
        return false;
    }

    /// <summary>Adds the value, or returns the one another thread added first.</summary>
    public TValue GetOrAdd(TKey key, TValue value)
    {
        var entry = _entries.GetOrAdd(key, new Entry(value) { LastUsed = Interlocked.Increment(ref _clock) });
        if (_entries.Count > _capacity)
        {
            Evict();
        }

        return entry.Value;
    }

    private void Evict()
    {
        lock (_evictionLock)
        {
            var excess = _entries.Count - _capacity;
            if (excess <= 0)
            {
                return;
            }

            var remove = Math.Max(excess, _capacity / 10);
            foreach (var (key, _) in _entries.OrderBy(e => e.Value.LastUsed).Take(remove).ToList())
            {
                _entries.TryRemove(key, out _);
            }
        }
    }

    private sealed class Entry(TValue value)
    {
        public TValue Value { get; } = value;

        public long LastUsed { get; set; }
    }
}

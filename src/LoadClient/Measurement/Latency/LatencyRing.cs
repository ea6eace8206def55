namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// A bounded single-producer, single-consumer ring of latencies between one worker and the CSV writer thread. The
/// producer never takes a lock; when the ring is full it waits for the consumer (back-pressure), so memory stays at
/// the ring's capacity however long the run.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "A ManualResetEventSlim allocates no kernel handle unless its WaitHandle is read, which this class never does.")]
internal sealed class LatencyRing
{
    private static readonly TimeSpan WaitSlice = TimeSpan.FromMilliseconds(50);

    private readonly long[] _items;
    private readonly int _mask;
    private readonly ManualResetEventSlim _spaceAvailable = new(false);
    private readonly Action _wakeConsumer;

    // Written only by the producer (_tail) or only by the consumer (_head); read by the other side.
    private long _tail;
    private long _head;
    private int _producerWaiting;
    private long _producerWaits;

    public LatencyRing(int capacity, Action wakeConsumer)
    {
        if (capacity < 2 || (capacity & (capacity - 1)) != 0)
        {
            throw new ArgumentOutOfRangeException(nameof(capacity), capacity, "The ring capacity must be a power of two of at least 2.");
        }

        _items = new long[capacity];
        _mask = capacity - 1;
        _wakeConsumer = wakeConsumer;
    }

    public int Capacity => _items.Length;

    /// <summary>Entries written and not yet drained (a snapshot).</summary>
    public long Pending => Volatile.Read(ref _tail) - Volatile.Read(ref _head);

    /// <summary>How often the producer had to wait for the consumer.</summary>
    public long ProducerWaits => Volatile.Read(ref _producerWaits);

    /// <summary>Producer side: appends <paramref name="value"/>, waiting while the ring is full. Returns false, without
    /// writing, when <paramref name="abandon"/> says the consumer is gone.</summary>
    public bool Write(long value, Func<bool> abandon)
    {
        long tail = _tail;
        if (tail - Volatile.Read(ref _head) >= _items.Length && !WaitForSpace(tail, abandon))
        {
            return false;
        }

        _items[tail & _mask] = value;
        Volatile.Write(ref _tail, tail + 1);
        return true;
    }

    /// <summary>Consumer side: hands every pending entry to <paramref name="sink"/> in order; returns how many.</summary>
    public int Drain<TSink>(ref TSink sink)
        where TSink : struct, ILatencySink
    {
        long head = _head;
        long tail = Volatile.Read(ref _tail);
        for (long i = head; i < tail; i++)
        {
            sink.Add(_items[i & _mask]);
        }

        // The exchange is a full fence: the new head is visible before we look for a waiting producer, and a producer
        // that raises the flag after this re-reads the head before it sleeps.
        Volatile.Write(ref _head, tail);
        if (Interlocked.Exchange(ref _producerWaiting, 0) == 1)
        {
            _spaceAvailable.Set();
        }

        return (int)(tail - head);
    }

    /// <summary>Wakes a producer that waits for space, e.g. because the consumer stopped.</summary>
    public void ReleaseProducer() => _spaceAvailable.Set();

    private bool WaitForSpace(long tail, Func<bool> abandon)
    {
        Interlocked.Increment(ref _producerWaits);
        while (true)
        {
            _spaceAvailable.Reset();
            Interlocked.Exchange(ref _producerWaiting, 1);
            if (tail - Volatile.Read(ref _head) < _items.Length)
            {
                Interlocked.Exchange(ref _producerWaiting, 0);
                return true;
            }

            if (abandon())
            {
                return false;
            }

            _wakeConsumer();
            // The timeout is a safety net only; the consumer sets the event as soon as it has drained.
            _spaceAvailable.Wait(WaitSlice);
        }
    }
}

/// <summary>Receives drained latencies (a struct so the drain loop is not a delegate call per entry).</summary>
internal interface ILatencySink
{
    void Add(long latencyTicks);
}

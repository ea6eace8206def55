using System.Diagnostics;

namespace RpcCompare.Network;

/// <summary>
/// One direction of the emulated link, shared by every connection that crosses it: a first-in, first-out queue that sends
/// at the direction's rate (a segment waits for the ones before it, as on a real wire) and delivers each segment its one-way
/// delay after it has been sent. One thread delivers, in order, at each segment's arrival time.
/// <para>
/// A calibration's hold (<see cref="TcpRelay.CalibrationDelay"/>) is counted from the moment the delivering thread takes
/// the segment up, not from its arrival: a relay with no delay hands a segment on after its thread wakes (20-50 µs on a
/// busy 2-core machine), so a hold of 13 µs counted from arrival had already passed by then and slowed nothing.
/// </para>
/// </summary>
public sealed class LinkDirection : IDisposable
{
    private readonly long _delayTicks;
    private readonly long _holdTicks;
    private readonly long _bitsPerSecond;
    private readonly Queue<(long Due, Action Deliver)> _queue = new();
    private readonly object _lock = new();
    private readonly Thread _thread;
    private long _freeAt;
    private long _bytes;
    private long _segments;
    private long _sendingTicks;
    private bool _disposed;

    /// <param name="hold">Calibration only: how much later than a relay without it each segment is delivered.</param>
    public LinkDirection(string name, TimeSpan delay, long bitsPerSecond, TimeSpan hold = default)
    {
        _delayTicks = (long)(delay.TotalSeconds * Stopwatch.Frequency);
        _holdTicks = (long)(hold.TotalSeconds * Stopwatch.Frequency);
        _bitsPerSecond = bitsPerSecond;
        _thread = new Thread(Deliver) { IsBackground = true, Name = $"link {name}" };
        _thread.Start();
    }

    /// <summary>
    /// Puts <paramref name="bytes"/> on the wire now and calls <paramref name="deliver"/> when they arrive at the far end.
    /// Zero bytes (the end of a stream) take no time to send and arrive after the data before them. Returns the
    /// <see cref="Stopwatch"/> timestamp they are due at the far end.
    /// </summary>
    public long Send(int bytes, Action deliver)
    {
        long now = Stopwatch.GetTimestamp();
        long sending = _bitsPerSecond == 0 ? 0 : (long)((double)bytes * 8 * Stopwatch.Frequency / _bitsPerSecond);
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            // Arrival times only grow (same delay for all, sending in turn), so the queue is already in delivery order.
            _freeAt = Math.Max(now, _freeAt) + sending;
            _bytes += bytes;
            _segments++;
            _sendingTicks += sending;
            long due = _freeAt + _delayTicks;
            _queue.Enqueue((due, deliver));
            if (_queue.Count == 1)
            {
                Monitor.Pulse(_lock);
            }
            return due;
        }
    }

    /// <summary>What has been put on this direction so far: exact, whatever the machine's load did to the timing.</summary>
    public LinkCounts Counts
    {
        get
        {
            lock (_lock)
            {
                return new LinkCounts(_bytes, _segments, Stopwatch.GetElapsedTime(0, _sendingTicks));
            }
        }
    }

    private void Deliver()
    {
        PreciseSleep.TightenThisThread();
        // The head's due time once held (it stays the head until delivered: segments join at the tail).
        long? held = null;
        while (true)
        {
            (long Due, Action Deliver) next;
            lock (_lock)
            {
                while (_queue.Count == 0 && !_disposed)
                {
                    Monitor.Wait(_lock);
                }
                if (_disposed)
                {
                    return;
                }
                next = _queue.Peek();
            }
            long due = next.Due;
            if (_holdTicks > 0)
            {
                held ??= Math.Max(due, Stopwatch.GetTimestamp()) + _holdTicks;
                due = held.Value;
            }
            long wait = due - Stopwatch.GetTimestamp();
            if (wait > 0)
            {
                PreciseSleep.For(Stopwatch.GetElapsedTime(0, wait));
                continue;
            }
            lock (_lock)
            {
                _queue.Dequeue();
            }
            held = null;
            next.Deliver();
        }
    }

    public void Dispose()
    {
        lock (_lock)
        {
            _disposed = true;
            Monitor.Pulse(_lock);
        }
        _thread.Join();
    }
}

/// <summary>Bytes and segments put on one direction of the link, and the time its rate made them take to send.</summary>
public readonly record struct LinkCounts(long Bytes, long Segments, TimeSpan Sending);

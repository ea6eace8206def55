using System.Buffers.Text;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The background writer of latencies-&lt;...&gt;.csv: one dedicated thread drains every worker's
/// <see cref="LatencyRing"/> into the file, so the workers never touch the disk and memory is bounded by the rings.
/// Each worker's latencies appear in the order it recorded them; workers interleave at drain granularity (a few ms).
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "A ManualResetEventSlim allocates no kernel handle unless its WaitHandle is read, which this class never does.")]
internal sealed class LatencyCsvWriter
{
    private static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(10);
    private static readonly byte[] Header = System.Text.Encoding.UTF8.GetBytes(Reports.Results.LatencyCsv.Header + "\n");

    private readonly Stream _stream;
    private readonly byte[] _buffer = new byte[64 * 1024];
    private readonly ManualResetEventSlim _wake = new(false);
    private readonly TaskCompletionSource _finished = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly Lock _ringsLock = new();
    private readonly Func<bool> _abandon;
    private LatencyRing[] _rings = [];
    private int _buffered;
    private long _linesWritten;
    private volatile bool _stopRequested;
    private volatile bool _stopped;
    private volatile Exception? _failure;

    public LatencyCsvWriter(Stream stream)
    {
        _stream = stream;
        _abandon = () => _stopped;
        Header.CopyTo(_buffer, 0);
        _buffered = Header.Length;
        var thread = new Thread(Run) { IsBackground = true, Name = "latency-csv-writer" };
        thread.Start();
    }

    /// <summary>Lines written so far (excluding the header).</summary>
    public long LinesWritten => Interlocked.Read(ref _linesWritten);

    /// <summary>Set when writing failed; later latencies are dropped rather than blocking the workers.</summary>
    public Exception? Failure => _failure;

    /// <summary>Tells producers to stop waiting for space: the writer will not drain any more.</summary>
    public Func<bool> Abandon => _abandon;

    public LatencyRing AddRing(int capacity)
    {
        var ring = new LatencyRing(capacity, Wake);
        lock (_ringsLock)
        {
            _rings = [.. _rings, ring];
        }

        return ring;
    }

    public void Wake() => _wake.Set();

    /// <summary>Drains what the workers wrote, flushes and closes the stream. Throws if writing failed.</summary>
    public async Task CompleteAsync()
    {
        _stopRequested = true;
        Wake();
        await _finished.Task;
        if (_failure is not null)
        {
            throw new IOException($"Writing the latencies file failed: {_failure.Message}", _failure);
        }
    }

    private void Run()
    {
        try
        {
            while (true)
            {
                _wake.Reset();
                // Read the flag before draining, so that the pass after a stop request sees every latency written
                // before that request.
                bool stopping = _stopRequested;
                DrainAll();
                if (stopping)
                {
                    break;
                }

                _wake.Wait(PollInterval);
            }

            FlushBuffer();
            _stream.Flush();
        }
        catch (Exception ex)
        {
            _failure = ex;
        }
        finally
        {
            _stopped = true;
            foreach (var ring in Volatile.Read(ref _rings))
            {
                ring.ReleaseProducer();
            }

            try
            {
                _stream.Dispose();
            }
            catch (Exception ex)
            {
                _failure ??= ex;
            }

            _finished.TrySetResult();
        }
    }

    private void DrainAll()
    {
        var sink = new CsvSink(this);
        foreach (var ring in Volatile.Read(ref _rings))
        {
            int drained = ring.Drain(ref sink);
            Interlocked.Add(ref _linesWritten, drained);
        }
    }

    private void AppendLine(long latencyTicks)
    {
        // Longest line: 19 digits, '.', 3 digits, '\n'.
        if (_buffer.Length - _buffered < 24)
        {
            FlushBuffer();
        }

        // Milliseconds with exactly three decimals, from whole microseconds: exact, invariant, no double formatting.
        long microseconds = LatencyUnits.TicksToMicroseconds(latencyTicks);
        var span = _buffer.AsSpan(_buffered);
        Utf8Formatter.TryFormat(microseconds / 1000, span, out int written);
        long fraction = microseconds % 1000;
        span[written] = (byte)'.';
        span[written + 1] = (byte)('0' + (fraction / 100));
        span[written + 2] = (byte)('0' + (fraction / 10 % 10));
        span[written + 3] = (byte)('0' + (fraction % 10));
        span[written + 4] = (byte)'\n';
        _buffered += written + 5;
    }

    private void FlushBuffer()
    {
        if (_buffered > 0)
        {
            _stream.Write(_buffer, 0, _buffered);
            _buffered = 0;
        }
    }

    private readonly struct CsvSink(LatencyCsvWriter writer) : ILatencySink
    {
        public void Add(long latencyTicks) => writer.AppendLine(latencyTicks);
    }
}

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The recording handle of one load worker, created by <see cref="LatencyRecorder.CreateWorker"/>. Single writer: one
/// worker calls it, one call at a time (an async worker may hop threads between calls). Recording takes no lock: the
/// worker owns its interval histogram, which the recorder swaps out every snapshot interval (HdrHistogram's Recorder
/// pattern), and hands latencies to the CSV writer through its own bounded ring.
/// </summary>
public sealed class WorkerRecorder
{
    private readonly LatencyRecorder _owner;
    private readonly LatencyRing? _ring;
    private readonly Func<bool> _abandonCsv;
    private readonly long _highestTrackableTicks;
    private readonly long[] _errors = new long[ErrorKinds.All.Count];

    // Swapped by the recorder; _recordSequence is odd while a histogram update is in progress.
    private LatencyHistogram _active;
    private LatencyHistogram _inactive;
    private long _recordSequence;

    private long _successes;
    private long _warmUpSuccesses;
    private long _warmUpErrors;
    private long _clampedValues;
    private RecordedError? _firstError;

    internal WorkerRecorder(LatencyRecorder owner, int id, LatencyHistogram active, LatencyHistogram inactive, LatencyRing? ring, Func<bool> abandonCsv)
    {
        _owner = owner;
        Id = id;
        _active = active;
        _inactive = inactive;
        _ring = ring;
        _abandonCsv = abandonCsv;
        _highestTrackableTicks = active.HighestTrackableValue;
    }

    /// <summary>0-based number of this worker within its recorder.</summary>
    public int Id { get; }

    internal long Successes => Volatile.Read(ref _successes);

    internal long WarmUpSuccesses => Volatile.Read(ref _warmUpSuccesses);

    internal long WarmUpErrors => Volatile.Read(ref _warmUpErrors);

    internal long ClampedValues => Volatile.Read(ref _clampedValues);

    internal RecordedError? FirstError => Volatile.Read(ref _firstError);

    internal LatencyRing? Ring => _ring;

    internal long ErrorCount(ErrorKind kind) => Volatile.Read(ref _errors[(int)kind]);

    /// <summary>
    /// Records a successful call from two <see cref="System.Diagnostics.Stopwatch.GetTimestamp"/> values. Calls that end
    /// before the measured window are counted as warm-up and otherwise discarded; calls that end after it are ignored.
    /// </summary>
    public void RecordSuccess(long startTimestamp, long endTimestamp) => RecordSuccess(startTimestamp, endTimestamp, 0);

    /// <summary>
    /// Records a successful call and, when <paramref name="expectedIntervalTicks"/> is positive, corrects the histogram
    /// for coordinated omission as HdrHistogram's RecordValueWithExpectedInterval does (the CSV keeps the measured
    /// latency only). Use it for a worker that meant to send one call per interval; a worker that measures from the
    /// intended send time already includes the queueing delay and passes 0.
    /// </summary>
    public void RecordSuccess(long startTimestamp, long endTimestamp, long expectedIntervalTicks)
    {
        var phase = _owner.PhaseAt(endTimestamp);
        if (phase == MeasurementPhase.WarmUp)
        {
            Volatile.Write(ref _warmUpSuccesses, _warmUpSuccesses + 1);
            return;
        }

        if (phase != MeasurementPhase.Measuring)
        {
            return;
        }

        long latency = endTimestamp - startTimestamp;
        if (latency < 0)
        {
            throw new ArgumentException(
                $"The call ended (timestamp {endTimestamp}) before it started (timestamp {startTimestamp}).", nameof(endTimestamp));
        }

        if (latency > _highestTrackableTicks)
        {
            // A run must not die on one pathological call: keep it at the histogram's ceiling and say so in the result.
            latency = _highestTrackableTicks;
            Volatile.Write(ref _clampedValues, _clampedValues + 1);
        }

        // The increment is a full fence: the recorder either sees the odd sequence and waits for us, or we see the
        // histogram it swapped in.
        Interlocked.Increment(ref _recordSequence);
        var histogram = Volatile.Read(ref _active);
        if (expectedIntervalTicks > 0)
        {
            histogram.RecordWithExpectedInterval(latency, expectedIntervalTicks);
        }
        else
        {
            histogram.Record(latency);
        }

        Interlocked.Increment(ref _recordSequence);
        Volatile.Write(ref _successes, _successes + 1);
        _ring?.Write(latency, _abandonCsv);
    }

    /// <summary>Counts a failed call by kind; <paramref name="exception"/>, when given, may become the result's
    /// first error message.</summary>
    public void RecordError(ErrorKind kind, long endTimestamp, Exception? exception = null)
    {
        if ((uint)kind >= (uint)_errors.Length)
        {
            throw new ArgumentOutOfRangeException(nameof(kind), kind, "Unknown error kind.");
        }

        var phase = _owner.PhaseAt(endTimestamp);
        if (phase == MeasurementPhase.WarmUp)
        {
            Volatile.Write(ref _warmUpErrors, _warmUpErrors + 1);
            return;
        }

        if (phase != MeasurementPhase.Measuring)
        {
            return;
        }

        Volatile.Write(ref _errors[(int)kind], _errors[(int)kind] + 1);
        if (_firstError is null)
        {
            string message = exception is null ? kind.ToWireName() : $"{exception.GetType().Name}: {exception.Message}";
            Volatile.Write(ref _firstError, new RecordedError(endTimestamp, kind, message));
        }
    }

    /// <summary>
    /// Recorder side: takes this worker's interval histogram, adds it to <paramref name="interval"/> and
    /// <paramref name="cumulative"/> and gives the worker an empty one. Callers serialise swaps.
    /// </summary>
    internal void SwapInterval(LatencyHistogram interval, LatencyHistogram cumulative)
    {
        var filled = Interlocked.Exchange(ref _active, _inactive);
        long sequence = Volatile.Read(ref _recordSequence);
        if ((sequence & 1) != 0)
        {
            // A record was in progress and may be writing to the histogram we took: wait until it is done.
            var spinner = new SpinWait();
            while (Volatile.Read(ref _recordSequence) == sequence)
            {
                spinner.SpinOnce(sleep1Threshold: 20);
            }
        }

        if (filled.TotalCount != 0)
        {
            interval.Add(filled);
            cumulative.Add(filled);
            filled.Reset();
        }

        _inactive = filled;
    }
}

/// <summary>An error remembered for the result: when it ended, its kind and its message.</summary>
internal sealed record RecordedError(long Timestamp, ErrorKind Kind, string Message);

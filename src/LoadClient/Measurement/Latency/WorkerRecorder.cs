using HdrHistogram;
using RpcCompare.LoadClient.Clients;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The recording handle of one load worker, created by <see cref="LatencyRecorder.CreateWorker"/>. Single writer: one
/// worker calls it, one call at a time (an async worker may hop threads between calls). Recording takes no lock: each
/// worker records into its own HdrHistogram <see cref="Recorder"/>, whose interval histogram the recorder takes every
/// snapshot interval, and hands latencies to the CSV writer through its own bounded ring. One recorder per worker
/// rather than one concurrent histogram: no two workers ever write the same cache line.
/// </summary>
public sealed class WorkerRecorder
{
    private readonly LatencyRecorder _owner;
    private readonly LatencyRing? _ring;
    private readonly Func<bool> _abandonCsv;
    private readonly long _highestTrackableTicks;
    private readonly long[] _errors = new long[ErrorKinds.All.Count];

    private readonly Recorder _histogram;
    private readonly AnswerPart _decode;
    private readonly AnswerPart _receive;

    // The interval histogram last handed back, recycled at the next swap so that sampling allocates nothing.
    private HistogramBase? _recycled;

    private long _successes;
    private long _warmUpSuccesses;
    private long _warmUpTicks;
    private long _warmUpErrors;
    private long _clampedValues;
    private RecordedError? _firstError;

    internal WorkerRecorder(LatencyRecorder owner, int id, long highestTrackableTicks, int significantDigits, LatencyRing? ring, Func<bool> abandonCsv)
    {
        _owner = owner;
        Id = id;
        _histogram = NewRecorder(highestTrackableTicks, significantDigits);
        _decode = new AnswerPart(NewRecorder(highestTrackableTicks, LatencyRecorder.AnswerPartDigits(significantDigits)));
        _receive = new AnswerPart(NewRecorder(highestTrackableTicks, LatencyRecorder.AnswerPartDigits(significantDigits)));
        _ring = ring;
        _abandonCsv = abandonCsv;
        _highestTrackableTicks = highestTrackableTicks;
    }

    /// <summary>0-based number of this worker within its recorder.</summary>
    public int Id { get; }

    internal long Successes => Volatile.Read(ref _successes);

    internal long WarmUpSuccesses => Volatile.Read(ref _warmUpSuccesses);

    /// <summary>The warm-up's successful calls' latencies added up, so the recorder can tell whether the warm-up settled.</summary>
    internal long WarmUpTicks => Volatile.Read(ref _warmUpTicks);

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
            // The sum before the count: a sample that reads between the two sees one call's time without it, never a
            // count without its time.
            Volatile.Write(ref _warmUpTicks, _warmUpTicks + Math.Max(0, endTimestamp - startTimestamp));
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

        if (expectedIntervalTicks > 0)
        {
            _histogram.RecordValueWithExpectedInterval(latency, expectedIntervalTicks);
        }
        else
        {
            _histogram.RecordValue(latency);
        }

        Volatile.Write(ref _successes, _successes + 1);
        _ring?.Write(latency, _abandonCsv);
    }

    /// <summary>
    /// Records what the client measured of a successful call's answer (<see cref="CallTiming"/>: its decode and its
    /// receive time) when the call ended in the measured window; a part the client could not measure is left out, and so
    /// is everything without a holder. Call it beside <see cref="RecordSuccess(long, long)"/>, with the same end.
    /// </summary>
    public void RecordAnswer(CallTiming? timing, long endTimestamp)
    {
        if (timing is null || _owner.PhaseAt(endTimestamp) != MeasurementPhase.Measuring)
        {
            return;
        }
        _decode.Record(timing.DecodeTicks, _highestTrackableTicks);
        _receive.Record(timing.ReceiveTicks, _highestTrackableTicks);
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
    /// Recorder side: takes this worker's interval histogram and adds it to <paramref name="interval"/> and
    /// <paramref name="cumulative"/>. Callers serialise swaps.
    /// </summary>
    internal void SwapInterval(HistogramBase interval, HistogramBase cumulative)
    {
        var filled = _histogram.GetIntervalHistogram(_recycled);
        if (filled.TotalCount != 0)
        {
            interval.Add(filled);
            cumulative.Add(filled);
        }

        _recycled = filled;
    }

    /// <summary>Recorder side: adds the decode and receive times recorded since the last swap to the totals. Callers
    /// serialise swaps.</summary>
    internal void SwapAnswerParts(HistogramBase decode, HistogramBase receive)
    {
        _decode.SwapInto(decode);
        _receive.SwapInto(receive);
    }

    private static Recorder NewRecorder(long highestTrackableTicks, int significantDigits) =>
        new(1, highestTrackableTicks, significantDigits,
            static (instanceId, lowest, highest, digits) => new LongHistogram(instanceId, lowest, highest, digits));

    /// <summary>One measured part of the answers (decode or receive): its own recorder, swapped like the latencies'.</summary>
    private sealed class AnswerPart(Recorder recorder)
    {
        private HistogramBase? _recycled;

        public void Record(long ticks, long highestTrackableTicks)
        {
            if (ticks >= 0)
            {
                recorder.RecordValue(Math.Min(ticks, highestTrackableTicks));
            }
        }

        public void SwapInto(HistogramBase total)
        {
            var filled = recorder.GetIntervalHistogram(_recycled);
            if (filled.TotalCount != 0)
            {
                total.Add(filled);
            }
            _recycled = filled;
        }
    }
}

/// <summary>An error remembered for the result: when it ended, its kind and its message.</summary>
internal sealed record RecordedError(long Timestamp, ErrorKind Kind, string Message);

using System.Diagnostics;
using HdrHistogram;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// Records the latencies of one run (one stack, one variant): each worker records through its own
/// <see cref="WorkerRecorder"/> without locks; calls that end before <see cref="BeginMeasurement()"/> are warm-up and
/// discarded; the first call is kept apart; every measured latency is streamed to the CSV by a bounded background
/// writer; a live <see cref="Snapshot"/> is refreshed every interval and, within the measured window, appended to the
/// HdrHistogram interval log. <see cref="CompleteAsync"/> merges and finishes.
/// </summary>
public sealed class LatencyRecorder : IAsyncDisposable
{
    private const int Running = 0;
    private const int Completed = 1;

    private readonly LatencyRecorderOptions _options;
    private readonly LatencyCsvWriter? _csv;
    private readonly string? _csvTemporaryPath;
    private readonly Func<bool> _abandonCsv;
    private readonly IntervalLog? _intervalLog;
    private readonly long _anchorTimestamp = Stopwatch.GetTimestamp();
    private readonly DateTimeOffset _anchorWallClock = DateTimeOffset.UtcNow;
    private readonly Lock _lock = new();
    private readonly HistogramBase _cumulative;
    private readonly HistogramBase _interval;
    private readonly HistogramBase _decode;
    private readonly HistogramBase _receive;
    private readonly CancellationTokenSource _samplerStop = new();
    private readonly Task _sampler;

    private WorkerRecorder[] _workers = [];
    private readonly List<LatencyRecorder> _followers = [];
    private long _measureStart = long.MaxValue;
    // Set by ScheduleMeasurement: the window's start was fixed in advance, and BeginMeasurement only reads the CPU time.
    private bool _startScheduled;
    private bool _begun;
    private long _measureEnd = long.MaxValue;
    private long _firstCallTicks = -1;
    private TimeSpan _cpuAtStart;
    private TimeSpan _cpuAtEnd;
    // When the CPU time was read: a window's timestamps can be given from the past, so the CPU time is divided by the
    // wall time between its own two readings, never by the window's length (that gave 100.6% busy on one CPU).
    private long _cpuReadAtStart;
    private long _cpuReadAtEnd;
    private long _allocatedAtStart;
    private MachineCpu? _machineAtStart;
    private MachineCpu? _machineAtEnd;
    private double? _cpuLoopAtEnd;
    private double? _memoryWalkAtEnd;
    private long _allocatedAtEnd;
    private LatencySnapshot _snapshot = LatencySnapshot.Empty;
    private long _lastSampleTimestamp;
    private long _lastSampleCompletions;
    private long _lastWarmUpCount;
    private long _lastWarmUpTicks;
    // The mean latency (ms) of each warm-up interval that completed calls, oldest first: what SteadyState judges.
    private readonly List<double> _warmUpMeans = [];
    private int _state;

    /// <summary>Creates a recorder and, when <see cref="LatencyRecorderOptions.LatenciesCsvPath"/> is set, opens its
    /// temporary CSV file.</summary>
    public LatencyRecorder(LatencyRecorderOptions? options = null)
        : this(options ?? new LatencyRecorderOptions(), openCsv: null)
    {
    }

    /// <summary>Test seam: <paramref name="openCsv"/> opens the stream for a temporary path.</summary>
    internal LatencyRecorder(LatencyRecorderOptions options, Func<string, Stream>? openCsv)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        _options = options;
        _cumulative = NewHistogram();
        _interval = NewHistogram();
        _decode = new LongHistogram(1, options.HighestTrackableTicks, AnswerPartDigits(options.SignificantDigits));
        _receive = new LongHistogram(1, options.HighestTrackableTicks, AnswerPartDigits(options.SignificantDigits));
        _abandonCsv = static () => false;
        if (options.LatenciesCsvPath is { } path)
        {
            _csvTemporaryPath = AtomicFile.TemporaryPathFor(Path.GetFullPath(path));
            var stream = openCsv is null
                ? new FileStream(_csvTemporaryPath, FileMode.Create, FileAccess.Write, FileShare.Read, bufferSize: 1)
                : openCsv(_csvTemporaryPath);
            _csv = new LatencyCsvWriter(stream);
            _abandonCsv = _csv.Abandon;
        }

        if (options.IntervalLogPath is { } logPath)
        {
            _intervalLog = new IntervalLog(logPath);
        }

        _lastSampleTimestamp = Stopwatch.GetTimestamp();
        _sampler = Task.Run(() => SampleLoopAsync(_samplerStop.Token));
    }

    /// <summary>The latest progress snapshot; cheap to read from any thread.</summary>
    public LatencySnapshot Snapshot => Volatile.Read(ref _snapshot);

    /// <summary>Where the run is now.</summary>
    public MeasurementPhase Phase => PhaseAt(Stopwatch.GetTimestamp());

    /// <summary>Creates the recording handle for one more worker (thread-safe; not for the hot path).</summary>
    public WorkerRecorder CreateWorker()
    {
        lock (_lock)
        {
            ThrowIfCompleted();
            var ring = _csv?.AddRing(_options.WorkerQueueCapacity);
            var worker = new WorkerRecorder(this, _workers.Length, _options.HighestTrackableTicks, _options.SignificantDigits, ring, _abandonCsv);
            _workers = [.. _workers, worker];
            return worker;
        }
    }

    /// <summary>Ends the warm-up now: calls that end from now on are measured.</summary>
    public void BeginMeasurement() => BeginMeasurement(Stopwatch.GetTimestamp());

    /// <summary>Ends the warm-up at <paramref name="timestamp"/> (a Stopwatch timestamp). After
    /// <see cref="ScheduleMeasurement"/> the window's start is the scheduled one and this only reads the CPU time.</summary>
    public void BeginMeasurement(long timestamp)
    {
        lock (_lock)
        {
            ThrowIfCompleted();
            if (_begun || (_measureStart != long.MaxValue && !_startScheduled))
            {
                throw new InvalidOperationException("The measured window has already begun.");
            }

            (_cpuAtStart, _cpuReadAtStart, _allocatedAtStart) = ReadCpu();
            _machineAtStart = MachineCpu.Read();
            _begun = true;
            if (!_startScheduled)
            {
                Volatile.Write(ref _measureStart, timestamp);
            }
        }
        foreach (var follower in Followers())
        {
            follower.BeginMeasurement(timestamp);
        }
    }

    /// <summary>
    /// Fixes the window's start at <paramref name="timestamp"/> before the calls begin, so which calls are measured is
    /// decided by the schedule and not by when the coordinating thread wakes up to call <see cref="BeginMeasurement()"/>
    /// (which must still be called: it reads the client's CPU time where the measuring starts).
    /// </summary>
    public void ScheduleMeasurement(long timestamp)
    {
        lock (_lock)
        {
            ThrowIfCompleted();
            if (_measureStart != long.MaxValue)
            {
                throw new InvalidOperationException("The measured window has already begun or been scheduled.");
            }

            _startScheduled = true;
            Volatile.Write(ref _measureStart, timestamp);
        }
        foreach (var follower in Followers())
        {
            follower.ScheduleMeasurement(timestamp);
        }
    }

    /// <summary>Closes the measured window now: calls that end from now on are ignored.</summary>
    public void EndMeasurement() => EndMeasurement(Stopwatch.GetTimestamp());

    /// <summary>Closes the measured window at <paramref name="timestamp"/> (a Stopwatch timestamp).</summary>
    public void EndMeasurement(long timestamp)
    {
        lock (_lock)
        {
            if (_measureStart == long.MaxValue)
            {
                throw new InvalidOperationException("The measured window cannot end before it has begun.");
            }

            if (_measureEnd != long.MaxValue)
            {
                throw new InvalidOperationException("The measured window has already ended.");
            }

            if (timestamp < _measureStart)
            {
                if (!_startScheduled)
                {
                    throw new ArgumentOutOfRangeException(nameof(timestamp), timestamp, "The measured window cannot end before it begins.");
                }
                // Stopped before the scheduled start: an empty window.
                timestamp = _measureStart;
            }

            (_cpuAtEnd, _cpuReadAtEnd, _allocatedAtEnd) = ReadCpu();
            _machineAtEnd = MachineCpu.Read();
            Volatile.Write(ref _measureEnd, timestamp);
        }
        foreach (var follower in Followers())
        {
            follower.EndMeasurement(timestamp);
        }
    }

    /// <summary>
    /// Gives <paramref name="follower"/> this recorder's measured window: it begins and ends at the same timestamps, so
    /// a part of the traffic (one kind of request in a mix) is measured over exactly the window of the whole.
    /// </summary>
    public void Follow(LatencyRecorder follower)
    {
        ArgumentNullException.ThrowIfNull(follower);
        lock (_lock)
        {
            if (_measureStart != long.MaxValue)
            {
                throw new InvalidOperationException("A follower must be added before the measured window begins.");
            }
            _followers.Add(follower);
        }
    }

    private List<LatencyRecorder> Followers()
    {
        lock (_lock)
        {
            return [.. _followers];
        }
    }

    /// <summary>The process's CPU time, when it was read, and the bytes it has allocated (every thread, not precise:
    /// a thread's current allocation context may be counted whole, a few KB at most).</summary>
    private static (TimeSpan Cpu, long At, long Allocated) ReadCpu() =>
        (Environment.CpuUsage.TotalTime, Stopwatch.GetTimestamp(), GC.GetTotalAllocatedBytes(precise: false));

    /// <summary>Keeps the first call (connection open included) apart from the histogram; the first one recorded wins.</summary>
    public void RecordFirstCall(long startTimestamp, long endTimestamp)
    {
        long ticks = endTimestamp - startTimestamp;
        if (ticks < 0)
        {
            throw new ArgumentException($"The first call ended (timestamp {endTimestamp}) before it started (timestamp {startTimestamp}).", nameof(endTimestamp));
        }

        Interlocked.CompareExchange(ref _firstCallTicks, ticks, -1);
    }

    /// <summary>
    /// Finishes the run: closes the window if it is still open, merges every worker's histogram, writes the rest of
    /// the CSV and renames it into place. Call it after every worker has stopped recording. If the CSV could not be
    /// written, the result still holds the histogram and says why in <see cref="LatencyResult.LatenciesFileError"/>.
    /// </summary>
    public async Task<LatencyResult> CompleteAsync(CancellationToken cancellationToken = default)
    {
        if (Interlocked.CompareExchange(ref _state, Completed, Running) != Running)
        {
            throw new InvalidOperationException("The recorder has already been completed or disposed.");
        }

        long now = Stopwatch.GetTimestamp();
        long? closedNow = null;
        lock (_lock)
        {
            if (_measureStart != long.MaxValue && _measureEnd == long.MaxValue)
            {
                (_cpuAtEnd, _cpuReadAtEnd, _allocatedAtEnd) = ReadCpu();
            _machineAtEnd = MachineCpu.Read();
                Volatile.Write(ref _measureEnd, Math.Max(now, _measureStart));
                closedNow = _measureEnd;
            }
        }
        if (closedNow is { } end)
        {
            // Followers close where this window closed, not later when they are completed themselves.
            foreach (var follower in Followers())
            {
                follower.EndMeasurement(end);
            }
        }

        await StopSamplerAsync();
        SampleNow();
        // After the window, so the loop takes no CPU from the calls measured.
        _cpuLoopAtEnd = _begun ? CpuSpeed.LoopMicroseconds() : null;
        _memoryWalkAtEnd = _begun ? CpuSpeed.MemoryWalkMicroseconds() : null;

        long linesWritten = 0;
        string? csvError = null;
        if (_csv is not null)
        {
            try
            {
                await _csv.CompleteAsync().WaitAsync(cancellationToken);
                linesWritten = _csv.LinesWritten;
                File.Move(_csvTemporaryPath!, _options.LatenciesCsvPath!, overwrite: true);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                // A full disk must not cost the measured histogram: report the file as missing and say why.
                csvError = ex.Message;
                AtomicFile.TryDelete(_csvTemporaryPath!);
            }
            catch
            {
                AtomicFile.TryDelete(_csvTemporaryPath!);
                throw;
            }
        }

        string? intervalLogFile = _intervalLog?.Complete();
        return BuildResult(linesWritten, csvError, intervalLogFile);
    }

    /// <summary>Stops the background work; a recorder that was not completed deletes its temporary CSV.</summary>
    public async ValueTask DisposeAsync()
    {
        bool wasRunning = Interlocked.Exchange(ref _state, Completed) == Running;
        await StopSamplerAsync();
        if (wasRunning && _csv is not null)
        {
            try
            {
                await _csv.CompleteAsync();
            }
            catch (IOException)
            {
                // Nothing to keep: the file is deleted below.
            }

            AtomicFile.TryDelete(_csvTemporaryPath!);
        }

        if (wasRunning)
        {
            _intervalLog?.Abandon();
        }

        _samplerStop.Dispose();
    }

    internal MeasurementPhase PhaseAt(long timestamp)
    {
        if (timestamp < Volatile.Read(ref _measureStart))
        {
            return MeasurementPhase.WarmUp;
        }

        return timestamp < Volatile.Read(ref _measureEnd) ? MeasurementPhase.Measuring : MeasurementPhase.Ended;
    }

    /// <summary>Swaps every worker's interval histogram into the totals and publishes a new snapshot.</summary>
    internal LatencySnapshot SampleNow()
    {
        lock (_lock)
        {
            long now = Stopwatch.GetTimestamp();
            _interval.Reset();
            long requests = 0, errors = 0, warmUp = 0, warmUpTicks = 0;
            foreach (var worker in _workers)
            {
                worker.SwapInterval(_interval, _cumulative);
                worker.SwapAnswerParts(_decode, _receive);
                requests += worker.Successes;
                warmUpTicks += worker.WarmUpTicks;
                warmUp += worker.WarmUpSuccesses;
                foreach (var kind in ErrorKinds.All)
                {
                    errors += worker.ErrorCount(kind);
                }
            }

            LogInterval(_lastSampleTimestamp, now);
            NoteWarmUpInterval(warmUp, warmUpTicks);
            double seconds = (now - _lastSampleTimestamp) / (double)Stopwatch.Frequency;
            long completions = requests + warmUp;
            double rate = seconds > 0 ? (completions - _lastSampleCompletions) / seconds : 0;
            _lastSampleTimestamp = now;
            _lastSampleCompletions = completions;

            var snapshot = new LatencySnapshot(
                PhaseAt(now),
                MeasuredTime(now),
                requests,
                errors,
                warmUp,
                rate,
                _cumulative.TotalCount == 0 ? null : LatencyUnits.TicksToMilliseconds(_cumulative.GetValueAtPercentile(99)),
                _interval.TotalCount == 0 ? null : LatencyUnits.TicksToMilliseconds(_interval.GetValueAtPercentile(99)));
            Volatile.Write(ref _snapshot, snapshot);
            return snapshot;
        }
    }

    /// <summary>The mean latency of each warm-up interval so far that completed calls (ms, oldest first).</summary>
    public IReadOnlyList<double> WarmUpIntervalMeansMs()
    {
        lock (_lock)
        {
            return [.. _warmUpMeans];
        }
    }

    /// <summary>Adds the interval just sampled to the warm-up's series when it completed warm-up calls; bounded, since a
    /// warm-up longer than an hour of intervals has nothing left to tell.</summary>
    private void NoteWarmUpInterval(long count, long ticks)
    {
        var calls = count - _lastWarmUpCount;
        if (calls > 0 && _warmUpMeans.Count < MaxWarmUpIntervals)
        {
            _warmUpMeans.Add(LatencyUnits.TicksToMilliseconds((ticks - _lastWarmUpTicks) / calls));
        }
        (_lastWarmUpCount, _lastWarmUpTicks) = (count, ticks);
    }

    private const int MaxWarmUpIntervals = 7200;

    /// <summary>Appends the interval just sampled to the interval log, clipped to the measured window; an interval
    /// with no completions is logged too, so a stall shows as a gap.</summary>
    private void LogInterval(long from, long to)
    {
        long start = Math.Max(from, Volatile.Read(ref _measureStart));
        long end = Math.Min(to, Volatile.Read(ref _measureEnd));
        if (_intervalLog is null || start >= end)
        {
            return;
        }

        _intervalLog.Append(_interval, WallClockAt(start), WallClockAt(end));
    }

    private DateTimeOffset WallClockAt(long timestamp) =>
        _anchorWallClock + Stopwatch.GetElapsedTime(_anchorTimestamp, timestamp);

    private LatencyResult BuildResult(long linesWritten, string? csvError, string? intervalLogFile)
    {
        lock (_lock)
        {
            var errorsByKind = ErrorKinds.All.ToDictionary(kind => kind, kind => _workers.Sum(worker => worker.ErrorCount(kind)));
            var firstError = _workers
                .Select(worker => worker.FirstError)
                .OfType<RecordedError>()
                .MinBy(error => error.Timestamp);
            long firstCall = Interlocked.Read(ref _firstCallTicks);
            return new LatencyResult
            {
                Histogram = _cumulative.Copy(),
                DecodeHistogram = _decode.TotalCount == 0 ? null : _decode.Copy(),
                ReceiveHistogram = _receive.TotalCount == 0 ? null : _receive.Copy(),
                Requests = _workers.Sum(worker => worker.Successes),
                ErrorsByKind = errorsByKind,
                DurationSeconds = MeasuredTime(_measureEnd).TotalSeconds,
                MeasureStartTimestamp = _measureStart == long.MaxValue ? null : _measureStart,
                MeasureEndTimestamp = _measureEnd == long.MaxValue ? null : _measureEnd,
                ClientCpuTime = _measureEnd == long.MaxValue || !_begun ? TimeSpan.Zero : _cpuAtEnd - _cpuAtStart,
                ClientCpuWallTime = _measureEnd == long.MaxValue || !_begun ? TimeSpan.Zero : Stopwatch.GetElapsedTime(_cpuReadAtStart, _cpuReadAtEnd),
                ClientAllocatedBytes = _measureEnd == long.MaxValue || !_begun ? 0 : _allocatedAtEnd - _allocatedAtStart,
                Machine = _measureEnd == long.MaxValue || !_begun
                    ? null
                    : MachineCpu.Between(_machineAtStart, _machineAtEnd) is { } machine
                        ? machine with { CpuLoopMicroseconds = _cpuLoopAtEnd, MemoryWalkMicroseconds = _memoryWalkAtEnd }
                        : null,
                FirstCallMs = firstCall < 0 ? null : LatencyUnits.TicksToMilliseconds(firstCall),
                LatenciesFile = _options.LatenciesCsvPath is null || csvError is not null ? null : Path.GetFullPath(_options.LatenciesCsvPath),
                LatenciesWritten = linesWritten,
                LatenciesFileError = csvError,
                IntervalLogFile = intervalLogFile,
                IntervalLogError = _intervalLog?.Error,
                WarmUpRequests = _workers.Sum(worker => worker.WarmUpSuccesses),
                WarmUpErrors = _workers.Sum(worker => worker.WarmUpErrors),
                ClampedValues = _workers.Sum(worker => worker.ClampedValues),
                FirstError = firstError is null ? null : $"{firstError.Kind.ToWireName()}: {firstError.Message}",
            };
        }
    }

    private TimeSpan MeasuredTime(long now)
    {
        long start = Volatile.Read(ref _measureStart);
        if (start == long.MaxValue || now <= start)
        {
            return TimeSpan.Zero;
        }

        long end = Math.Min(now, Volatile.Read(ref _measureEnd));
        return Stopwatch.GetElapsedTime(start, Math.Max(start, end));
    }

    private async Task SampleLoopAsync(CancellationToken cancellationToken)
    {
        using var timer = new PeriodicTimer(_options.SnapshotInterval);
        try
        {
            while (await timer.WaitForNextTickAsync(cancellationToken))
            {
                SampleNow();
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
        }
    }

    private async Task StopSamplerAsync()
    {
        if (!_samplerStop.IsCancellationRequested)
        {
            await _samplerStop.CancelAsync();
        }

        await _sampler;
    }

    /// <summary>
    /// Significant digits of the decode and receive histograms: at most 2 (1% resolution, enough for a mean, a p50 and a
    /// p99 beside the latencies'), since every worker holds three histograms per part and 3 digits over an hour of ticks
    /// make each about 270 KB, 2 digits about 35 KB.
    /// </summary>
    internal static int AnswerPartDigits(int significantDigits) => Math.Min(significantDigits, 2);

    private LongHistogram NewHistogram() =>
        new(1, _options.HighestTrackableTicks, _options.SignificantDigits);

    private void ThrowIfCompleted()
    {
        if (Volatile.Read(ref _state) != Running)
        {
            throw new InvalidOperationException("The recorder has already been completed or disposed.");
        }
    }
}

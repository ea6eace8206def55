using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.Globalization;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// Samples a .NET process's runtime and socket counters over EventPipe (providers System.Runtime and
/// System.Net.Sockets, EventCounters every 500 ms, no rundown), parsed by TraceEvent on a background thread. Each
/// sample is labelled with the variant in force when the target produced it, so one session can span every variant
/// of a scenario. The same session reads the host's timings (<see cref="ServerTimingReading"/>) from the
/// System.Diagnostics.Metrics event source at the same interval. Stopping is bounded in time, also when the target has
/// died; the samples so far are kept.
/// </summary>
public sealed class CounterMonitor : IAsyncDisposable
{
    /// <summary>The label of samples taken outside any measured window, unless the options say otherwise.</summary>
    public const string IdleVariant = "(idle)";

    private const int NotStarted = 0;
    private const int Starting = 1;
    private const int Running = 2;
    private const int Stopped = 3;
    private const int CircularBufferMb = 16;
    private static readonly TimeSpan RetryDelay = TimeSpan.FromMilliseconds(100);

    /// <summary>How long <see cref="TimingsUntilAsync"/> lets the reader finish the interval whose first event it saw.</summary>
    private static readonly TimeSpan InstrumentsSettle = TimeSpan.FromMilliseconds(20);

    private readonly CounterMonitorOptions _options;

    /// <summary>Which variant ran when, so each counter sample is filed under the variant that was running at its middle.</summary>
    private readonly VariantTimeline _timeline;
    private readonly Lock _samplesLock = new();
    private readonly List<CounterReading> _samples = [];
    private readonly List<ServerTimingReading> _timings = [];
    private readonly string _metricsSession = Guid.NewGuid().ToString("N");
    private readonly TaskCompletionSource _processingDone = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private Process? _process;
    private EventPipeSession? _session;
    private CounterReadingAssembler? _assembler;
    private long _startTimestamp;
    private volatile bool _stopping;
    private volatile Exception? _processingError;
    private int _state;

    /// <summary>Prepares to monitor process <paramref name="processId"/>; nothing connects before <see cref="StartAsync"/>.</summary>
    public CounterMonitor(int processId, CounterMonitorOptions? options = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(processId);
        _options = options ?? new CounterMonitorOptions();
        _options.Validate();
        ProcessId = processId;
        _timeline = new VariantTimeline(_options.InitialVariant);
    }

    /// <summary>The monitored process.</summary>
    public int ProcessId { get; }

    /// <summary>The variant label new samples get.</summary>
    public string Variant => _timeline.Current;

    /// <summary>Stopwatch timestamp at which the session started (the zero of <see cref="CounterReading.ElapsedSeconds"/>).</summary>
    public long StartTimestamp => Volatile.Read(ref _startTimestamp);

    /// <summary>Whether the event stream ended because the target process exited.</summary>
    public bool TargetExited { get; private set; }

    /// <summary>An unexpected failure of the event stream (not a target that exited); null when there was none.</summary>
    public Exception? ProcessingError => _processingError;

    /// <summary>Number of complete samples so far.</summary>
    public int SampleCount
    {
        get
        {
            lock (_samplesLock)
            {
                return _samples.Count;
            }
        }
    }

    /// <summary>
    /// Connects to the target's diagnostic port, retrying while it does not exist yet (a process that has just been
    /// started), and starts reading counters on a background thread.
    /// </summary>
    /// <exception cref="ArgumentException">No process with that id is running.</exception>
    /// <exception cref="InvalidOperationException">The process exited before the session could start.</exception>
    /// <exception cref="TimeoutException">The diagnostic port did not appear within the connect timeout.</exception>
    public async Task StartAsync(CancellationToken cancellationToken = default)
    {
        if (Interlocked.CompareExchange(ref _state, Starting, NotStarted) != NotStarted)
        {
            throw new InvalidOperationException("A counter monitor can be started once only.");
        }

        try
        {
            _process = OpenProcess(ProcessId);
            _session = await ConnectAsync(cancellationToken);
        }
        catch
        {
            _process?.Dispose();
            Volatile.Write(ref _state, Stopped);
            throw;
        }

        _assembler = new CounterReadingAssembler(StartTimestamp, _options.IntervalSeconds, _timeline);
        var thread = new Thread(ReadEvents) { IsBackground = true, Name = $"counters-{ProcessId}" };
        Volatile.Write(ref _state, Running);
        thread.Start();
    }

    /// <summary>Labels the samples the target produces from now on with <paramref name="variant"/>.</summary>
    public void SetVariant(string variant)
    {
        ArgumentNullException.ThrowIfNull(variant);
        _timeline.Mark(Stopwatch.GetTimestamp(), variant);
    }

    /// <summary>A copy of the complete samples so far, in time order.</summary>
    public IReadOnlyList<CounterReading> GetSamples()
    {
        lock (_samplesLock)
        {
            return [.. _samples];
        }
    }

    /// <summary>A copy of the host timings read so far, in time order.</summary>
    public IReadOnlyList<ServerTimingReading> GetTimings()
    {
        lock (_samplesLock)
        {
            return [.. _timings];
        }
    }

    /// <summary>
    /// The host timings read so far, once one covers <paramref name="timestamp"/> (a Stopwatch timestamp): the host
    /// publishes an interval at its end and EventPipe delivers it in blocks, a second or so later. Waits at most two
    /// intervals plus the stop timeout, then returns what there is.
    /// </summary>
    public async Task<IReadOnlyList<ServerTimingReading>> TimingsUntilAsync(long timestamp)
    {
        var deadline = Stopwatch.StartNew();
        var limit = TimeSpan.FromSeconds(2 * _options.TimingIntervalSeconds) + _options.StopTimeout;
        while (true)
        {
            var timings = GetTimings();
            if (timings.Any(t => t.Timestamp >= timestamp))
            {
                // One interval's instruments arrive as events of their own, read one after another: the first past the
                // window can be in while the others of its interval are still being read (a ping window of 8 ms once got
                // its write waits for a tenth of its requests). One more turn of the reader brings them in.
                await Task.Delay(InstrumentsSettle);
                return GetTimings();
            }
            if (deadline.Elapsed > limit || Volatile.Read(ref _state) != Running || _processingDone.Task.IsCompleted)
            {
                return timings;
            }
            await Task.Delay(TimeSpan.FromMilliseconds(50));
        }
    }

    /// <summary>Peak memory, allocations, collections, mean CPU and bytes of the samples labelled <paramref name="variant"/>.</summary>
    public CounterWindowSummary Summarize(string variant) => CounterWindowSummary.FromSamples(variant, GetSamples());

    /// <summary>Writes counters-&lt;stack&gt;.csv with every sample so far.</summary>
    public Task WriteCsvAsync(string path, CancellationToken cancellationToken = default) =>
        Reports.Results.CountersCsv.WriteAsync(path, [.. GetSamples().Select(ToRow)], cancellationToken);

    private static Reports.Results.CounterSample ToRow(CounterReading s) => new(
        s.ElapsedSeconds, s.Variant, s.GcHeapMb, s.WorkingSetMb, s.AllocatedBytes, s.Gen0Collections, s.Gen1Collections,
        s.Gen2Collections, s.CpuPercent, s.BytesSent, s.BytesReceived);

    /// <summary>
    /// Stops the session and waits for the reader to drain it. Never hangs: if the target does not end the stream
    /// within the stop timeout (it is hung or gone), the stream is closed. Safe to call more than once.
    /// </summary>
    public async Task StopAsync(CancellationToken cancellationToken = default)
    {
        if (Interlocked.Exchange(ref _state, Stopped) != Running)
        {
            return;
        }

        _stopping = true;
        var session = _session!;
        using (var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
        {
            timeout.CancelAfter(_options.StopTimeout);
            try
            {
                await session.StopAsync(timeout.Token);
            }
            catch (Exception ex) when (ex is ServerNotAvailableException or DiagnosticsClientException or IOException
                or ObjectDisposedException or OperationCanceledException or TimeoutException)
            {
                // The target is gone or not answering: closing the stream below ends the reader all the same.
            }
        }

        if (!await FinishesWithinAsync(_processingDone.Task, _options.StopTimeout))
        {
            session.Dispose();
            await FinishesWithinAsync(_processingDone.Task, _options.StopTimeout);
        }

        session.Dispose();
        _process?.Dispose();
    }

    /// <summary>Stops the session (see <see cref="StopAsync"/>).</summary>
    public async ValueTask DisposeAsync() => await StopAsync();

    private static Process OpenProcess(int processId)
    {
        try
        {
            return Process.GetProcessById(processId);
        }
        catch (ArgumentException ex)
        {
            throw new ArgumentException($"No process with id {processId} is running, so its counters cannot be read.", nameof(processId), ex);
        }
    }

    private static async Task<bool> FinishesWithinAsync(Task task, TimeSpan timeout)
    {
        try
        {
            await task.WaitAsync(timeout);
            return true;
        }
        catch (TimeoutException)
        {
            return false;
        }
    }

    private async Task<EventPipeSession> ConnectAsync(CancellationToken cancellationToken)
    {
        var arguments = new Dictionary<string, string>
        {
            // The target parses this in its own culture: servers run with the invariant culture (see STACK-NOTES).
            ["EventCounterIntervalSec"] = _options.IntervalSeconds.ToString(CultureInfo.InvariantCulture),
        };
        var providers = new[]
        {
            new EventPipeProvider(CounterReadingAssembler.RuntimeProvider, EventLevel.Informational, 0, arguments),
            new EventPipeProvider(CounterReadingAssembler.SocketsProvider, EventLevel.Informational, 0, arguments),
            new EventPipeProvider(CounterReadingAssembler.NpgsqlProvider, EventLevel.Informational, 0, arguments),
        };
        if (_options.ServerTimings)
        {
            providers =
            [
                .. providers,
                new EventPipeProvider(MetricsPayload.Provider, EventLevel.Informational, MetricsPayload.TimeSeriesValuesKeyword,
                    new Dictionary<string, string>
                    {
                        ["SessionId"] = _metricsSession,
                        ["Metrics"] = MetricsPayload.Filter,
                        ["RefreshInterval"] = _options.TimingIntervalSeconds.ToString(CultureInfo.InvariantCulture),
                        ["MaxTimeSeries"] = "1000",
                        ["MaxHistograms"] = "100",
                    }),
            ];
        }

        var client = new DiagnosticsClient(ProcessId);
        long started = Stopwatch.GetTimestamp();
        Exception? lastFailure = null;
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (_process!.HasExited)
            {
                throw new InvalidOperationException(
                    $"Process {ProcessId} exited before its counters could be read.", lastFailure);
            }

            var remaining = _options.ConnectTimeout - Stopwatch.GetElapsedTime(started);
            if (remaining <= TimeSpan.Zero)
            {
                throw new TimeoutException(
                    $"Process {ProcessId} did not open its .NET diagnostic port within {_options.ConnectTimeout.TotalSeconds:0.#} s. "
                    + "Is it a .NET process run by the same user with the same TMPDIR, and without DOTNET_EnableDiagnostics=0?",
                    lastFailure);
            }

            using var attempt = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            attempt.CancelAfter(remaining);
            try
            {
                Volatile.Write(ref _startTimestamp, Stopwatch.GetTimestamp());
                return await client.StartEventPipeSessionAsync(providers, requestRundown: false, CircularBufferMb, attempt.Token);
            }
            catch (ServerNotAvailableException ex)
            {
                // The runtime creates its diagnostic socket shortly after start: keep trying until the timeout.
                lastFailure = ex;
            }
            catch (OperationCanceledException ex) when (!cancellationToken.IsCancellationRequested)
            {
                lastFailure = ex;
                continue;
            }

            await Task.Delay(RetryDelay, cancellationToken);
        }
    }

    private void ReadEvents()
    {
        try
        {
            using var source = new EventPipeEventSource(_session!.EventStream);
            source.Dynamic.All += OnEvent;
            source.Process();
        }
        catch (Exception ex)
        {
            // A target that dies cuts the stream mid-block; that is an end, not an error.
            if (!_stopping && !TargetHasExited(TimeSpan.FromSeconds(1)))
            {
                _processingError = ex;
            }
        }
        finally
        {
            // A stream that ends without a stop request means the target is going away; give it a moment to be reaped.
            TargetExited = TargetHasExited(_stopping ? TimeSpan.Zero : TimeSpan.FromSeconds(1));
            lock (_samplesLock)
            {
                if (_assembler!.Flush() is { } last)
                {
                    _samples.Add(last);
                }
            }

            _processingDone.TrySetResult();
        }
    }

    private void OnEvent(TraceEvent traceEvent)
    {
        try
        {
            if (MetricsPayload.TryRead(traceEvent, _metricsSession, SampleTimestamp(traceEvent), _options.TimingIntervalSeconds, out var timing))
            {
                lock (_samplesLock)
                {
                    _timings.Add(timing);
                }
                return;
            }

            if (!EventCounterPayload.TryRead(traceEvent, out string name, out double value, out double? interval))
            {
                return;
            }

            long timestamp = SampleTimestamp(traceEvent);
            lock (_samplesLock)
            {
                if (_assembler!.Add(traceEvent.ProviderName, name, value, interval, timestamp) is { } sample)
                {
                    _samples.Add(sample);
                }
            }
        }
        catch (Exception ex)
        {
            // One malformed event must not end a 30-minute session; remember the first problem for the report.
            _processingError ??= ex;
        }
    }

    private static long SampleTimestamp(TraceEvent traceEvent)
    {
        long now = Stopwatch.GetTimestamp();
#pragma warning disable CS0618 // "Discouraged", not obsolete: the raw QPC is the target's Stopwatch clock, which is ours.
        long produced = traceEvent.TimeStampQPC;
#pragma warning restore CS0618
        // Same machine, same monotonic clock; anything else (a clock we do not share) falls back to arrival time.
        return produced > 0 && produced <= now && now - produced < Stopwatch.Frequency * 60 ? produced : now;
    }

    private bool TargetHasExited(TimeSpan wait)
    {
        try
        {
            return _process is null || _process.WaitForExit(wait);
        }
        catch (InvalidOperationException)
        {
            return true;
        }
    }
}

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// A recorder per kind of a mix, each following the whole mix's measured window. The load generator records each call on
/// the whole's handle and on its kind's, with the same start, end and error kind, so a kind's figures are the whole's
/// figures split by kind. What a request draws and does is the mix's draw data (Scenarios' MixDraw).
/// </summary>
public sealed class MixRecording(IReadOnlyList<string> kinds, IReadOnlyList<double> callsPerUnit) : IAsyncDisposable
{
    private LatencyRecorder[] _recorders = [];

    public IReadOnlyList<string> Kinds { get; } = kinds;

    /// <summary>Calls one request of each kind makes (101 for a chatty N+1 unit), in <see cref="Kinds"/>' order.</summary>
    public IReadOnlyList<double> CallsPerUnit { get; } = callsPerUnit;

    /// <summary>The recorder of each kind, in <see cref="Kinds"/>' order (empty before <see cref="Start"/>).</summary>
    public IReadOnlyList<LatencyRecorder> Recorders => _recorders;

    /// <summary>Opens one recorder per kind, each measuring over <paramref name="whole"/>'s window.</summary>
    public void Start(LatencyRecorder whole, Func<string, LatencyRecorderOptions> options)
    {
        _recorders = [.. Kinds.Select(kind => new LatencyRecorder(options(kind)))];
        foreach (var recorder in _recorders)
        {
            whole.Follow(recorder);
        }
    }

    /// <summary>One worker's handle on each kind's recorder (made before the worker starts); null before <see cref="Start"/>.</summary>
    public WorkerRecorder[]? CreateWorkers() => _recorders.Length == 0 ? null : [.. _recorders.Select(r => r.CreateWorker())];

    /// <summary>Stops every kind's recorder; one that was never completed deletes its unfinished files.</summary>
    public async ValueTask DisposeAsync()
    {
        foreach (var recorder in _recorders)
        {
            await recorder.DisposeAsync();
        }
    }
}

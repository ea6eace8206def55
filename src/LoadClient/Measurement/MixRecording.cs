using System.Runtime.CompilerServices;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The kinds of a mix, each with a recorder of its own that follows the whole mix's measured window. A worker is known
/// by its random source (one per worker, used by that worker only), so each worker records each kind on a handle of its
/// own, as the main recorder requires.
/// </summary>
public sealed class MixRecording(IReadOnlyList<string> kinds, IReadOnlyList<double> callsPerUnit) : IAsyncDisposable
{
    private readonly ConditionalWeakTable<Random, WorkerRecorder?[]> _workers = new();
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

    /// <summary>The handle this worker records <paramref name="kind"/> on; null before <see cref="Start"/>.</summary>
    public WorkerRecorder? WorkerFor(Random workerRandom, int kind)
    {
        if (_recorders.Length == 0)
        {
            return null;
        }
        var handles = _workers.GetValue(workerRandom, _ => new WorkerRecorder?[_recorders.Length]);
        return handles[kind] ??= _recorders[kind].CreateWorker();
    }

    /// <summary>Stops every kind's recorder; one that was never completed deletes its unfinished files.</summary>
    public async ValueTask DisposeAsync()
    {
        foreach (var recorder in _recorders)
        {
            await recorder.DisposeAsync();
        }
    }
}

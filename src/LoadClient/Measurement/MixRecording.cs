using RpcCompare.LoadClient.Clients;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The kinds of a mix: how a request draws its kind, what each kind does, and a recorder per kind that follows the whole
/// mix's measured window. The load generator records each call on the whole's handle and on its kind's, with the same
/// start, end and error kind, so a kind's figures are the whole's figures split by kind.
/// </summary>
public sealed class MixRecording(
    IReadOnlyList<string> kinds,
    IReadOnlyList<double> callsPerUnit,
    Func<Random, int> draw,
    IReadOnlyList<Func<IGraphClient, Random, CancellationToken, Task>> operations) : IAsyncDisposable
{
    private LatencyRecorder[] _recorders = [];

    public IReadOnlyList<string> Kinds { get; } = kinds;

    /// <summary>Calls one request of each kind makes (101 for a chatty N+1 unit), in <see cref="Kinds"/>' order.</summary>
    public IReadOnlyList<double> CallsPerUnit { get; } = callsPerUnit;

    /// <summary>What one request of each kind does, in <see cref="Kinds"/>' order.</summary>
    public IReadOnlyList<Func<IGraphClient, Random, CancellationToken, Task>> Operations { get; } = operations;

    /// <summary>The recorder of each kind, in <see cref="Kinds"/>' order (empty before <see cref="Start"/>).</summary>
    public IReadOnlyList<LatencyRecorder> Recorders => _recorders;

    /// <summary>The kind of the next request, drawn from the worker's own seeded source.</summary>
    public int Draw(Random workerRandom) => draw(workerRandom);

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

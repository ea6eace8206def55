namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Collects the DataLoaders of one request that have keys waiting. The executor dispatches them all at once when
/// every field it can run without waiting has run ("dispatch when everything waits"), and again whenever a
/// resolver enqueues keys after an await. Registered as a scoped service; one per request.
/// </summary>
public sealed class BatchScheduler
{
    private readonly object _sync = new();
    private List<IDispatchable> _queued = [];
    private List<IDispatchable> _spare = [];
    private TaskCompletionSource? _workSignal;
    private int _dispatchCount;

    /// <summary>How many times queued loaders were dispatched in this scope (each dispatch may start several batches).</summary>
    public int DispatchCount => Volatile.Read(ref _dispatchCount);

    internal bool HasQueuedWork
    {
        get
        {
            lock (_sync)
            {
                return _queued.Count > 0;
            }
        }
    }

    internal void Schedule(IDispatchable loader)
    {
        TaskCompletionSource? signal;
        lock (_sync)
        {
            _queued.Add(loader);
            signal = _workSignal;
            _workSignal = null;
        }

        signal?.TrySetResult();
    }

    /// <summary>Starts the batch calls of every loader with queued keys; does not wait for them.</summary>
    internal void DispatchAll(CancellationToken cancellationToken)
    {
        List<IDispatchable> queued;
        lock (_sync)
        {
            if (_queued.Count == 0)
            {
                return;
            }

            queued = _queued;
            _queued = _spare;
            _spare = queued;
        }

        Interlocked.Increment(ref _dispatchCount);
        foreach (var loader in queued)
        {
            loader.Dispatch(cancellationToken);
        }

        queued.Clear();
    }

    /// <summary>Completes as soon as some loader has keys queued (at once if one already has).</summary>
    internal Task WhenWorkQueuedAsync()
    {
        lock (_sync)
        {
            if (_queued.Count > 0)
            {
                return Task.CompletedTask;
            }

            // Asynchronous continuations: the executor must not run inside a resolver's LoadAsync call.
            _workSignal ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            return _workSignal.Task;
        }
    }
}

internal interface IDispatchable
{
    void Dispatch(CancellationToken cancellationToken);
}

/// <summary>Marker for DataLoader classes resolvable through <see cref="ResolverContext{TParent}.DataLoader{T}"/>.</summary>
public interface IDataLoader
{
    /// <summary>How many batch calls this loader has made.</summary>
    int BatchCallCount { get; }
}

public sealed class DataLoaderOptions
{
    public static DataLoaderOptions Default { get; } = new();

    /// <summary>Most keys per batch call; larger dispatches are split into several calls that run concurrently.</summary>
    public int MaxBatchSize { get; init; } = 1024;
}

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Request-scoped batching and caching of keyed loads: every <see cref="LoadAsync(TKey, CancellationToken)"/>
/// before a dispatch ends up in one batch call (split at <see cref="DataLoaderOptions.MaxBatchSize"/>), and a key
/// asked twice is loaded once.
/// </summary>
public abstract class DataLoaderBase<TKey, TValue> : IDataLoader, IDispatchable
    where TKey : notnull
{
    private readonly BatchScheduler _scheduler;
    private readonly int _maxBatchSize;
    private readonly object _sync = new();
    private readonly Dictionary<TKey, TaskCompletionSource<TValue>> _cache = [];
    private List<TKey> _pendingKeys = [];
    private List<TaskCompletionSource<TValue>> _pendingPromises = [];
    private bool _scheduled;
    private int _batchCallCount;

    protected DataLoaderBase(BatchScheduler scheduler, DataLoaderOptions? options = null)
    {
        _scheduler = scheduler ?? throw new ArgumentNullException(nameof(scheduler));
        _maxBatchSize = (options ?? DataLoaderOptions.Default).MaxBatchSize;
        if (_maxBatchSize < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(options), _maxBatchSize, "MaxBatchSize must be at least 1.");
        }
    }

    public int BatchCallCount => Volatile.Read(ref _batchCallCount);

    /// <summary>Queues a key for the next batch; the task completes when that batch returns.</summary>
    public Task<TValue> LoadAsync(TKey key, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(key);
        cancellationToken.ThrowIfCancellationRequested();
        TaskCompletionSource<TValue>? promise;
        var schedule = false;
        lock (_sync)
        {
            if (_cache.TryGetValue(key, out promise))
            {
                return promise.Task;
            }

            promise = new TaskCompletionSource<TValue>();
            _cache.Add(key, promise);
            _pendingKeys.Add(key);
            _pendingPromises.Add(promise);
            if (!_scheduled)
            {
                _scheduled = schedule = true;
            }
        }

        if (schedule)
        {
            _scheduler.Schedule(this);
        }

        return promise.Task;
    }

    /// <summary>Queues several keys; the results come back in key order.</summary>
    public async Task<IReadOnlyList<TValue>> LoadAsync(IReadOnlyCollection<TKey> keys, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(keys);
        var tasks = new Task<TValue>[keys.Count];
        var i = 0;
        foreach (var key in keys)
        {
            tasks[i++] = LoadAsync(key, cancellationToken);
        }

        return await Task.WhenAll(tasks).ConfigureAwait(false);
    }

    void IDispatchable.Dispatch(CancellationToken cancellationToken)
    {
        List<TKey> keys;
        List<TaskCompletionSource<TValue>> promises;
        lock (_sync)
        {
            keys = _pendingKeys;
            promises = _pendingPromises;
            _pendingKeys = [];
            _pendingPromises = [];
            _scheduled = false;
        }

        for (var start = 0; start < keys.Count; start += _maxBatchSize)
        {
            var count = Math.Min(_maxBatchSize, keys.Count - start);
            var batchKeys = count == keys.Count ? keys : keys.GetRange(start, count);
            var batchPromises = count == keys.Count ? promises : promises.GetRange(start, count);
            _ = RunBatchAsync(batchKeys, batchPromises, cancellationToken);
        }
    }

    /// <summary>Loads one batch and completes every promise (with the value, a default, or the failure).</summary>
    private protected abstract Task LoadBatchCoreAsync(List<TKey> keys, List<TaskCompletionSource<TValue>> promises, CancellationToken cancellationToken);

    private async Task RunBatchAsync(List<TKey> keys, List<TaskCompletionSource<TValue>> promises, CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _batchCallCount);
        try
        {
            await LoadBatchCoreAsync(keys, promises, cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            foreach (var promise in promises)
            {
                promise.TrySetCanceled(cancellationToken);
            }
        }
        catch (Exception ex)
        {
            foreach (var promise in promises)
            {
                promise.TrySetException(ex);
            }
        }
    }
}

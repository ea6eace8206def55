namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// A 1:1 batch loader (HotChocolate's BatchDataLoader): one call loads many keys; a key missing from the
/// result resolves to <c>default</c>. Use the delegate constructor, or derive and override <see cref="LoadBatchAsync"/>.
/// </summary>
public class DataLoader<TKey, TValue> : DataLoaderBase<TKey, TValue>
    where TKey : notnull
{
    private readonly Func<IReadOnlyList<TKey>, CancellationToken, Task<IReadOnlyDictionary<TKey, TValue>>>? _fetch;

    public DataLoader(
        BatchScheduler scheduler,
        Func<IReadOnlyList<TKey>, CancellationToken, Task<IReadOnlyDictionary<TKey, TValue>>> fetch,
        DataLoaderOptions? options = null)
        : base(scheduler, options) => _fetch = fetch ?? throw new ArgumentNullException(nameof(fetch));

    protected DataLoader(BatchScheduler scheduler, DataLoaderOptions? options = null)
        : base(scheduler, options)
    {
    }

    protected virtual Task<IReadOnlyDictionary<TKey, TValue>> LoadBatchAsync(IReadOnlyList<TKey> keys, CancellationToken cancellationToken) =>
        _fetch is null
            ? throw new NotImplementedException($"{GetType().Name} must override LoadBatchAsync or pass a fetch delegate.")
            : _fetch(keys, cancellationToken);

    private protected sealed override async Task LoadBatchCoreAsync(List<TKey> keys, List<TaskCompletionSource<TValue>> promises, CancellationToken cancellationToken)
    {
        var results = await LoadBatchAsync(keys, cancellationToken).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"{GetType().Name} returned null for a batch.");
        for (var i = 0; i < keys.Count; i++)
        {
            promises[i].TrySetResult(results.TryGetValue(keys[i], out var value) ? value : default!);
        }
    }
}

/// <summary>
/// A 1:n loader (HotChocolate's GroupedDataLoader): each key maps to a group of values, e.g. the links of a node;
/// a key with no group resolves to an empty array.
/// </summary>
public class GroupedDataLoader<TKey, TValue> : DataLoaderBase<TKey, TValue[]>
    where TKey : notnull
{
    private readonly Func<IReadOnlyList<TKey>, CancellationToken, Task<ILookup<TKey, TValue>>>? _fetch;

    public GroupedDataLoader(
        BatchScheduler scheduler,
        Func<IReadOnlyList<TKey>, CancellationToken, Task<ILookup<TKey, TValue>>> fetch,
        DataLoaderOptions? options = null)
        : base(scheduler, options) => _fetch = fetch ?? throw new ArgumentNullException(nameof(fetch));

    protected GroupedDataLoader(BatchScheduler scheduler, DataLoaderOptions? options = null)
        : base(scheduler, options)
    {
    }

    protected virtual Task<ILookup<TKey, TValue>> LoadGroupedBatchAsync(IReadOnlyList<TKey> keys, CancellationToken cancellationToken) =>
        _fetch is null
            ? throw new NotImplementedException($"{GetType().Name} must override LoadGroupedBatchAsync or pass a fetch delegate.")
            : _fetch(keys, cancellationToken);

    private protected sealed override async Task LoadBatchCoreAsync(List<TKey> keys, List<TaskCompletionSource<TValue[]>> promises, CancellationToken cancellationToken)
    {
        var groups = await LoadGroupedBatchAsync(keys, cancellationToken).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"{GetType().Name} returned null for a batch.");
        for (var i = 0; i < keys.Count; i++)
        {
            promises[i].TrySetResult(groups.Contains(keys[i]) ? [.. groups[keys[i]]] : []);
        }
    }
}

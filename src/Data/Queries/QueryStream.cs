namespace RpcCompare.Data.Queries;

/// <summary>
/// Rows of an open query, read one by one from the database as the caller enumerates them, so a 250,000-link answer is
/// never buffered twice. The query service has already read the first row when it hands the stream out: a bad id or a
/// database failure surfaces before a host starts its response. Enumerate once, then dispose.
/// </summary>
public sealed class QueryStream<T> : IAsyncEnumerable<T>, IAsyncDisposable
{
    private readonly IAsyncDisposable _owner;
    private readonly IAsyncEnumerator<T>? _rows;
    private bool _hasPeeked;
    private bool _enumerated;

    private QueryStream(IAsyncDisposable owner, IAsyncEnumerator<T>? rows, bool hasPeeked)
    {
        _owner = owner;
        _rows = rows;
        _hasPeeked = hasPeeked;
    }

    /// <summary>False when the query returned no row at all.</summary>
    public bool IsEmpty => !_hasPeeked;

    internal static QueryStream<T> Empty(IAsyncDisposable owner) => new(owner, null, false);

    /// <summary>Starts the query and reads its first row; disposes everything if that fails.</summary>
    internal static async Task<QueryStream<T>> OpenAsync(
        IAsyncDisposable owner, IAsyncEnumerable<T> query, CancellationToken cancellationToken)
    {
        IAsyncEnumerator<T>? rows = null;
        try
        {
            rows = query.GetAsyncEnumerator(cancellationToken);
            if (await rows.MoveNextAsync())
            {
                return new QueryStream<T>(owner, rows, hasPeeked: true);
            }
            // Close the finished reader now: the owner's connection may be asked something else (does the node exist?).
            await rows.DisposeAsync();
            return Empty(owner);
        }
        catch
        {
            if (rows is not null)
            {
                await rows.DisposeAsync();
            }
            await owner.DisposeAsync();
            throw;
        }
    }

    public async IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        if (_enumerated)
        {
            throw new InvalidOperationException("A query stream can be enumerated only once.");
        }
        _enumerated = true;
        if (_rows is null || !_hasPeeked)
        {
            yield break;
        }
        yield return _rows.Current;
        while (await _rows.MoveNextAsync())
        {
            cancellationToken.ThrowIfCancellationRequested();
            yield return _rows.Current;
        }
        _hasPeeked = false;
    }

    public async Task<T[]> ToArrayAsync(CancellationToken cancellationToken = default)
    {
        var items = new List<T>();
        await foreach (var item in this.WithCancellation(cancellationToken))
        {
            items.Add(item);
        }
        return [.. items];
    }

    public async ValueTask DisposeAsync()
    {
        if (_rows is not null)
        {
            await _rows.DisposeAsync();
        }
        await _owner.DisposeAsync();
    }
}

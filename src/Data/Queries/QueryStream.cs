using System.Diagnostics;
using RpcCompare.Stacks;

namespace RpcCompare.Data.Queries;

/// <summary>
/// Rows of an open query, read one by one from the database as the caller enumerates them, so a 250,000-link answer is
/// never buffered twice. The query service has already read the first row when it hands the stream out: a bad id or a
/// database failure surfaces before a host starts its response. Enumerate once, then dispose. Disposing records the time
/// spent waiting for the database (opening, each row, closing; not the caller's work between rows) as the call's
/// <see cref="ServerMetrics.QueryDurationName"/>.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1711", Justification = "A stream of rows, in the sense of the streamed variants (gRPC server streaming, REST's streamed array), not a System.IO.Stream.")]
public sealed class QueryStream<T> : IAsyncEnumerable<T>, IAsyncDisposable
{
    private readonly IAsyncDisposable _owner;
    private readonly IAsyncEnumerator<T>? _rows;
    private bool _hasPeeked;
    private bool _enumerated;
    private bool _disposed;
    private long _databaseTicks;

    private QueryStream(IAsyncDisposable owner, IAsyncEnumerator<T>? rows, bool hasPeeked, long openTicks)
    {
        _owner = owner;
        _rows = rows;
        _hasPeeked = hasPeeked;
        _databaseTicks = openTicks;
    }

    /// <summary>False when the query returned no row at all.</summary>
    public bool IsEmpty => !_hasPeeked;

    /// <summary>Starts the query and reads its first row; disposes everything if that fails.</summary>
    internal static async Task<QueryStream<T>> OpenAsync(
        IAsyncDisposable owner, IAsyncEnumerable<T> query, CancellationToken cancellationToken)
    {
        long started = Stopwatch.GetTimestamp();
        IAsyncEnumerator<T>? rows = null;
        try
        {
            rows = query.GetAsyncEnumerator(cancellationToken);
            if (await rows.MoveNextAsync())
            {
                return new QueryStream<T>(owner, rows, hasPeeked: true, Stopwatch.GetTimestamp() - started);
            }
            // Close the finished reader now: the owner's connection may be asked something else (does the node exist?).
            await rows.DisposeAsync();
            return new QueryStream<T>(owner, null, hasPeeked: false, Stopwatch.GetTimestamp() - started);
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
        while (true)
        {
            long waiting = Stopwatch.GetTimestamp();
            bool more = await _rows.MoveNextAsync();
            _databaseTicks += Stopwatch.GetTimestamp() - waiting;
            if (!more)
            {
                break;
            }
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

    /// <summary>Adds <paramref name="ticks"/> (Stopwatch) spent on the database outside the stream to its recorded time.</summary>
    internal void AddDatabaseTime(long ticks) => _databaseTicks += ticks;

    public async ValueTask DisposeAsync()
    {
        if (_disposed)
        {
            return;
        }
        _disposed = true;
        long started = Stopwatch.GetTimestamp();
        try
        {
            if (_rows is not null)
            {
                await _rows.DisposeAsync();
            }
            await _owner.DisposeAsync();
        }
        finally
        {
            ServerMetrics.RecordQuery(_databaseTicks + Stopwatch.GetTimestamp() - started);
        }
    }
}

using System.Buffers;
using System.IO.Pipelines;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>Reads [MC-NMF] records from a pipe, field by field; shared by the service session and the client channel.</summary>
internal sealed class FrameReader
{
    /// <summary><see cref="ReadRecordTypeAsync"/>: the peer closed the connection at a record boundary.</summary>
    public const int EndOfStream = -1;

    /// <summary><see cref="ReadRecordTypeAsync"/>: the pending read was cancelled (graceful shutdown) with nothing buffered.</summary>
    public const int ReadCancelled = -2;

    private readonly PipeReader _input;

    public FrameReader(PipeReader input) => _input = input;

    /// <summary>
    /// Reads the record type byte that starts the next record, or returns <see cref="EndOfStream"/>, or
    /// <see cref="ReadCancelled"/> when <paramref name="stopOnCancelledRead"/> and a pending read was cancelled with nothing buffered.
    /// </summary>
    public async ValueTask<int> ReadRecordTypeAsync(bool stopOnCancelledRead, CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken);
            var buffer = result.Buffer;
            if (!buffer.IsEmpty)
            {
                int type = buffer.FirstSpan[0];
                _input.AdvanceTo(buffer.GetPosition(1));
                return type;
            }

            _input.AdvanceTo(buffer.Start, buffer.End);
            if (result.IsCompleted)
            {
                return EndOfStream;
            }

            if (result.IsCanceled && stopOnCancelledRead)
            {
                return ReadCancelled;
            }
        }
    }

    /// <summary>
    /// Waits until the peer sends something, without consuming it; false when it closed the connection or a pending read
    /// was cancelled (graceful shutdown) first.
    /// </summary>
    public async ValueTask<bool> WaitForDataAsync(CancellationToken cancellationToken) => await PeekAsync(cancellationToken) >= 0;

    /// <summary>The next byte without consuming it; a connection closed (or a read cancelled) first is a truncation.</summary>
    public async ValueTask<byte> PeekByteAsync(CancellationToken cancellationToken)
    {
        var next = await PeekAsync(cancellationToken);
        return next >= 0 ? (byte)next : throw Truncated();
    }

    /// <summary>The next byte without consuming it, or -1 when the peer closed or a pending read was cancelled first.</summary>
    private async ValueTask<int> PeekAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken);
            var buffer = result.Buffer;
            _input.AdvanceTo(buffer.Start, buffer.IsEmpty ? buffer.End : buffer.Start);
            if (!buffer.IsEmpty)
            {
                return buffer.FirstSpan[0];
            }

            if (result.IsCompleted || result.IsCanceled)
            {
                return -1;
            }
        }
    }

    /// <summary>Reads the record type of a record that must follow (inside the preamble); the connection closing here is a truncation.</summary>
    public async ValueTask<int> ReadNextRecordTypeAsync(CancellationToken cancellationToken)
    {
        var type = await ReadRecordTypeAsync(stopOnCancelledRead: false, cancellationToken);
        return type == EndOfStream ? throw Truncated() : type;
    }

    public async ValueTask<byte> ReadByteAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken);
            var buffer = result.Buffer;
            if (!buffer.IsEmpty)
            {
                var value = buffer.FirstSpan[0];
                _input.AdvanceTo(buffer.GetPosition(1));
                return value;
            }

            _input.AdvanceTo(buffer.Start, buffer.End);
            if (result.IsCompleted)
            {
                throw Truncated();
            }
        }
    }

    /// <summary>Reads a [MC-NMF] multi-byte int31 (a size).</summary>
    public async ValueTask<int> ReadSizeAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken);
            if (TryParseSize(result.Buffer, out var value, out var consumed))
            {
                _input.AdvanceTo(consumed);
                return value;
            }

            _input.AdvanceTo(result.Buffer.Start, result.Buffer.End);
            if (result.IsCompleted)
            {
                throw Truncated();
            }
        }
    }

    /// <summary>Fills <paramref name="destination"/> from the connection; a connection closed early is a truncated record.</summary>
    public async ValueTask ReadExactlyAsync(Memory<byte> destination, CancellationToken cancellationToken)
    {
        while (destination.Length > 0)
        {
            var result = await _input.ReadAsync(cancellationToken);
            var buffer = result.Buffer;
            var count = (int)Math.Min(buffer.Length, destination.Length);
            buffer.Slice(0, count).CopyTo(destination.Span);
            destination = destination[count..];
            _input.AdvanceTo(buffer.GetPosition(count));
            if (count == 0 && result.IsCompleted)
            {
                throw Truncated();
            }
        }
    }

    /// <summary>
    /// Reads a record payload of <paramref name="size"/> bytes into an array rented from <paramref name="pool"/>, which the
    /// caller returns. The array grows with the bytes that actually arrive (doubling from at most
    /// <see cref="InitialPayloadBuffer"/>, or at once to what is already buffered), so a peer that announces a large size and sends
    /// little makes the service hold little. A connection closed early is a truncated record.
    /// </summary>
    public async ValueTask<byte[]> ReadPayloadAsync(int size, ArrayPool<byte> pool, CancellationToken cancellationToken)
    {
        var buffer = pool.Rent(Math.Min(size, InitialPayloadBuffer));
        var filled = 0;
        try
        {
            while (filled < size)
            {
                var result = await _input.ReadAsync(cancellationToken);
                var available = result.Buffer;
                var count = (int)Math.Min(available.Length, size - filled);
                buffer = EnsureCapacity(pool, buffer, filled, filled + count, size);
                available.Slice(0, count).CopyTo(buffer.AsSpan(filled));
                filled += count;
                _input.AdvanceTo(available.GetPosition(count));
                if (filled < size && count == 0 && result.IsCompleted)
                {
                    throw Truncated();
                }
            }

            return buffer;
        }
        catch
        {
            pool.Return(buffer);
            throw;
        }
    }

    /// <summary>A read buffer's first size when the record is larger and its bytes have not arrived yet.</summary>
    internal const int InitialPayloadBuffer = 16 * 1024;

    private static byte[] EnsureCapacity(ArrayPool<byte> pool, byte[] buffer, int filled, int needed, int size)
    {
        if (buffer.Length >= needed)
        {
            return buffer;
        }

        var doubled = (int)Math.Min((long)buffer.Length * 2, int.MaxValue);
        var bigger = pool.Rent(Math.Min(size, Math.Max(needed, doubled)));
        buffer.AsSpan(0, filled).CopyTo(bigger);
        pool.Return(buffer);
        return bigger;
    }

    /// <summary>Reads a size-prefixed UTF-8 string record body (via, content type, fault).</summary>
    public async ValueTask<string?> ReadUtf8Async(int maxBytes, CancellationToken cancellationToken)
    {
        var size = await ReadSizeAsync(cancellationToken);
        if (size > maxBytes)
        {
            return null;
        }

        var bytes = ArrayPool<byte>.Shared.Rent(size);
        try
        {
            await ReadExactlyAsync(bytes.AsMemory(0, size), cancellationToken);
            return System.Text.Encoding.UTF8.GetString(bytes, 0, size);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    /// <summary>Reads and discards until the peer closes; used after a fault so the peer can read it before we close.</summary>
    public async Task DrainAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken);
            _input.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted || result.IsCanceled)
            {
                return;
            }
        }
    }

    public static ProtocolException Truncated() =>
        new("The connection was closed in the middle of a framing record (a half-sent frame).");

    private static bool TryParseSize(ReadOnlySequence<byte> buffer, out int value, out SequencePosition consumed)
    {
        var reader = new SequenceReader<byte>(buffer);
        if (MultiByteInt31.TryRead(ref reader, out value))
        {
            consumed = reader.Position;
            return true;
        }

        consumed = buffer.Start;
        return false;
    }
}

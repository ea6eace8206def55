using System.Buffers;
using System.IO.Pipelines;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The connection's pipes as the Stream that SslStream needs. A read takes only what the pipe already holds (never more
/// than asked), so the bytes after the TLS session (the next session's plaintext preamble on a pooled connection) stay
/// in the pipe; a write is copied into the pipe and flushed, so each TLS record goes out as SslStream hands it over.
/// The pipes belong to the connection: disposing this stream leaves them open.
/// </summary>
internal sealed class TransportStream(IDuplexPipe transport) : Stream
{
    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw NotSeekable();

    public override long Position
    {
        get => throw NotSeekable();
        set => throw NotSeekable();
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        while (true)
        {
            var result = await transport.Input.ReadAsync(cancellationToken);
            var available = result.Buffer;
            if (buffer.IsEmpty)
            {
                // SslStream's zero-byte read: it waits for data before it rents a buffer. Nothing is consumed, so the next
                // read sees the same bytes.
                transport.Input.AdvanceTo(available.Start);
                if (!available.IsEmpty || result.IsCompleted)
                {
                    return 0;
                }
            }
            else
            {
                var count = (int)Math.Min(available.Length, buffer.Length);
                available.Slice(0, count).CopyTo(buffer.Span);
                transport.Input.AdvanceTo(available.GetPosition(count));
                if (count > 0 || result.IsCompleted)
                {
                    return count;
                }
            }

            if (result.IsCanceled)
            {
                throw new OperationCanceledException("The read of the connection was cancelled (the service is shutting down).");
            }
        }
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var result = await transport.Output.WriteAsync(buffer, cancellationToken);
        if (result.IsCanceled)
        {
            throw new OperationCanceledException("The write to the connection was cancelled.");
        }
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public override void Flush()
    {
    }

    // SslStream and the stream pipes call only the asynchronous members on this path; these exist for the Stream contract.
    public override int Read(byte[] buffer, int offset, int count) =>
        ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

    public override void Write(byte[] buffer, int offset, int count) =>
        WriteAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

    public override long Seek(long offset, SeekOrigin origin) => throw NotSeekable();

    public override void SetLength(long value) => throw NotSeekable();

    private static NotSupportedException NotSeekable() => new("A connection is read and written in order; it has no length or position.");
}

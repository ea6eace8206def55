namespace RpcCompare.Server.Common;

/// <summary>
/// The response's body Stream with its asynchronous writes and flushes timed when they wait (<see cref="WriteWaitClock"/>).
/// Write-only, as the response stream is; it never disposes the inner stream, which belongs to the server.
/// </summary>
internal sealed class TimingResponseStream(TimingResponseBody body) : Stream
{
    private Stream? _inner;

    private Stream Inner => _inner ??= body.Inner.Stream;

    public void Detach() => _inner = null;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => Inner.CanWrite;

    public override long Length => throw new NotSupportedException("The response body stream has no length.");

    public override long Position
    {
        get => throw new NotSupportedException("The response body stream has no position.");
        set => throw new NotSupportedException("The response body stream has no position.");
    }

    public override void Flush() => Inner.Flush();

    public override Task FlushAsync(CancellationToken cancellationToken) => body.Clock.Time(Inner.FlushAsync(cancellationToken));

    public override void Write(byte[] buffer, int offset, int count)
    {
        Inner.Write(buffer, offset, count);
        body.Wrote(count);
    }

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        Inner.Write(buffer);
        body.Wrote(buffer.Length);
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        body.Wrote(count);
        return body.Clock.Time(Inner.WriteAsync(buffer, offset, count, cancellationToken));
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        body.Wrote(buffer.Length);
        return body.Clock.Time(Inner.WriteAsync(buffer, cancellationToken));
    }

    public override int Read(byte[] buffer, int offset, int count) =>
        throw new NotSupportedException("The response body stream cannot be read.");

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException("The response body stream cannot seek.");

    public override void SetLength(long value) => throw new NotSupportedException("The response body stream has no length.");
}

using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// A response body as System.Text.Json reads it, with the time its reads spent waiting for bytes counted apart: the
/// deserializer reads the body as it arrives, so its own time is the time inside it minus these waits. Each read also
/// marks the answer's last byte so far. One per <see cref="CallTiming"/>, attached to each call's body in turn, so a call
/// allocates no wrapper; a read that has to wait reuses a pooled state machine.
/// </summary>
internal sealed class TimedReadStream(CallTiming timing) : Stream
{
    private Stream? _inner;
    private long _waitTicks;

    private Stream Inner => _inner ?? throw new InvalidOperationException("No response body is attached to the timing stream.");

    /// <summary>Reads <paramref name="body"/> through this wrapper from now on, with no wait counted yet.</summary>
    public Stream Attach(Stream body)
    {
        _inner = body;
        _waitTicks = 0;
        return this;
    }

    /// <summary>Lets go of the body; returns the time its reads waited for bytes since <see cref="Attach"/>.</summary>
    public long Detach()
    {
        _inner = null;
        return _waitTicks;
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        var start = Stopwatch.GetTimestamp();
        var read = Inner.Read(buffer);
        Waited(start);
        return read;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var start = Stopwatch.GetTimestamp();
        var pending = Inner.ReadAsync(buffer, cancellationToken);
        if (!pending.IsCompletedSuccessfully)
        {
            return WaitAsync(pending, start);
        }
        Waited(start);
        return pending;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> WaitAsync(ValueTask<int> pending, long start)
    {
        var read = await pending.ConfigureAwait(false);
        Waited(start);
        return read;
    }

    private void Waited(long start)
    {
        var now = Stopwatch.GetTimestamp();
        _waitTicks += now - start;
        timing.MarkLastByte(now);
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

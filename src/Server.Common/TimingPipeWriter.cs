using System.IO.Pipelines;

namespace RpcCompare.Server.Common;

/// <summary>
/// The response's PipeWriter with its flushes and writes timed when they wait (<see cref="WriteWaitClock"/>); everything
/// else (GetMemory/GetSpan/Advance, the unflushed-bytes count System.Text.Json uses, completing) is the inner writer's.
/// </summary>
internal sealed class TimingPipeWriter(TimingResponseBody body) : PipeWriter
{
    private PipeWriter? _inner;

    // Taken on first use: a feature that builds its writer on demand (one over a Stream) builds it only if it is used.
    private PipeWriter Inner => _inner ??= body.Inner.Writer;

    public void Detach() => _inner = null;

    public override void Advance(int bytes)
    {
        Inner.Advance(bytes);
        body.Wrote(bytes);
    }

    public override Memory<byte> GetMemory(int sizeHint = 0) => Inner.GetMemory(sizeHint);

    public override Span<byte> GetSpan(int sizeHint = 0) => Inner.GetSpan(sizeHint);

    public override bool CanGetUnflushedBytes => Inner.CanGetUnflushedBytes;

    public override long UnflushedBytes => Inner.UnflushedBytes;

    public override void CancelPendingFlush() => Inner.CancelPendingFlush();

    public override void Complete(Exception? exception = null) => Inner.Complete(exception);

    public override ValueTask CompleteAsync(Exception? exception = null) => Inner.CompleteAsync(exception);

    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) =>
        body.Clock.Time(Inner.FlushAsync(cancellationToken));

    public override ValueTask<FlushResult> WriteAsync(ReadOnlyMemory<byte> source, CancellationToken cancellationToken = default)
    {
        body.Wrote(source.Length);
        return body.Clock.Time(Inner.WriteAsync(source, cancellationToken));
    }
}

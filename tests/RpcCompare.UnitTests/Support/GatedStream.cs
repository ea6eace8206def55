namespace RpcCompare.UnitTests.Support;

/// <summary>A write-only stream that blocks every write until the test opens the gate: a disk that cannot keep up.</summary>
internal sealed class GatedStream(Stream inner) : Stream
{
    private readonly ManualResetEventSlim _gate = new(false);
    private int _blockedWrites;

    public bool HasBlockedAWrite => Volatile.Read(ref _blockedWrites) > 0;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => inner.Length;

    public override long Position
    {
        get => inner.Position;
        set => throw new NotSupportedException();
    }

    public void Open() => _gate.Set();

    public override void Write(byte[] buffer, int offset, int count)
    {
        if (!_gate.IsSet)
        {
            Interlocked.Increment(ref _blockedWrites);
            _gate.Wait();
        }

        inner.Write(buffer, offset, count);
    }

    public override void Flush() => inner.Flush();

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            inner.Dispose();
            _gate.Dispose();
        }

        base.Dispose(disposing);
    }
}

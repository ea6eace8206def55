using System.Buffers;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// A write-only stream over pooled segments that grow from 4 KB to 1 MB, so a large envelope is never copied to grow
/// and small ones cost one pooled array. Reset between messages keeps the first segment.
/// </summary>
internal sealed class SegmentedBufferStream : Stream
{
    private const int FirstSegmentSize = 4096;
    private const int MaxSegmentSize = 1 << 20;

    private readonly List<byte[]> _segments = [];
    private int _current;
    private int _used;
    private long _length;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => _length;

    public override long Position
    {
        get => _length;
        set => throw new NotSupportedException();
    }

    /// <summary>The written bytes, segment by segment.</summary>
    public IEnumerable<ReadOnlyMemory<byte>> GetSegments()
    {
        for (var i = 0; i < _segments.Count && i <= _current; i++)
        {
            yield return _segments[i].AsMemory(0, i == _current ? _used : _segments[i].Length);
        }
    }

    public void Reset()
    {
        for (var i = _segments.Count - 1; i > 0; i--)
        {
            ArrayPool<byte>.Shared.Return(_segments[i]);
            _segments.RemoveAt(i);
        }

        _current = 0;
        _used = 0;
        _length = 0;
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        while (!buffer.IsEmpty)
        {
            if (_segments.Count == 0)
            {
                _segments.Add(ArrayPool<byte>.Shared.Rent(FirstSegmentSize));
            }

            var segment = _segments[_current];
            if (_used == segment.Length)
            {
                _current++;
                if (_current == _segments.Count)
                {
                    _segments.Add(ArrayPool<byte>.Shared.Rent(Math.Min(segment.Length * 2, MaxSegmentSize)));
                }

                _used = 0;
                segment = _segments[_current];
            }

            var count = Math.Min(buffer.Length, segment.Length - _used);
            buffer[..count].CopyTo(segment.AsSpan(_used));
            _used += count;
            _length += count;
            buffer = buffer[count..];
        }
    }

    public override void WriteByte(byte value) => Write([value]);

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            foreach (var segment in _segments)
            {
                ArrayPool<byte>.Shared.Return(segment);
            }

            _segments.Clear();
        }

        base.Dispose(disposing);
    }
}

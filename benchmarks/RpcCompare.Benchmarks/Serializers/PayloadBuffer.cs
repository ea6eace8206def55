using System.Buffers;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// A reusable, append-only, in-memory destination for a serialized message. It is both a <see cref="Stream"/>, for the
/// serializers whose API writes to streams, and an <see cref="IBufferWriter{T}"/>, for those that write into spans the
/// way gRPC's marshaller hands Google.Protobuf a pipe. <see cref="Clear"/> keeps the memory, so once the buffer has
/// grown to the message's size, no measured operation pays for growing it.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1710", Justification = "A reusable buffer first (IBufferWriter); it is a Stream only so the XML writers can write into it.")]
public sealed class PayloadBuffer : Stream, IBufferWriter<byte>
{
    private byte[] _buffer;
    private int _length;

    public PayloadBuffer(int capacity = 256)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(capacity);
        _buffer = new byte[Math.Max(capacity, 16)];
    }

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _length);

    public int WrittenCount => _length;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => _length;

    public override long Position
    {
        get => _length;
        set => throw new NotSupportedException("A payload buffer only appends.");
    }

    /// <summary>Forgets the content and keeps the memory.</summary>
    public void Clear() => _length = 0;

    public byte[] ToArray() => WrittenSpan.ToArray();

    public void Advance(int count)
    {
        if (count < 0 || count > _buffer.Length - _length)
        {
            throw new ArgumentOutOfRangeException(
                nameof(count), count, $"Advance must be between 0 and the {_buffer.Length - _length:N0} bytes last handed out.");
        }
        _length += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Reserve(sizeHint);
        return _buffer.AsMemory(_length);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Reserve(sizeHint);
        return _buffer.AsSpan(_length);
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        buffer.CopyTo(GetSpan(buffer.Length));
        _length += buffer.Length;
    }

    public override void WriteByte(byte value)
    {
        GetSpan(1)[0] = value;
        _length++;
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("A payload buffer is write-only.");

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException("A payload buffer only appends.");

    public override void SetLength(long value) => throw new NotSupportedException("Use Clear to empty a payload buffer.");

    private void Reserve(int sizeHint)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(sizeHint);
        var needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _length >= needed)
        {
            return;
        }
        var required = (long)_length + needed;
        if (required > Array.MaxLength)
        {
            throw new InvalidOperationException($"A payload of {required:N0} bytes is larger than the largest possible array.");
        }
        Array.Resize(ref _buffer, (int)Math.Min(Array.MaxLength, Math.Max(required, 2L * _buffer.Length)));
    }
}

using System.Buffers;
using System.Runtime.CompilerServices;
using Google.Protobuf;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// Reads length-prefixed messages from the HTTP/2 response stream into one pooled buffer: each read takes as
/// much as the stream has (many small streamed messages per read), a message larger than the buffer gets a
/// larger pooled buffer only after its size passed the limit, and messages are parsed in place.
/// </summary>
internal sealed class StreamMessageReader : IDisposable
{
    private const int InitialBufferSize = 4096;

    private readonly Stream _stream;
    private readonly int? _maxReceiveMessageSize;
    private readonly GrpcMessageCounter? _counter;
    private byte[] _buffer;
    private int _start;
    private int _end;
    private bool _endOfStream;

    public StreamMessageReader(Stream stream, int? maxReceiveMessageSize, GrpcMessageCounter? counter)
    {
        _stream = stream;
        _maxReceiveMessageSize = maxReceiveMessageSize;
        _counter = counter;
        _buffer = ArrayPool<byte>.Shared.Rent(InitialBufferSize);
    }

    /// <summary>The next message, or null when the stream ended cleanly between messages.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<T?> ReadMessageAsync<T>(MessageParser<T> parser, CancellationToken cancellationToken)
        where T : class, IMessage<T>
    {
        if (!await FillAsync(GrpcProtocol.MessagePrefixLength, cancellationToken))
        {
            return _end == _start ? null : throw new GrpcException(GrpcStatusCode.Internal, GrpcFraming.IncompleteMessage);
        }

        var length = GrpcFraming.ReadPrefix(_buffer.AsSpan(_start, GrpcProtocol.MessagePrefixLength), _maxReceiveMessageSize);
        var framedLength = GrpcProtocol.MessagePrefixLength + length;
        if (!await FillAsync(framedLength, cancellationToken))
        {
            throw new GrpcException(GrpcStatusCode.Internal, GrpcFraming.IncompleteMessage);
        }

        var message = GrpcFraming.Parse(parser, new ReadOnlySpan<byte>(_buffer, _start + GrpcProtocol.MessagePrefixLength, length), "response");
        _counter?.OnReceived(length);
        _start += framedLength;
        if (_start == _end)
        {
            _start = _end = 0;
        }

        return message;
    }

    public void Dispose()
    {
        var buffer = _buffer;
        _buffer = [];
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>Makes at least <paramref name="count"/> bytes available from _start; false if the stream ends first.</summary>
    private ValueTask<bool> FillAsync(int count, CancellationToken cancellationToken)
    {
        return _end - _start >= count ? new ValueTask<bool>(true) : FillSlowAsync(count, cancellationToken);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<bool> FillSlowAsync(int count, CancellationToken cancellationToken)
    {
        EnsureCapacity(count);
        while (_end - _start < count)
        {
            if (_endOfStream)
            {
                return false;
            }

            var read = await _stream.ReadAsync(_buffer.AsMemory(_end), cancellationToken);
            if (read == 0)
            {
                _endOfStream = true;
                return false;
            }

            _end += read;
        }

        return true;
    }

    private void EnsureCapacity(int count)
    {
        if (_buffer.Length - _start >= count)
        {
            return;
        }

        var buffered = _end - _start;
        if (_buffer.Length >= count)
        {
            Buffer.BlockCopy(_buffer, _start, _buffer, 0, buffered);
        }
        else
        {
            var larger = ArrayPool<byte>.Shared.Rent(count);
            Buffer.BlockCopy(_buffer, _start, larger, 0, buffered);
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = larger;
        }

        _start = 0;
        _end = buffered;
    }
}

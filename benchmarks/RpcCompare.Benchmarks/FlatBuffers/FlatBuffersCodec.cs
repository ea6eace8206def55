using Google.FlatBuffers;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.Benchmarks.FlatBuffers;

/// <summary>
/// Google.FlatBuffers over flatc-generated tables (messages.fbs): one builder per codec, cleared and reused between
/// messages as the library recommends; reading materialises every field into the contract objects.
/// </summary>
public sealed class FlatBuffersCodec<T> : Codec<T>
{
    private readonly FlatBufferBuilder _builder = new(1024);
    private readonly Func<FlatBufferBuilder, T, int> _write;
    private readonly Func<ByteBuffer, T> _read;

    internal FlatBuffersCodec(Func<FlatBufferBuilder, T, int> write, Func<ByteBuffer, T> read)
    {
        _write = write;
        _read = read;
    }

    public override void Serialize(T message, PayloadBuffer destination)
    {
        _builder.Clear();
        _builder.Finish(_write(_builder, message));
        var written = _builder.DataBuffer.ToArraySegment(_builder.DataBuffer.Position, _builder.Offset);
        destination.Write(written.AsSpan());
    }

    public override T Deserialize(byte[] payload) => _read(new ByteBuffer(payload));
}

using System.Buffers;
using MessagePack;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// MessagePack-CSharp over the contract types as they are: the standard resolver reads their DataContract attributes
/// (each DataMember's Order becomes an integer key, the compact "attributed" form).
/// </summary>
public sealed class MessagePackCodec<T>(MessagePackSerializerOptions options) : Codec<T>
{
    public override void Serialize(T message, PayloadBuffer destination) =>
        MessagePackSerializer.Serialize((IBufferWriter<byte>)destination, message, options);

    public override T Deserialize(byte[] payload) => MessagePackSerializer.Deserialize<T>(payload, options);
}

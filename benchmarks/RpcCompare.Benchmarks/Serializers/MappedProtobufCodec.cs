using Google.Protobuf;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// Protobuf as the project's gRPC stack uses it: the contract objects are mapped to generated messages before writing
/// and back after parsing, so the mapping's allocations count too.
/// </summary>
public sealed class MappedProtobufCodec<T, TProto>(Func<T, TProto> toProto, Func<TProto, T> fromProto, MessageParser<TProto> parser)
    : Codec<T>
    where TProto : IMessage<TProto>
{
    public override void Serialize(T message, PayloadBuffer destination) => ProtobufWire.Write(toProto(message), destination);

    public override T Deserialize(byte[] payload) => fromProto(ProtobufWire.Read(parser, payload));
}

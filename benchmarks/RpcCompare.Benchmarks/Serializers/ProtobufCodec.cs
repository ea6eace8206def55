using Google.Protobuf;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>Google.Protobuf's own stream writer and span parser: the calls gRPC's marshaller makes.</summary>
public sealed class ProtobufCodec<TProto>(MessageParser<TProto> parser) : Codec<TProto>
    where TProto : IMessage<TProto>
{
    public override void Serialize(TProto message, Stream destination) => message.WriteTo(destination);

    public override TProto Deserialize(byte[] payload) => parser.ParseFrom(payload);
}

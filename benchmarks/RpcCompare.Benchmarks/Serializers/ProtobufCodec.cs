using Google.Protobuf;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>Google.Protobuf on ready-built generated messages: gRPC's wire format, as the studies timed it.</summary>
public sealed class ProtobufCodec<TProto>(MessageParser<TProto> parser) : Codec<TProto>
    where TProto : IMessage<TProto>
{
    public override void Serialize(TProto message, PayloadBuffer destination) => ProtobufWire.Write(message, destination);

    public override TProto Deserialize(byte[] payload) => ProtobufWire.Read(parser, payload);
}

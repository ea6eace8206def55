using System.Buffers;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// protobuf-net code-first over the contract types (each DataMember's Order is its field number): protobuf on the wire
/// without generated messages or a mapping step, the way many WCF-to-gRPC migrations keep their data contracts, and the
/// encoding of the code-first gRPC stack (grpc-codefirst). CompatibilityLevel 300 (DateTime as google.protobuf.Timestamp)
/// makes its bytes Google.Protobuf's for every message measured.
/// </summary>
public sealed class ProtobufNetCodec<T> : Codec<T>
{
    public override void Serialize(T message, PayloadBuffer destination) =>
        ProtoBuf.Serializer.Serialize((IBufferWriter<byte>)destination, message);

    public override T Deserialize(byte[] payload) => ProtoBuf.Serializer.Deserialize<T>(new ReadOnlyMemory<byte>(payload));
}

using System.Buffers;
using Google.Protobuf;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>Google.Protobuf called the way gRPC's marshaller calls it, so the benchmark times what a gRPC call pays.</summary>
public static class ProtobufWire
{
    /// <summary>
    /// The size first (gRPC needs it for the frame's length prefix, and it lets the pipe hand out one contiguous block),
    /// then the message straight into the buffer writer: no intermediate stream and its 4 KB buffer.
    /// </summary>
    public static void Write(IMessage message, IBufferWriter<byte> destination)
    {
        destination.GetSpan(message.CalculateSize());
        message.WriteTo(destination);
    }

    /// <summary>gRPC hands the parser the received bytes as a sequence of pipe segments; here a single segment.</summary>
    public static TProto Read<TProto>(MessageParser<TProto> parser, byte[] payload) where TProto : IMessage<TProto> =>
        parser.ParseFrom(new ReadOnlySequence<byte>(payload));
}

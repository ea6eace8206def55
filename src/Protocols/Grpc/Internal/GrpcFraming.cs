using System.Buffers;
using System.Buffers.Binary;
using Google.Protobuf;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// The length-prefixed message: one byte "compressed" flag, a four-byte big-endian length, then the protobuf
/// payload. Shared by both sides; the reading loops live next to their transport (PipeReader on the server,
/// Stream on the client).
/// </summary>
internal static class GrpcFraming
{
    public const string ReceivedTooLarge = "Received message exceeds the maximum configured message size.";
    public const string SendingTooLarge = "Sending message exceeds the maximum configured message size.";
    public const string IncompleteMessage = "Incomplete message.";
    public const string CompressedWithoutEncoding = "Message is compressed but the call did not negotiate a grpc-encoding other than identity.";

    public static void WritePrefix(Span<byte> destination, int payloadLength)
    {
        destination[0] = 0;
        BinaryPrimitives.WriteUInt32BigEndian(destination[1..], (uint)payloadLength);
    }

    /// <summary>
    /// Serializes straight into the writer's buffers (Kestrel's pooled blocks): small messages in one span,
    /// large ones through protobuf's IBufferWriter support, so no message is ever copied or held in a private array.
    /// </summary>
    public static void WriteMessage(IBufferWriter<byte> writer, IMessage message, int payloadLength)
    {
        var span = writer.GetSpan(GrpcProtocol.MessagePrefixLength);
        var framedLength = GrpcProtocol.MessagePrefixLength + payloadLength;
        WritePrefix(span, payloadLength);
        if (span.Length >= framedLength)
        {
            if (payloadLength > 0)
            {
                message.WriteTo(span.Slice(GrpcProtocol.MessagePrefixLength, payloadLength));
            }

            writer.Advance(framedLength);
            return;
        }

        writer.Advance(GrpcProtocol.MessagePrefixLength);
        message.WriteTo(writer);
    }

    /// <summary>Checks a message size against a limit, the way both sides phrase it.</summary>
    public static void CheckSendSize(int payloadLength, int? maxSendMessageSize)
    {
        if (payloadLength > maxSendMessageSize)
        {
            throw new GrpcException(GrpcStatusCode.ResourceExhausted, SendingTooLarge);
        }
    }

    /// <summary>
    /// Reads the five-byte prefix and returns the payload length, throwing the gRPC status for a compressed
    /// message (only identity is supported) or one larger than <paramref name="maxReceiveMessageSize"/>.
    /// The size check happens before the payload arrives, so an oversized message is never buffered.
    /// </summary>
    public static int ReadPrefix(ReadOnlySpan<byte> prefix, int? maxReceiveMessageSize)
    {
        switch (prefix[0])
        {
            case 0:
                break;
            case 1:
                throw new GrpcException(GrpcStatusCode.Internal, CompressedWithoutEncoding);
            default:
                throw new GrpcException(GrpcStatusCode.Internal, $"Invalid compressed flag {prefix[0]} in message prefix; only 0 and 1 are defined.");
        }

        var length = BinaryPrimitives.ReadUInt32BigEndian(prefix[1..]);
        var limit = (uint)(maxReceiveMessageSize ?? Array.MaxLength - GrpcProtocol.MessagePrefixLength);
        if (length > limit)
        {
            throw new GrpcException(GrpcStatusCode.ResourceExhausted, ReceivedTooLarge);
        }

        return (int)length;
    }

    public static T Parse<T>(MessageParser<T> parser, ReadOnlySequence<byte> payload, string role)
        where T : IMessage<T>
    {
        try
        {
            return parser.ParseFrom(payload);
        }
        catch (InvalidProtocolBufferException ex)
        {
            throw new GrpcException(GrpcStatusCode.Internal, $"Failed to deserialize {role} message.", ex);
        }
    }

    public static T Parse<T>(MessageParser<T> parser, ReadOnlySpan<byte> payload, string role)
        where T : IMessage<T>
    {
        try
        {
            return parser.ParseFrom(payload);
        }
        catch (InvalidProtocolBufferException ex)
        {
            throw new GrpcException(GrpcStatusCode.Internal, $"Failed to deserialize {role} message.", ex);
        }
    }
}

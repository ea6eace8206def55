using System.Buffers;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using Google.Protobuf;

namespace RpcCompare.Protocols.Grpc;

/// <summary>Reads the single request message of a unary or server-streaming call straight out of Kestrel's request pipe.</summary>
internal static class PipeMessageReader
{
    public const string NoMessage = "Request did not include a message.";
    public const string AdditionalData = "Additional data after the message received.";

    /// <summary>
    /// Parses the message from the pipe's own buffers (no copy), then reads on to the end of the request stream:
    /// a unary request is exactly one message, and trailing bytes are a protocol error, not something to ignore.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public static async ValueTask<T> ReadSingleMessageAsync<T>(
        PipeReader reader, MessageParser<T> parser, int? maxReceiveMessageSize, GrpcMessageCounter? counter, CancellationToken cancellationToken)
        where T : class, IMessage<T>
    {
        T? message = null;
        while (true)
        {
            var result = await reader.ReadAsync(cancellationToken);
            var buffer = result.Buffer;
            var consumed = buffer.Start;
            var examined = buffer.End;
            try
            {
                if (result.IsCanceled)
                {
                    throw new OperationCanceledException("Reading the request was cancelled.");
                }

                if (!buffer.IsEmpty)
                {
                    if (message is not null)
                    {
                        throw new GrpcException(GrpcStatusCode.Internal, AdditionalData);
                    }

                    if (TryReadFrame(buffer, maxReceiveMessageSize, out var payload))
                    {
                        message = GrpcFraming.Parse(parser, payload, "request");
                        counter?.OnReceived((int)payload.Length);
                        consumed = examined = payload.End;
                        buffer = buffer.Slice(payload.End);
                    }
                }

                if (result.IsCompleted)
                {
                    if (message is null)
                    {
                        throw new GrpcException(GrpcStatusCode.Internal, buffer.IsEmpty ? NoMessage : GrpcFraming.IncompleteMessage);
                    }

                    if (!buffer.IsEmpty)
                    {
                        throw new GrpcException(GrpcStatusCode.Internal, AdditionalData);
                    }

                    return message;
                }
            }
            finally
            {
                // Until a whole frame is here everything was examined, so the next read waits for more data.
                reader.AdvanceTo(consumed, examined);
            }
        }
    }

    private static bool TryReadFrame(in ReadOnlySequence<byte> buffer, int? maxReceiveMessageSize, out ReadOnlySequence<byte> payload)
    {
        payload = default;
        if (buffer.Length < GrpcProtocol.MessagePrefixLength)
        {
            return false;
        }

        Span<byte> prefix = stackalloc byte[GrpcProtocol.MessagePrefixLength];
        buffer.Slice(0, GrpcProtocol.MessagePrefixLength).CopyTo(prefix);
        var length = GrpcFraming.ReadPrefix(prefix, maxReceiveMessageSize);
        if (buffer.Length - GrpcProtocol.MessagePrefixLength < length)
        {
            return false;
        }

        payload = buffer.Slice(GrpcProtocol.MessagePrefixLength, length);
        return true;
    }
}

using System.Buffers;
using System.Net;
using Google.Protobuf;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// The request body: one length-prefixed message, serialized into a pooled buffer and written to the HTTP/2
/// stream in one go. No content-length is announced: gRPC needs none and it would cost header bytes on every call.
/// </summary>
internal sealed class GrpcRequestContent : HttpContent
{
    private readonly IMessage _message;
    private readonly int _payloadLength;
    private readonly GrpcMessageCounter? _counter;

    public GrpcRequestContent(IMessage message, int payloadLength, GrpcMessageCounter? counter)
    {
        _message = message;
        _payloadLength = payloadLength;
        _counter = counter;
        Headers.TryAddWithoutValidation("Content-Type", GrpcProtocol.ContentType);
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var framedLength = GrpcProtocol.MessagePrefixLength + _payloadLength;
        var buffer = ArrayPool<byte>.Shared.Rent(framedLength);
        try
        {
            GrpcFraming.WritePrefix(buffer, _payloadLength);
            _message.WriteTo(buffer.AsSpan(GrpcProtocol.MessagePrefixLength, _payloadLength));
            await stream.WriteAsync(buffer.AsMemory(0, framedLength), cancellationToken);
            _counter?.OnSent(_payloadLength);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }
}

namespace RpcCompare.Protocols.Grpc;

/// <summary>The response stream of a server-streaming call. One write at a time; not thread-safe.</summary>
public interface IGrpcStreamWriter<in TMessage>
{
    /// <summary>
    /// Sends one length-prefixed message and flushes it to the client. Waits while HTTP/2 flow control holds the
    /// stream back; <paramref name="cancellationToken"/> defaults to the call's token.
    /// </summary>
    ValueTask WriteAsync(TMessage message, CancellationToken cancellationToken = default);
}

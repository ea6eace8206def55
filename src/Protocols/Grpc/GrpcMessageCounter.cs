namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// Counts gRPC messages and their framed size (payload plus the five-byte prefix) as they are written to or read
/// from HTTP/2. Thread-safe; hand one to a channel or to the server options to measure a run. HTTP/2 frame and
/// header bytes are not included: those are the transport's, count them at the socket.
/// </summary>
public sealed class GrpcMessageCounter
{
    private long _messagesSent;
    private long _bytesSent;
    private long _messagesReceived;
    private long _bytesReceived;

    public long MessagesSent => Interlocked.Read(ref _messagesSent);

    public long BytesSent => Interlocked.Read(ref _bytesSent);

    public long MessagesReceived => Interlocked.Read(ref _messagesReceived);

    public long BytesReceived => Interlocked.Read(ref _bytesReceived);

    public void Reset()
    {
        Interlocked.Exchange(ref _messagesSent, 0);
        Interlocked.Exchange(ref _bytesSent, 0);
        Interlocked.Exchange(ref _messagesReceived, 0);
        Interlocked.Exchange(ref _bytesReceived, 0);
    }

    internal void OnSent(int payloadLength)
    {
        Interlocked.Increment(ref _messagesSent);
        Interlocked.Add(ref _bytesSent, payloadLength + GrpcProtocol.MessagePrefixLength);
    }

    internal void OnReceived(int payloadLength)
    {
        Interlocked.Increment(ref _messagesReceived);
        Interlocked.Add(ref _bytesReceived, payloadLength + GrpcProtocol.MessagePrefixLength);
    }
}

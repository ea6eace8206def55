namespace RpcCompare.Protocols.Grpc;

/// <summary>Client settings, with Grpc.Net.Client's defaults.</summary>
public sealed class GrpcChannelOptions
{
    /// <summary>Largest response message accepted, in bytes; null means no limit. Default 4 MB.</summary>
    public int? MaxReceiveMessageSize { get; set; } = GrpcProtocol.DefaultMaxReceiveMessageSize;

    /// <summary>Largest request message sent, in bytes; null (the default) means no limit.</summary>
    public int? MaxSendMessageSize { get; set; }

    /// <summary>
    /// The HTTP handler to send calls with, e.g. one made by <see cref="GrpcChannel.CreateHttpHandler"/> and tuned,
    /// or a test double. A handler given here stays the caller's: the channel does not dispose it.
    /// When null the channel creates (and owns) one from <see cref="GrpcChannel.CreateHttpHandler"/>.
    /// </summary>
    public HttpMessageHandler? HttpHandler { get; set; }

    /// <summary>Optional message counter for every call on the channel.</summary>
    public GrpcMessageCounter? MessageCounter { get; set; }

    internal void Validate()
    {
        if (MaxReceiveMessageSize < 0)
        {
            throw new ArgumentException($"{nameof(GrpcChannelOptions)}.{nameof(MaxReceiveMessageSize)} must not be negative (it is {MaxReceiveMessageSize}).");
        }

        if (MaxSendMessageSize < 0)
        {
            throw new ArgumentException($"{nameof(GrpcChannelOptions)}.{nameof(MaxSendMessageSize)} must not be negative (it is {MaxSendMessageSize}).");
        }
    }
}

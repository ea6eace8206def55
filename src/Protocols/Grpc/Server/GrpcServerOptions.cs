namespace RpcCompare.Protocols.Grpc;

/// <summary>Server settings, with Grpc.AspNetCore's defaults.</summary>
public sealed class GrpcServerOptions
{
    /// <summary>Largest request message accepted, in bytes; null means no limit. Default 4 MB.</summary>
    public int? MaxReceiveMessageSize { get; set; } = GrpcProtocol.DefaultMaxReceiveMessageSize;

    /// <summary>Largest response message sent, in bytes; null (the default) means no limit.</summary>
    public int? MaxSendMessageSize { get; set; }

    /// <summary>
    /// When true, an unexpected handler exception's type and message go to the caller; otherwise only
    /// "Exception was thrown by handler." does. A stack trace never does.
    /// </summary>
    public bool EnableDetailedErrors { get; set; }

    /// <summary>Optional message counter for every call this server handles.</summary>
    public GrpcMessageCounter? MessageCounter { get; set; }

    /// <summary>The clock deadlines run on; tests replace it to expire a deadline at a chosen moment.</summary>
    internal TimeProvider TimeProvider { get; set; } = TimeProvider.System;

    internal void Validate()
    {
        if (MaxReceiveMessageSize < 0)
        {
            throw new InvalidOperationException($"{nameof(GrpcServerOptions)}.{nameof(MaxReceiveMessageSize)} must not be negative (it is {MaxReceiveMessageSize}).");
        }

        if (MaxSendMessageSize < 0)
        {
            throw new InvalidOperationException($"{nameof(GrpcServerOptions)}.{nameof(MaxSendMessageSize)} must not be negative (it is {MaxSendMessageSize}).");
        }
    }
}

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The channel side of a proxy from <see cref="NetTcpChannelFactory{TContract}.CreateChannel"/> (cast the proxy to it),
/// like WCF's IClientChannel: one TCP connection and session, one call at a time (concurrent callers queue).
/// A call that fails with anything but a <see cref="FaultException"/> leaves the channel Faulted: Abort it and create a new one.
/// </summary>
public interface INetTcpClientChannel : IAsyncDisposable
{
    CommunicationState State { get; }

    Uri RemoteAddress { get; }

    /// <summary>TCP payload bytes written by this channel (framing included).</summary>
    long BytesSent { get; }

    /// <summary>TCP payload bytes read by this channel (framing included).</summary>
    long BytesReceived { get; }

    /// <summary>Raised once when the channel becomes Faulted.</summary>
    event EventHandler? Faulted;

    /// <summary>Connects and performs the framing preamble handshake within OpenTimeout. The first call opens a Created channel implicitly.</summary>
    Task OpenAsync(CancellationToken cancellationToken = default);

    /// <summary>Waits for a call in progress, sends the End record and waits for the service's End within CloseTimeout.</summary>
    Task CloseAsync(CancellationToken cancellationToken = default);

    /// <summary>Drops the connection at once; the channel becomes Closed. Never throws.</summary>
    void Abort();
}

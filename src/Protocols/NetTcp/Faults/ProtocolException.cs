namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The peer broke the framing or SOAP protocol, or answered with a framing Fault record ([MC-NMF] 2.2.5).
/// </summary>
public class ProtocolException : CommunicationException
{
    public ProtocolException()
    {
    }

    public ProtocolException(string message)
        : base(message)
    {
    }

    public ProtocolException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }

    public ProtocolException(string message, string? framingFault)
        : base(message)
    {
        FramingFault = framingFault;
    }

    /// <summary>The fault URI of a framing Fault record the server sent, e.g. ".../framing/faults/EndpointNotFound"; null otherwise.</summary>
    public string? FramingFault { get; }
}

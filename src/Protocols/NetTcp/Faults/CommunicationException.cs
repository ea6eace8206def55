namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// A transport or session failure, the counterpart of System.ServiceModel.CommunicationException.
/// When a channel throws this (and not a <see cref="FaultException"/>), the channel is Faulted: Abort it and create a new one.
/// </summary>
public class CommunicationException : Exception
{
    public CommunicationException()
    {
    }

    public CommunicationException(string message)
        : base(message)
    {
    }

    public CommunicationException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }
}

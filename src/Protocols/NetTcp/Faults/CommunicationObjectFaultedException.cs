namespace RpcCompare.Protocols.NetTcp;

/// <summary>Thrown when a call or Close is attempted on a channel that is already Faulted.</summary>
public class CommunicationObjectFaultedException : CommunicationException
{
    public CommunicationObjectFaultedException()
    {
    }

    public CommunicationObjectFaultedException(string message)
        : base(message)
    {
    }

    public CommunicationObjectFaultedException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }
}

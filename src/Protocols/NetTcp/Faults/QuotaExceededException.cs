namespace RpcCompare.Protocols.NetTcp;

/// <summary>A local quota (MaxReceivedMessageSize, the binary session size) was exceeded; the channel is Faulted.</summary>
public class QuotaExceededException : CommunicationException
{
    public QuotaExceededException()
    {
    }

    public QuotaExceededException(string message)
        : base(message)
    {
    }

    public QuotaExceededException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }
}

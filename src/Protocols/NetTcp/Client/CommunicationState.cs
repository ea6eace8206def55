namespace RpcCompare.Protocols.NetTcp;

/// <summary>The life cycle of a channel, as System.ServiceModel.CommunicationState.</summary>
public enum CommunicationState
{
    Created,
    Opening,
    Opened,
    Closing,
    Closed,
    Faulted,
}

namespace RpcCompare.Protocols.NetTcp;

/// <summary>The fault URIs of framing Fault records ([MC-NMF] 2.2.5), and what the client makes of them.</summary>
internal static class FramingFaults
{
    private const string Base = "http://schemas.microsoft.com/ws/2006/05/framing/faults/";

    public const string ContentTypeInvalid = Base + "ContentTypeInvalid";
    public const string ContentTypeTooLong = Base + "ContentTypeTooLong";
    public const string EndpointNotFound = Base + "EndpointNotFound";
    public const string MaxMessageSizeExceeded = Base + "MaxMessageSizeExceededFault";
    public const string ServerTooBusy = Base + "ServerTooBusy";
    public const string UnsupportedMode = Base + "UnsupportedMode";
    public const string UnsupportedVersion = Base + "UnsupportedVersion";
    public const string UpgradeInvalid = Base + "UpgradeInvalid";
    public const string ViaTooLong = Base + "ViaTooLong";

    /// <summary>The exception a client throws for a Fault record received from the service.</summary>
    public static ProtocolException ToException(string fault, Uri via)
    {
        var message = fault switch
        {
            EndpointNotFound => $"There was no channel actively listening at '{via}'. This is often caused by an incorrect address URI. Ensure that the address to which the message is sent matches an address on which a service is listening.",
            MaxMessageSizeExceeded => "The service rejected the message because it exceeds the service's maximum message size quota (MaxReceivedMessageSize) and closed the session.",
            ServerTooBusy => $"The service at '{via}' is too busy to accept a new session.",
            ContentTypeInvalid => $"The service at '{via}' does not support the content type '{FramingConstants.BinarySessionContentType}'.",
            UnsupportedMode => $"The service at '{via}' does not support the duplex session framing mode.",
            UnsupportedVersion => $"The service at '{via}' does not support .NET Message Framing version 1.0.",
            _ => $"The service at '{via}' sent the framing fault '{fault}'.",
        };
        return new ProtocolException($"{message} (framing fault {fault})", fault);
    }
}

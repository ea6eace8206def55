namespace RpcCompare.Protocols.NetTcp;

/// <summary>The fault URIs of framing Fault records ([MC-NMF] 2.2.5), which the service sends.</summary>
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
}

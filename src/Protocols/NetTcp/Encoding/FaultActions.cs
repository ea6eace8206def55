using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>Actions of fault messages. Not in the static subset, so they travel as session dictionary strings.</summary>
internal static class FaultActions
{
    private static readonly XmlDictionary Dictionary = new();

    /// <summary>WS-Addressing 1.0 default fault action, used for faults the service throws.</summary>
    public static XmlDictionaryString Soap { get; } = Dictionary.Add("http://www.w3.org/2005/08/addressing/soap/fault");

    /// <summary>WS-Addressing 1.0 fault action for addressing faults (ActionNotSupported, DestinationUnreachable).</summary>
    public static XmlDictionaryString Addressing { get; } = Dictionary.Add("http://www.w3.org/2005/08/addressing/fault");

    /// <summary>WCF's dispatcher fault action (internal service errors, deserialization failures).</summary>
    public static XmlDictionaryString Dispatcher { get; } = Dictionary.Add("http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher/fault");
}

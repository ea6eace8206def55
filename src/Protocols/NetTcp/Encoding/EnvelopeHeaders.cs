using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>The addressing headers of a received envelope, plus the first mustUnderstand header nobody understood.</summary>
internal struct EnvelopeHeaders
{
    public string? Action;
    public UniqueId? MessageId;
    public UniqueId? RelatesTo;
    public string? To;
    public string? NotUnderstoodName;
    public string? NotUnderstoodNamespace;
}

using System.Xml;

namespace RpcCompare.Contracts.Wcf;

/// <summary>The WCF stack's limits that its hosts (NetTcp and SOAP over HTTP) and the SOAP client share.</summary>
public static class WcfLimits
{
    /// <summary>Requests are small; a 1 MiB ping payload is the largest (up to 4 MB as binary XML, about 1 MB as SOAP text).</summary>
    public const int MaxReceivedMessageSize = 8 * 1024 * 1024;

    /// <summary>
    /// Reader quotas sized for the largest request the scenarios send, set explicitly so that the buffered-message
    /// relaxation (depth 128, the rest unlimited) does not apply:
    /// depth at CoreWCF's and WCF's default (Microsoft's client nests a request 5 levels: Envelope, Body, operation,
    /// parameter, array item or member);
    /// strings up to twice the largest ping payload, so a payload just over the limit still reaches the service, which
    /// refuses it with its own InvalidArgument fault;
    /// arrays at WCF's default, far above GetNeighbourhoods' 1,000 ids (a longer list still gets the service's own fault);
    /// bytes per read at WCF's default: the binary reader applies it to one start tag (name, attributes, namespace
    /// declarations), which also bounds the attribute nodes it keeps; a request's tags are a few hundred bytes;
    /// name table at WCF's default (the binary reader adds names to it only when asked for them as strings).
    /// </summary>
    public static XmlDictionaryReaderQuotas ReaderQuotas() => new()
    {
        MaxDepth = 32,
        MaxStringContentLength = 2 * GraphContract.MaxPingPayloadLength,
        MaxArrayLength = 16_384,
        MaxNameTableCharCount = 16_384,
        MaxBytesPerRead = 4_096,
    };
}

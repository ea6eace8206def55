using System.Runtime.Serialization;
using System.Xml;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Fuzz;

/// <summary>
/// The exceptions with which the decoder refuses bad input: those ServerSession's exception filters catch while reading
/// a preamble, a framing record, an envelope or a request body. Anything else that escapes a target is a finding.
/// </summary>
internal static class DecoderRefusals
{
    public static bool IsRefusal(Exception exception) => exception is
        ProtocolException
        or QuotaExceededException
        or XmlException
        or InvalidDataException
        or SerializationException
        or InvalidDataContractException
        or InvalidCastException;
}

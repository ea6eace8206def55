using System.Runtime.Serialization;
using System.Text;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// A SOAP 1.2 fault. Thrown by a service operation, it is sent to the caller as that fault and the session stays usable;
/// on the client it is what a fault reply turns into (the channel stays Opened), like System.ServiceModel.FaultException.
/// </summary>
public class FaultException : CommunicationException
{
    public FaultException(string reason)
        : this(reason, FaultCode.CreateSenderFaultCode(null))
    {
    }

    public FaultException(string reason, FaultCode code)
        : base(reason)
    {
        ArgumentNullException.ThrowIfNull(reason);
        ArgumentNullException.ThrowIfNull(code);
        Reason = reason;
        Code = code;
    }

    internal FaultException(string reason, FaultCode code, string? action, string? detailXml)
        : this(reason, code)
    {
        Action = action;
        DetailXml = detailXml;
    }

    /// <summary>The text of the fault's first Reason/Text element.</summary>
    public string Reason { get; }

    public FaultCode Code { get; }

    /// <summary>The WS-Addressing Action of a received fault; null on a fault created in code.</summary>
    public string? Action { get; }

    public virtual bool HasDetail => DetailXml is not null;

    /// <summary>The first child of the received fault's Detail element, as XML text.</summary>
    internal string? DetailXml { get; }

    /// <summary>Deserializes the fault detail with DataContractSerializer (e.g. <see cref="ExceptionDetail"/>).</summary>
    public virtual TDetail GetDetail<TDetail>()
    {
        if (DetailXml is null)
        {
            throw new InvalidOperationException($"The fault '{Code}' has no detail.");
        }

        var serializer = new DataContractSerializer(typeof(TDetail));
        using var reader = XmlDictionaryReader.CreateTextReader(Encoding.UTF8.GetBytes(DetailXml), XmlDictionaryReaderQuotas.Max);
        return (TDetail)serializer.ReadObject(reader, verifyObjectName: false)!;
    }

    /// <summary>The detail object and its type when this fault carries one to send; see <see cref="FaultException{TDetail}"/>.</summary>
    internal virtual (object Detail, Type Type)? DetailToSend => null;
}

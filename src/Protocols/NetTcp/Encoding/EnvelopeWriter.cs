using System.Collections.Concurrent;
using System.Runtime.Serialization;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// Writes SOAP 1.2 envelopes with WS-Addressing 1.0 headers in the order and form WCF's request/reply channels use:
/// request: Action (mustUnderstand), MessageID, ReplyTo anonymous, To (mustUnderstand);
/// reply and fault: Action (mustUnderstand), RelatesTo, To anonymous (mustUnderstand).
/// </summary>
internal static class EnvelopeWriter
{
    private const string XmlNamespace = "http://www.w3.org/XML/1998/namespace";
    private static readonly SoapStaticDictionary D = SoapStaticDictionary.Instance;
    private static readonly ConcurrentDictionary<Type, DataContractSerializer> DetailSerializers = new();
    private static readonly HashSet<string> Soap12Codes = ["Sender", "Receiver", "MustUnderstand", "VersionMismatch", "DataEncodingUnknown"];

    public static void WriteRequest(XmlDictionaryWriter writer, OperationDescription operation, UniqueId messageId, XmlDictionaryString to, object?[] args)
    {
        WriteEnvelopeStart(writer, operation.ActionString);
        writer.WriteStartElement("a", D.MessageId, D.AddressingNamespace);
        writer.WriteValue(messageId);
        writer.WriteEndElement();
        writer.WriteStartElement("a", D.ReplyTo, D.AddressingNamespace);
        writer.WriteStartElement("a", D.Address, D.AddressingNamespace);
        writer.WriteString(D.Anonymous);
        writer.WriteEndElement();
        writer.WriteEndElement();
        WriteTo(writer, to);
        WriteBodyStart(writer);
        operation.WriteRequestBody(writer, args);
        WriteEnvelopeEnd(writer);
    }

    public static void WriteReply(XmlDictionaryWriter writer, OperationDescription operation, UniqueId relatesTo, object? result)
    {
        WriteReplyHeaders(writer, operation.ReplyActionString, relatesTo);
        operation.WriteReplyBody(writer, result);
        WriteEnvelopeEnd(writer);
    }

    public static void WriteFault(XmlDictionaryWriter writer, MessageFault fault, UniqueId relatesTo)
    {
        WriteReplyHeaders(writer, fault.Action, relatesTo);
        writer.WriteStartElement("s", D.Fault, D.SoapNamespace);
        writer.WriteStartElement("s", D.Code, D.SoapNamespace);
        WriteCode(writer, ToSoap12(fault.Code), topLevel: true);
        writer.WriteEndElement();
        writer.WriteStartElement("s", D.Reason, D.SoapNamespace);
        writer.WriteStartElement("s", D.Text, D.SoapNamespace);
        writer.WriteAttributeString("xml", "lang", XmlNamespace, "en-US");
        writer.WriteString(fault.Reason);
        writer.WriteEndElement();
        writer.WriteEndElement();
        if (fault.Detail is not null)
        {
            writer.WriteStartElement("s", D.Detail, D.SoapNamespace);
            var serializer = DetailSerializers.GetOrAdd(fault.DetailType ?? fault.Detail.GetType(), t => new DataContractSerializer(t));
            serializer.WriteObject(writer, fault.Detail);
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
        WriteEnvelopeEnd(writer);
    }

    private static void WriteReplyHeaders(XmlDictionaryWriter writer, XmlDictionaryString action, UniqueId relatesTo)
    {
        WriteEnvelopeStart(writer, action);
        writer.WriteStartElement("a", D.RelatesTo, D.AddressingNamespace);
        writer.WriteValue(relatesTo);
        writer.WriteEndElement();
        WriteTo(writer, D.Anonymous);
        WriteBodyStart(writer);
    }

    private static void WriteEnvelopeStart(XmlDictionaryWriter writer, XmlDictionaryString action)
    {
        writer.WriteStartElement("s", D.Envelope, D.SoapNamespace);
        writer.WriteXmlnsAttribute("a", D.AddressingNamespace);
        writer.WriteStartElement("s", D.Header, D.SoapNamespace);
        writer.WriteStartElement("a", D.Action, D.AddressingNamespace);
        WriteMustUnderstand(writer);
        writer.WriteString(action);
        writer.WriteEndElement();
    }

    private static void WriteTo(XmlDictionaryWriter writer, XmlDictionaryString to)
    {
        writer.WriteStartElement("a", D.To, D.AddressingNamespace);
        WriteMustUnderstand(writer);
        writer.WriteString(to);
        writer.WriteEndElement();
    }

    // s:mustUnderstand="1", which the binary writer turns into the one-byte OneText record, as WCF sends it.
    private static void WriteMustUnderstand(XmlDictionaryWriter writer)
    {
        writer.WriteStartAttribute("s", D.MustUnderstand, D.SoapNamespace);
        writer.WriteValue(1);
        writer.WriteEndAttribute();
    }

    private static void WriteBodyStart(XmlDictionaryWriter writer)
    {
        writer.WriteEndElement();
        writer.WriteStartElement("s", D.Body, D.SoapNamespace);
    }

    private static void WriteEnvelopeEnd(XmlDictionaryWriter writer)
    {
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    private static void WriteCode(XmlDictionaryWriter writer, FaultCode code, bool topLevel)
    {
        writer.WriteStartElement("s", D.Value, D.SoapNamespace);
        if (topLevel || code.Namespace == D.SoapNamespace.Value)
        {
            writer.WriteString("s:" + code.Name);
        }
        else if (code.Namespace.Length == 0)
        {
            writer.WriteString(code.Name);
        }
        else
        {
            writer.WriteXmlnsAttribute("a", code.Namespace);
            writer.WriteString("a:" + code.Name);
        }

        writer.WriteEndElement();
        if (code.SubCode is { } subCode)
        {
            writer.WriteStartElement("s", D.Subcode, D.SoapNamespace);
            WriteCode(writer, subCode, topLevel: false);
            writer.WriteEndElement();
        }
    }

    // SOAP 1.2 allows only its own codes at the top; any other code becomes a subcode of Sender.
    private static FaultCode ToSoap12(FaultCode code) =>
        code.IsPredefinedFault && Soap12Codes.Contains(code.Name)
            ? new FaultCode(code.Name, D.SoapNamespace.Value, code.SubCode)
            : FaultCode.CreateSenderFaultCode(code);
}

using System.Xml;
using RpcCompare.Stacks;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>Reads SOAP 1.2 envelopes: the addressing headers, then positions at the Body content; and SOAP 1.2 faults.</summary>
internal static class EnvelopeReader
{
    private static readonly SoapStaticDictionary D = SoapStaticDictionary.Instance;

    /// <summary>Reads up to and into the Body; afterwards the reader is on the first body element (or the Body end).</summary>
    /// <exception cref="ProtocolException">Not a SOAP 1.2 envelope.</exception>
    /// <exception cref="XmlException">Malformed binary XML.</exception>
    public static EnvelopeHeaders ReadToBody(XmlDictionaryReader reader)
    {
        var headers = default(EnvelopeHeaders);
        ReadToBody(reader, ref headers);
        return headers;
    }

    /// <summary>
    /// As <see cref="ReadToBody(XmlDictionaryReader)"/>, filling <paramref name="headers"/> as it goes: when reading fails
    /// part-way (a reader quota, malformed XML), the headers read before the failure, the MessageID above all, are kept.
    /// </summary>
    public static void ReadToBody(XmlDictionaryReader reader, ref EnvelopeHeaders headers)
    {
        try
        {
            ReadHeadersAndEnterBody(reader, ref headers);
        }
        catch (InvalidOperationException ex) when (ex.InnerException is XmlException malformed)
        {
            // The binary reader checks an element's attributes for duplicates by sorting them; a prefix that is not valid
            // UTF-8 makes the comparer throw an XmlException, which Array.Sort wraps in an InvalidOperationException
            // (found by tests/fuzz). It is malformed input like any other, so it is refused as such.
            throw new XmlException(malformed.Message, ex);
        }
    }

    private static void ReadHeadersAndEnterBody(XmlDictionaryReader reader, ref EnvelopeHeaders headers)
    {
        reader.MoveToContent();
        if (!reader.IsStartElement(D.Envelope, D.SoapNamespace))
        {
            throw new ProtocolException($"The message is not a SOAP 1.2 envelope: its root element is '{WireText.Escape(reader.LocalName)}' from namespace '{WireText.Escape(reader.NamespaceURI)}'.");
        }

        reader.ReadStartElement();
        if (reader.IsStartElement(D.Header, D.SoapNamespace))
        {
            if (reader.IsEmptyElement)
            {
                reader.Read();
            }
            else
            {
                reader.ReadStartElement();
                while (reader.IsStartElement())
                {
                    ReadHeader(reader, ref headers);
                }

                reader.ReadEndElement();
            }
        }

        if (!reader.IsStartElement(D.Body, D.SoapNamespace))
        {
            throw new ProtocolException($"The SOAP envelope has no Body; found '{WireText.Escape(reader.LocalName)}' from namespace '{WireText.Escape(reader.NamespaceURI)}'.");
        }

        if (reader.IsEmptyElement)
        {
            reader.Read();
        }
        else
        {
            reader.ReadStartElement();
            reader.MoveToContent();
        }
    }

    public static bool IsFault(XmlDictionaryReader reader) => reader.IsStartElement(D.Fault, D.SoapNamespace);

    /// <summary>Reads the s:Fault element the reader is on into the exception a client throws.</summary>
    public static FaultException ReadFault(XmlDictionaryReader reader, string? action)
    {
        reader.ReadStartElement(D.Fault, D.SoapNamespace);
        reader.ReadStartElement(D.Code, D.SoapNamespace);
        var code = ReadCode(reader);
        reader.ReadEndElement();

        var reason = string.Empty;
        reader.ReadStartElement(D.Reason, D.SoapNamespace);
        var first = true;
        while (reader.IsStartElement())
        {
            if (first && reader.IsStartElement(D.Text, D.SoapNamespace))
            {
                reason = reader.ReadElementContentAsString();
                first = false;
            }
            else
            {
                reader.Skip();
            }
        }

        reader.ReadEndElement();

        string? detailXml = null;
        while (reader.IsStartElement())
        {
            if (reader.IsStartElement(D.Detail, D.SoapNamespace) && !reader.IsEmptyElement)
            {
                reader.ReadStartElement();
                if (reader.MoveToContent() == XmlNodeType.Element)
                {
                    detailXml = reader.ReadOuterXml();
                }

                while (reader.MoveToContent() != XmlNodeType.EndElement)
                {
                    reader.Skip();
                }

                reader.ReadEndElement();
            }
            else
            {
                reader.Skip();
            }
        }

        return new FaultException(reason, code, action, detailXml);
    }

    private static void ReadHeader(XmlDictionaryReader reader, ref EnvelopeHeaders headers)
    {
        if (reader.IsNamespaceUri(D.AddressingNamespace))
        {
            if (reader.IsLocalName(D.Action))
            {
                headers.Action = reader.ReadElementContentAsString();
                return;
            }

            if (reader.IsLocalName(D.MessageId))
            {
                headers.MessageId = reader.ReadElementContentAsUniqueId();
                return;
            }

            if (reader.IsLocalName(D.RelatesTo))
            {
                headers.RelatesTo = reader.ReadElementContentAsUniqueId();
                return;
            }

            if (reader.IsLocalName(D.To))
            {
                headers.To = reader.ReadElementContentAsString();
                return;
            }

            if (reader.IsLocalName(D.ReplyTo))
            {
                // Replies always go back over the session, as for WCF's anonymous ReplyTo.
                reader.Skip();
                return;
            }
        }

        var mustUnderstand = reader.GetAttribute(D.MustUnderstand, D.SoapNamespace);
        if (headers.NotUnderstoodName is null && (mustUnderstand == "1" || mustUnderstand == "true"))
        {
            headers.NotUnderstoodName = reader.LocalName;
            headers.NotUnderstoodNamespace = reader.NamespaceURI;
        }

        reader.Skip();
    }

    // <s:Value>prefix:name</s:Value> then an optional <s:Subcode> holding the same shape.
    private static FaultCode ReadCode(XmlDictionaryReader reader)
    {
        if (!reader.IsStartElement(D.Value, D.SoapNamespace))
        {
            throw new XmlException($"A SOAP fault code has no Value element; found '{WireText.Escape(reader.LocalName)}'.");
        }

        reader.ReadStartElement();
        var qualifiedName = reader.ReadContentAsString().Trim();
        var colon = qualifiedName.IndexOf(':', StringComparison.Ordinal);
        var name = colon < 0 ? qualifiedName : qualifiedName[(colon + 1)..];
        var ns = reader.LookupNamespace(colon < 0 ? string.Empty : qualifiedName[..colon]) ?? string.Empty;
        reader.ReadEndElement();
        if (name.Length == 0)
        {
            throw new XmlException("A SOAP fault code Value is empty.");
        }

        FaultCode? subCode = null;
        if (reader.IsStartElement(D.Subcode, D.SoapNamespace))
        {
            reader.ReadStartElement();
            subCode = ReadCode(reader);
            reader.ReadEndElement();
        }

        return new FaultCode(name, ns, subCode);
    }
}

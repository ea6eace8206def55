using System.Diagnostics.CodeAnalysis;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The static dictionary of the binary encoding. WCF's own dictionary (the [MC-NBFS] 2.2 table of 487 strings) is internal to
/// System.ServiceModel, so this is our own sparse dictionary: it holds only the strings this encoder writes, each under its
/// [MC-NBFS] key (wire id = key * 2), so the envelope bytes match WCF's. A peer using a static key outside this subset is
/// rejected by the reader with an XmlException naming the unknown key.
/// Like WCF's dictionary, strings of other dictionaries are not matched by value: they go to the session dictionary.
/// </summary>
internal sealed class SoapStaticDictionary : IXmlDictionary
{
    public static readonly SoapStaticDictionary Instance = new();

    private readonly Dictionary<int, XmlDictionaryString> _byKey = [];
    private readonly Dictionary<string, XmlDictionaryString> _byValue = new(StringComparer.Ordinal);

    private SoapStaticDictionary()
    {
        MustUnderstand = Add(0, "mustUnderstand");
        Envelope = Add(1, "Envelope");
        SoapNamespace = Add(2, "http://www.w3.org/2003/05/soap-envelope");
        AddressingNamespace = Add(3, "http://www.w3.org/2005/08/addressing");
        Header = Add(4, "Header");
        Action = Add(5, "Action");
        To = Add(6, "To");
        Body = Add(7, "Body");
        RelatesTo = Add(9, "RelatesTo");
        Anonymous = Add(10, "http://www.w3.org/2005/08/addressing/anonymous");
        MessageId = Add(13, "MessageID");
        Address = Add(21, "Address");
        ReplyTo = Add(22, "ReplyTo");
        Fault = Add(67, "Fault");
        Code = Add(71, "Code");
        Reason = Add(72, "Reason");
        Text = Add(73, "Text");
        Detail = Add(76, "Detail");
        Value = Add(77, "Value");
        Subcode = Add(78, "Subcode");
    }

    public XmlDictionaryString MustUnderstand { get; }

    public XmlDictionaryString Envelope { get; }

    public XmlDictionaryString SoapNamespace { get; }

    public XmlDictionaryString AddressingNamespace { get; }

    public XmlDictionaryString Header { get; }

    public XmlDictionaryString Action { get; }

    public XmlDictionaryString To { get; }

    public XmlDictionaryString Body { get; }

    public XmlDictionaryString RelatesTo { get; }

    public XmlDictionaryString Anonymous { get; }

    public XmlDictionaryString MessageId { get; }

    public XmlDictionaryString Address { get; }

    public XmlDictionaryString ReplyTo { get; }

    public XmlDictionaryString Fault { get; }

    public XmlDictionaryString Code { get; }

    public XmlDictionaryString Reason { get; }

    public XmlDictionaryString Text { get; }

    public XmlDictionaryString Detail { get; }

    public XmlDictionaryString Value { get; }

    public XmlDictionaryString Subcode { get; }

    public bool TryLookup(string value, [NotNullWhen(true)] out XmlDictionaryString? result) => _byValue.TryGetValue(value, out result);

    public bool TryLookup(int key, [NotNullWhen(true)] out XmlDictionaryString? result) => _byKey.TryGetValue(key, out result);

    public bool TryLookup(XmlDictionaryString value, [NotNullWhen(true)] out XmlDictionaryString? result)
    {
        ArgumentNullException.ThrowIfNull(value);
        result = value.Dictionary == this ? value : null;
        return result is not null;
    }

    private XmlDictionaryString Add(int key, string value)
    {
        var entry = new XmlDictionaryString(this, value, key);
        _byKey.Add(key, entry);
        _byValue.Add(value, entry);
        return entry;
    }
}

using System.IO.Pipelines;
using System.Text;
using System.Xml;
using RpcCompare.Protocols.NetTcp;
using RpcCompare.UnitTests.Support.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

// What these tests establish about compatibility with real WCF: no WCF implementation exists on this machine, so nothing
// here was checked against System.ServiceModel or CoreWCF bytes. What is checked is that our envelopes begin with exactly
// the byte sequence WCF's own BinaryMessageEncoder recognizes as its standard request and reply shapes (the header layout
// of its MessagePatterns fast path), written out below from the [MC-NBFX] record types and [MC-NBFS] static dictionary
// keys, and that the [MC-NBFSE] string table carries the action and the To address as the first session strings.
// Interoperability of the body (DataContractSerializer) and of faults rests on using the same serializer and the same
// SOAP 1.2 shapes, not on a test against WCF.
public sealed class EnvelopeEncodingTests
{
    // [MC-NBFX] record types.
    private const byte EndElement = 0x01;
    private const byte DictionaryXmlnsAttribute = 0x0B;
    private const byte PrefixDictionaryAttributeS = 0x0C + ('s' - 'a');
    private const byte PrefixDictionaryElementA = 0x44;
    private const byte PrefixDictionaryElementS = 0x44 + ('s' - 'a');
    private const byte OneText = 0x82;
    private const byte DictionaryTextWithEndElement = 0xAB;
    private const byte UniqueIdTextWithEndElement = 0xAD;

    // [MC-NBFS] static dictionary ids (even) and [MC-NBFSE] session ids (odd: 2n+1 for the n-th session string).
    private const byte Envelope = 0x02;
    private const byte SoapNamespace = 0x04;
    private const byte AddressingNamespace = 0x06;
    private const byte Header = 0x08;
    private const byte Action = 0x0A;
    private const byte To = 0x0C;
    private const byte Body = 0x0E;
    private const byte RelatesTo = 0x12;
    private const byte Anonymous = 0x14;
    private const byte MessageId = 0x1A;
    private const byte Address = 0x2A;
    private const byte ReplyTo = 0x2C;
    private const byte MustUnderstand = 0x00;
    private const byte FirstSessionString = 0x01;
    private const byte SecondSessionString = 0x03;

    private static readonly OperationDescription Ping = TestContract.Description.Operations.Single(o => o.Name == "Ping");
    private static readonly Uri Address_ = new("net.tcp://127.0.0.1:8089/test");

    [Fact]
    public async Task FirstRequestMatchesWcfRequestPattern()
    {
        var id = new UniqueId(Guid.NewGuid());
        using var codec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());

        var frame = await EncodeAsync(codec, w => EnvelopeWriter.WriteRequest(w, Ping, id, ToString(Address_), ["hi"]));
        var (strings, xml) = SplitFrame(frame);

        Assert.Equal(Ping.Action, strings[0]);
        Assert.Equal(Address_.AbsoluteUri, strings[1]);
        byte[] expected =
        [
            PrefixDictionaryElementS, Envelope,
            DictionaryXmlnsAttribute, 1, (byte)'s', SoapNamespace,
            DictionaryXmlnsAttribute, 1, (byte)'a', AddressingNamespace,
            PrefixDictionaryElementS, Header,
            PrefixDictionaryElementA, Action, PrefixDictionaryAttributeS, MustUnderstand, OneText, DictionaryTextWithEndElement, FirstSessionString,
            PrefixDictionaryElementA, MessageId, UniqueIdTextWithEndElement, .. GuidBytes(id),
            PrefixDictionaryElementA, ReplyTo, PrefixDictionaryElementA, Address, DictionaryTextWithEndElement, Anonymous, EndElement,
            PrefixDictionaryElementA, To, PrefixDictionaryAttributeS, MustUnderstand, OneText, DictionaryTextWithEndElement, SecondSessionString,
            EndElement,
            PrefixDictionaryElementS, Body,
        ];
        Assert.Equal(expected, xml[..expected.Length]);
    }

    [Fact]
    public async Task FirstReplyMatchesWcfReplyPattern()
    {
        var id = new UniqueId(Guid.NewGuid());
        using var codec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());

        var frame = await EncodeAsync(codec, w => EnvelopeWriter.WriteReply(w, Ping, id, "hi"));
        var (strings, xml) = SplitFrame(frame);

        Assert.Equal(Ping.ReplyAction, strings[0]);
        byte[] expected =
        [
            PrefixDictionaryElementS, Envelope,
            DictionaryXmlnsAttribute, 1, (byte)'s', SoapNamespace,
            DictionaryXmlnsAttribute, 1, (byte)'a', AddressingNamespace,
            PrefixDictionaryElementS, Header,
            PrefixDictionaryElementA, Action, PrefixDictionaryAttributeS, MustUnderstand, OneText, DictionaryTextWithEndElement, FirstSessionString,
            PrefixDictionaryElementA, RelatesTo, UniqueIdTextWithEndElement, .. GuidBytes(id),
            PrefixDictionaryElementA, To, PrefixDictionaryAttributeS, MustUnderstand, OneText, DictionaryTextWithEndElement, Anonymous,
            EndElement,
            PrefixDictionaryElementS, Body,
        ];
        Assert.Equal(expected, xml[..expected.Length]);
    }

    [Fact]
    public async Task SessionStringsTravelOnlyWithTheFirstEnvelope()
    {
        using var codec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());
        var to = ToString(Address_);

        var first = await EncodeAsync(codec, w => EnvelopeWriter.WriteRequest(w, Ping, new UniqueId(), to, ["hi"]));
        var second = await EncodeAsync(codec, w => EnvelopeWriter.WriteRequest(w, Ping, new UniqueId(), to, ["hi"]));

        Assert.NotEmpty(SplitFrame(first).Strings);
        Assert.Empty(SplitFrame(second).Strings);
        Assert.True(second.Length < first.Length);
    }

    [Fact]
    public async Task RequestDecodesToTheWcfSoapShape()
    {
        var writerCodec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());
        using var readerCodec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());
        var id = new UniqueId(Guid.Parse("01234567-89ab-cdef-0123-456789abcdef"));

        var frame = await EncodeAsync(writerCodec, w => EnvelopeWriter.WriteRequest(w, Ping, id, ToString(Address_), ["hi"]));
        writerCodec.Dispose();
        var payload = frame[(1 + SizeOfInt31(frame.AsSpan(1)))..];
        var reader = readerCodec.OpenMessage(payload, payload.Length);
        reader.MoveToContent();

        Assert.Equal(
            "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>" +
            "<a:Action s:mustUnderstand=\"1\">http://rpccompare.test/ITestService/Ping</a:Action>" +
            "<a:MessageID>urn:uuid:01234567-89ab-cdef-0123-456789abcdef</a:MessageID>" +
            "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo>" +
            "<a:To s:mustUnderstand=\"1\">net.tcp://127.0.0.1:8089/test</a:To></s:Header>" +
            "<s:Body><Ping xmlns=\"http://rpccompare.test/\"><payload>hi</payload></Ping></s:Body></s:Envelope>",
            reader.ReadOuterXml());
    }

    [Fact]
    public async Task FaultDecodesToTheSoap12FaultShape()
    {
        var writerCodec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());
        using var readerCodec = new BinarySessionCodec(new XmlDictionaryReaderQuotas());
        var fault = ServiceFaults.InternalError(new InvalidOperationException("secret"), includeExceptionDetail: false);

        var frame = await EncodeAsync(writerCodec, w => EnvelopeWriter.WriteFault(w, fault, new UniqueId()));
        writerCodec.Dispose();
        var payload = frame[(1 + SizeOfInt31(frame.AsSpan(1)))..];
        var reader = readerCodec.OpenMessage(payload, payload.Length);
        EnvelopeReader.ReadToBody(reader);
        var body = reader.ReadOuterXml();

        Assert.Equal(
            "<s:Fault xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\"><s:Code><s:Value>s:Receiver</s:Value><s:Subcode>" +
            "<s:Value xmlns:a=\"http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher\">a:InternalServiceFault</s:Value>" +
            "</s:Subcode></s:Code><s:Reason><s:Text xml:lang=\"en-US\">" + System.Security.SecurityElement.Escape(ServiceFaults.InternalErrorReason) +
            "</s:Text></s:Reason></s:Fault>",
            body);
    }

    private static XmlDictionaryString ToString(Uri address) => new XmlDictionary().Add(address.AbsoluteUri);

    private static byte[] GuidBytes(UniqueId id)
    {
        Assert.True(id.TryGetGuid(out var guid));
        return guid.ToByteArray();
    }

    private static async Task<byte[]> EncodeAsync(BinarySessionCodec codec, Action<XmlDictionaryWriter> write)
    {
        write(codec.StartMessage());
        var size = codec.CompleteMessage();
        var pipe = new Pipe();
        await codec.WriteEnvelopeAsync(pipe.Writer, size, CancellationToken.None);
        await pipe.Writer.CompleteAsync();
        using var stream = new MemoryStream();
        await pipe.Reader.CopyToAsync(stream);
        return stream.ToArray();
    }

    private static int SizeOfInt31(ReadOnlySpan<byte> bytes) => MultiByteInt31.Decode(bytes, out _);

    // Sized envelope record: 0x06, size; then the string table (size, strings) and the binary XML.
    private static (List<string> Strings, byte[] Xml) SplitFrame(byte[] frame)
    {
        Assert.Equal(0x06, frame[0]);
        var offset = 1 + MultiByteInt31.Decode(frame.AsSpan(1), out var size);
        Assert.Equal(frame.Length - offset, size);
        offset += MultiByteInt31.Decode(frame.AsSpan(offset), out var tableSize);
        var end = offset + tableSize;
        var strings = new List<string>();
        while (offset < end)
        {
            offset += MultiByteInt31.Decode(frame.AsSpan(offset), out var length);
            strings.Add(Encoding.UTF8.GetString(frame, offset, length));
            offset += length;
        }

        return (strings, frame[end..]);
    }
}

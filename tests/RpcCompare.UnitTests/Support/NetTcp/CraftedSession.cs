using System.IO.Pipelines;
using System.Xml;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>A raw session that sends hand-written envelopes through the real codec and reads the replies back.</summary>
internal sealed class CraftedSession : IAsyncDisposable
{
    public const string Soap = "http://www.w3.org/2003/05/soap-envelope";
    public const string Addressing = "http://www.w3.org/2005/08/addressing";

    public static readonly UniqueId MessageId = new();

    // Never pauses: an envelope larger than the default threshold would otherwise block its own write.
    private readonly Pipe _pipe = new(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));
    private readonly BinarySessionCodec _codec = new(new XmlDictionaryReaderQuotas());

    private CraftedSession(RawConnection raw) => Raw = raw;

    public RawConnection Raw { get; }

    public static async Task<CraftedSession> OpenAsync(NetTcpTestHost host)
    {
        var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble(host.Address.AbsoluteUri));
        Assert.Equal(0x0B, await raw.ReadByteAsync());
        return new CraftedSession(raw);
    }

    /// <summary>Opens Envelope and Header, writes Action, MessageID (optional) and To, and opens Body.</summary>
    public static void WriteHeaders(XmlDictionaryWriter writer, string action, string to, bool extraHeader, bool messageId = true)
    {
        writer.WriteStartElement("s", "Envelope", Soap);
        writer.WriteStartElement("s", "Header", Soap);
        writer.WriteElementString("a", "Action", Addressing, action);
        if (messageId)
        {
            writer.WriteStartElement("a", "MessageID", Addressing);
            writer.WriteValue(MessageId);
            writer.WriteEndElement();
        }

        writer.WriteElementString("a", "To", Addressing, to);
        if (extraHeader)
        {
            writer.WriteStartElement("x", "Secret", "urn:extension");
            writer.WriteAttributeString("s", "mustUnderstand", Soap, "1");
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
        writer.WriteStartElement("s", "Body", Soap);
    }

    public static void WritePingBody(XmlDictionaryWriter writer, string payload)
    {
        writer.WriteStartElement("Ping", TestContract.Namespace);
        writer.WriteElementString("payload", TestContract.Namespace, payload);
        writer.WriteEndElement();
    }

    /// <summary>Sends an envelope (the callback writes up to the Body content; Body and Envelope are closed here) and reads the fault it gets.</summary>
    public async Task<FaultException> RequestAsync(Action<XmlDictionaryWriter> writeEnvelope)
    {
        await SendAsync(writeEnvelope);
        var reply = await ReceiveAsync();
        return reply.Fault ?? throw new Xunit.Sdk.XunitException($"Expected a fault, got {reply.BodyXml}");
    }

    public async Task SendAsync(Action<XmlDictionaryWriter> writeEnvelope)
    {
        var writer = _codec.StartMessage();
        writeEnvelope(writer);
        writer.WriteEndElement();
        writer.WriteEndElement();
        var size = _codec.CompleteMessage();
        await _codec.WriteEnvelopeAsync(_pipe.Writer, size, CancellationToken.None);
        var read = await _pipe.Reader.ReadAsync();
        await Raw.SendAsync(System.Buffers.BuffersExtensions.ToArray(read.Buffer));
        _pipe.Reader.AdvanceTo(read.Buffer.End);
    }

    /// <summary>Reads one sized envelope: a fault, or the body's first element as XML.</summary>
    public async Task<Reply> ReceiveAsync()
    {
        Assert.Equal(0x06, await Raw.ReadByteAsync());
        var length = 0;
        for (var shift = 0; ; shift += 7)
        {
            var b = await Raw.ReadByteAsync();
            length |= (b & 0x7F) << shift;
            if (b < 0x80)
            {
                break;
            }
        }

        var payload = new byte[length];
        for (var i = 0; i < length; i++)
        {
            payload[i] = await Raw.ReadByteAsync();
        }

        var reader = _codec.OpenMessage(payload, length);
        var headers = EnvelopeReader.ReadToBody(reader);
        Assert.Equal(MessageId, headers.RelatesTo);
        return EnvelopeReader.IsFault(reader)
            ? new Reply(EnvelopeReader.ReadFault(reader, headers.Action), null)
            : new Reply(null, reader.ReadOuterXml());
    }

    public async ValueTask DisposeAsync()
    {
        _codec.Dispose();
        await Raw.DisposeAsync();
    }

    public sealed record Reply(FaultException? Fault, string? BodyXml);
}

using System.ServiceModel.Channels;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Counts the bytes Microsoft's NetTcp client puts on the wire. Its transport takes no stream or socket hook, so the
/// count is taken one layer up: every message as the binary session encoder wrote or read it (in-band dictionary
/// strings included), plus .NET Message Framing's own bytes around it (a record type and a length prefix per message,
/// the preamble and the end records per session). Exact for buffered NetTcp sessions with SecurityMode.None; only TCP/IP
/// headers are left out, as on the HTTP stacks. With SecurityMode.Transport (<c>tls</c>) the SSL upgrade's
/// stream is out of reach too, so the TLS records are computed as the framing is: the upgrade records in cleartext, and
/// around every message and every framing record sent inside TLS a TLS 1.3 record's 22 bytes (5 of header, 1 of content
/// type, a 16-byte tag) per 16 KiB of plaintext, since both sides write each message at once. Only the handshake (about
/// 0.3 kB sent and 1.4 kB received per session with an ECDSA P-256 certificate) is left out. TLS 1.3 is what the
/// client's Tls12|Tls13 and a current Linux host negotiate; a TLS 1.2 peer's records are 7 bytes larger with AES-GCM.
/// </summary>
internal sealed class WcfWireCounting(MessageEncodingBindingElement inner, WireCounter counter, bool tls) : MessageEncodingBindingElement
{
    /// <summary>A TLS 1.3 record's bytes besides its plaintext (AES-GCM and ChaCha20-Poly1305 alike).</summary>
    internal const int TlsRecordOverhead = 5 + 1 + 16;

    /// <summary>The most plaintext one TLS record carries.</summary>
    private const int TlsRecordPlaintext = 16 * 1024;

    public override MessageVersion MessageVersion
    {
        get => inner.MessageVersion;
        set => inner.MessageVersion = value;
    }

    /// <summary>
    /// Framing bytes of one session opened to <paramref name="via"/>: version (3), mode (2), via (1 + length prefix + UTF-8),
    /// known encoding (2), preamble end (1) and end (1) from the client; preamble ack (1) and end (1) from the host. With
    /// <paramref name="upgraded"/> (TLS), also the upgrade request (1 + 1 + "application/ssl-tls") and the host's upgrade
    /// response (1).
    /// </summary>
    public static (long Sent, long Received) SessionFraming(Uri via, bool upgraded = false)
    {
        var viaBytes = System.Text.Encoding.UTF8.GetByteCount(via.AbsoluteUri);
        var start = 3 + 2 + 1 + LengthPrefix(viaBytes) + viaBytes + 2;
        // Inside TLS, the preamble end and the end (sent), the preamble ack and the end (received): one record each.
        return upgraded
            ? (start + 1 + 1 + UpgradeContentType.Length + 2 * (1 + TlsRecordOverhead), 1 + 2 * (1 + TlsRecordOverhead))
            : (start + 1 + 1, 1 + 1);
    }

    private const string UpgradeContentType = "application/ssl-tls";

    public override MessageEncoderFactory CreateMessageEncoderFactory() =>
        new CountingFactory(inner.CreateMessageEncoderFactory(), counter, tls);

    public override BindingElement Clone() => new WcfWireCounting((MessageEncodingBindingElement)inner.Clone(), counter, tls);

    public override IChannelFactory<TChannel> BuildChannelFactory<TChannel>(BindingContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        context.BindingParameters.Add(this);
        return context.BuildInnerChannelFactory<TChannel>();
    }

    public override bool CanBuildChannelFactory<TChannel>(BindingContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        context.BindingParameters.Add(this);
        return context.CanBuildInnerChannelFactory<TChannel>();
    }

    public override T GetProperty<T>(BindingContext context) => inner.GetProperty<T>(context);

    /// <summary>
    /// A SizedEnvelope record's bytes on the wire: the message, one byte of record type and the size as .NET Message
    /// Framing's 7-bit integer, and with <paramref name="tls"/> the TLS records that carry them.
    /// </summary>
    private static int OnTheWire(int size, bool tls)
    {
        var framed = size + 1 + LengthPrefix(size);
        return tls ? framed + TlsRecordOverhead * ((framed + TlsRecordPlaintext - 1) / TlsRecordPlaintext) : framed;
    }

    private static int LengthPrefix(int size) => size < 1 << 7 ? 1 : size < 1 << 14 ? 2 : size < 1 << 21 ? 3 : size < 1 << 28 ? 4 : 5;

    private sealed class CountingFactory(MessageEncoderFactory inner, WireCounter counter, bool tls) : MessageEncoderFactory
    {
        public override MessageEncoder Encoder { get; } = new CountingEncoder(inner.Encoder, counter, tls);

        public override MessageVersion MessageVersion => inner.MessageVersion;

        public override MessageEncoder CreateSessionEncoder() => new CountingEncoder(inner.CreateSessionEncoder(), counter, tls);
    }

    private sealed class CountingEncoder(MessageEncoder inner, WireCounter counter, bool tls) : MessageEncoder
    {
        public override string ContentType => inner.ContentType;

        public override string MediaType => inner.MediaType;

        public override MessageVersion MessageVersion => inner.MessageVersion;

        public override T GetProperty<T>() => inner.GetProperty<T>();

        public override bool IsContentTypeSupported(string contentType) => inner.IsContentTypeSupported(contentType);

        public override Message ReadMessage(ArraySegment<byte> buffer, BufferManager bufferManager, string contentType)
        {
            counter.AddReceived(OnTheWire(buffer.Count, tls));
            return inner.ReadMessage(buffer, bufferManager, contentType);
        }

        public override ValueTask<Message> ReadMessageAsync(ArraySegment<byte> buffer, BufferManager bufferManager, string contentType)
        {
            counter.AddReceived(OnTheWire(buffer.Count, tls));
            return inner.ReadMessageAsync(buffer, bufferManager, contentType);
        }

        public override Message ReadMessage(Stream stream, int maxSizeOfHeaders, string contentType) =>
            throw new NotSupportedException("The WCF client is configured for buffered transfer.");

        public override void WriteMessage(Message message, Stream stream) =>
            throw new NotSupportedException("The WCF client is configured for buffered transfer.");

        public override ArraySegment<byte> WriteMessage(Message message, int maxMessageSize, BufferManager bufferManager,
            int messageOffset)
        {
            var written = inner.WriteMessage(message, maxMessageSize, bufferManager, messageOffset);
            counter.AddSent(OnTheWire(written.Count, tls));
            return written;
        }

        public override async ValueTask<ArraySegment<byte>> WriteMessageAsync(Message message, int maxMessageSize,
            BufferManager bufferManager, int messageOffset)
        {
            var written = await inner.WriteMessageAsync(message, maxMessageSize, bufferManager, messageOffset);
            counter.AddSent(OnTheWire(written.Count, tls));
            return written;
        }
    }
}

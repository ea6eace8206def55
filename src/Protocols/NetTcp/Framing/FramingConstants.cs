namespace RpcCompare.Protocols.NetTcp;

/// <summary>Values of the [MC-NMF] preamble records this transport speaks: version 1.0, duplex mode, binary session encoding.</summary>
internal static class FramingConstants
{
    public const byte MajorVersion = 0x01;
    public const byte MinorVersion = 0x00;

    public const byte DuplexMode = 0x02;

    /// <summary>Known encoding 0x08: SOAP 1.2 binary with in-band dictionary, i.e. application/soap+msbinsession1.</summary>
    public const byte BinarySessionEncoding = 0x08;

    public const string BinarySessionContentType = "application/soap+msbinsession1";

    /// <summary>The upgrade a NetTcpBinding(SecurityMode.Transport) client asks for: TLS over the framing connection ([MC-NMF] 2.2.3.9).</summary>
    public const string SslTlsUpgrade = "application/ssl-tls";

    /// <summary>The first byte of a TLS handshake record (a ClientHello), the only thing a client may send after the UpgradeResponse.</summary>
    public const byte TlsHandshakeRecord = 0x16;

    // WCF's limits on preamble strings (ConnectionOrientedTransportDefaults).
    public const int MaxViaSize = 2048;
    public const int MaxContentTypeSize = 256;

    /// <summary>A fault string longer than this is not a sane framing fault; the reader gives up instead of buffering it.</summary>
    public const int MaxFaultSize = 4096;
}

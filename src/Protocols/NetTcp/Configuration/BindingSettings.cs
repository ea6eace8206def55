using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>An immutable snapshot of a <see cref="NetTcpBinding"/> with the effective (buffered-read) reader quotas.</summary>
internal sealed class BindingSettings
{
    // WCF's BinaryMessageEncodingBindingElement.MaxSessionSize default: bytes of in-band dictionary strings per direction.
    internal const int MaxSessionSize = 2048;

    public BindingSettings(NetTcpBinding binding)
    {
        MaxReceivedMessageSize = (int)binding.MaxReceivedMessageSize;
        ReaderQuotas = BufferedReadQuotas(binding.ReaderQuotas);
        MaxConnections = binding.MaxConnections;
        OpenTimeout = binding.OpenTimeout;
        CloseTimeout = binding.CloseTimeout;
        SendTimeout = binding.SendTimeout;
        ReceiveTimeout = binding.ReceiveTimeout;
        ChannelInitializationTimeout = binding.ChannelInitializationTimeout;
    }

    public int MaxReceivedMessageSize { get; }

    public XmlDictionaryReaderQuotas ReaderQuotas { get; }

    public int MaxConnections { get; }

    public TimeSpan OpenTimeout { get; }

    public TimeSpan CloseTimeout { get; }

    public TimeSpan SendTimeout { get; }

    public TimeSpan ReceiveTimeout { get; }

    public TimeSpan ChannelInitializationTimeout { get; }

    // WCF relaxes every quota the user did not set when the whole message is buffered (EncoderHelpers.GetBufferedReadQuotas).
    private static XmlDictionaryReaderQuotas BufferedReadQuotas(XmlDictionaryReaderQuotas configured)
    {
        var modified = configured.ModifiedQuotas;
        return new XmlDictionaryReaderQuotas
        {
            MaxDepth = Pick(modified, XmlDictionaryReaderQuotaTypes.MaxDepth, configured.MaxDepth, 128),
            MaxStringContentLength = Pick(modified, XmlDictionaryReaderQuotaTypes.MaxStringContentLength, configured.MaxStringContentLength, int.MaxValue),
            MaxArrayLength = Pick(modified, XmlDictionaryReaderQuotaTypes.MaxArrayLength, configured.MaxArrayLength, int.MaxValue),
            MaxBytesPerRead = Pick(modified, XmlDictionaryReaderQuotaTypes.MaxBytesPerRead, configured.MaxBytesPerRead, int.MaxValue),
            MaxNameTableCharCount = Pick(modified, XmlDictionaryReaderQuotaTypes.MaxNameTableCharCount, configured.MaxNameTableCharCount, int.MaxValue),
        };
    }

    private static int Pick(XmlDictionaryReaderQuotaTypes modified, XmlDictionaryReaderQuotaTypes quota, int configured, int relaxed) =>
        (modified & quota) != 0 ? configured : relaxed;
}

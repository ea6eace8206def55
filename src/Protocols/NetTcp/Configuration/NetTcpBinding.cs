using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The settings of WCF's NetTcpBinding that this transport honours, with WCF's names and defaults.
/// Used by the service (<see cref="NetTcpServiceOptions.Binding"/>); clients use Microsoft's System.ServiceModel.NetTcp.
/// Security is None, or Transport with a server certificate only when <see cref="NetTcpServiceOptions.ServiceCertificate"/>
/// is set; transfer mode is always Buffered.
/// </summary>
public sealed class NetTcpBinding
{
    private long _maxReceivedMessageSize = 65_536;
    private XmlDictionaryReaderQuotas _readerQuotas = new();
    private int _maxConnections = 12 * Environment.ProcessorCount;
    private TimeSpan _openTimeout = TimeSpan.FromMinutes(1);
    private TimeSpan _closeTimeout = TimeSpan.FromMinutes(1);
    private TimeSpan _sendTimeout = TimeSpan.FromMinutes(1);
    private TimeSpan _receiveTimeout = TimeSpan.FromMinutes(10);
    private TimeSpan _channelInitializationTimeout = TimeSpan.FromSeconds(30);

    /// <summary>
    /// The largest envelope the receiver accepts, in bytes (default 65,536). The receiver's value counts:
    /// raise it on the client for large responses and on the service for large requests. At most int.MaxValue (framing limit).
    /// </summary>
    public long MaxReceivedMessageSize
    {
        get => _maxReceivedMessageSize;
        set => _maxReceivedMessageSize = value is > 0 and <= int.MaxValue
            ? value
            : throw new ArgumentOutOfRangeException(nameof(MaxReceivedMessageSize), value, "MaxReceivedMessageSize must be between 1 and 2147483647.");
    }

    /// <summary>
    /// Reader quotas (WCF defaults: depth 32, strings 8192, arrays 16384, bytes per read 4096, name table 16384).
    /// As in WCF's buffered mode, quotas left at their defaults are relaxed (depth 128, the others unlimited)
    /// because MaxReceivedMessageSize already bounds the message; quotas you set are enforced as set.
    /// </summary>
    public XmlDictionaryReaderQuotas ReaderQuotas
    {
        get => _readerQuotas;
        set => _readerQuotas = value ?? throw new ArgumentNullException(nameof(ReaderQuotas));
    }

    /// <summary>
    /// Service side: how many accepted connections may be in the preamble handshake at once (WCF's pending-connection limit,
    /// default 12 × processors); further connections wait for a slot within <see cref="ChannelInitializationTimeout"/>.
    /// Ignored by the client, which opens one connection per channel.
    /// </summary>
    public int MaxConnections
    {
        get => _maxConnections;
        set => _maxConnections = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(MaxConnections), value, "MaxConnections must be positive.");
    }

    /// <summary>Client: bounds connect + preamble handshake (default 1 minute).</summary>
    public TimeSpan OpenTimeout
    {
        get => _openTimeout;
        set => _openTimeout = ValidTimeout(value, nameof(OpenTimeout));
    }

    /// <summary>Client: bounds the End-record handshake of CloseAsync (default 1 minute).</summary>
    public TimeSpan CloseTimeout
    {
        get => _closeTimeout;
        set => _closeTimeout = ValidTimeout(value, nameof(CloseTimeout));
    }

    /// <summary>Client: bounds a whole call, queueing included (default 1 minute). Service: bounds writing one reply.</summary>
    public TimeSpan SendTimeout
    {
        get => _sendTimeout;
        set => _sendTimeout = ValidTimeout(value, nameof(SendTimeout));
    }

    /// <summary>Service: how long a session may stay idle (or a message take to arrive) before it is aborted (default 10 minutes).</summary>
    public TimeSpan ReceiveTimeout
    {
        get => _receiveTimeout;
        set => _receiveTimeout = ValidTimeout(value, nameof(ReceiveTimeout));
    }

    /// <summary>Service: bounds reading a new connection's preamble (WCF's ChannelInitializationTimeout, default 30 seconds).</summary>
    public TimeSpan ChannelInitializationTimeout
    {
        get => _channelInitializationTimeout;
        set => _channelInitializationTimeout = ValidTimeout(value, nameof(ChannelInitializationTimeout));
    }

    /// <summary>A frozen copy, so later changes to this object do not affect running channels or hosts.</summary>
    internal BindingSettings Freeze() => new(this);

    private static TimeSpan ValidTimeout(TimeSpan value, string name) =>
        value > TimeSpan.Zero && value <= TimeSpan.FromMilliseconds(int.MaxValue)
            ? value
            : throw new ArgumentOutOfRangeException(name, value, $"{name} must be positive and at most {TimeSpan.FromMilliseconds(int.MaxValue)}.");
}

using System.Buffers;
using System.Security.Cryptography.X509Certificates;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>Options of one NetTcp service: its binding and the service-behaviour settings WCF keeps elsewhere.</summary>
public sealed class NetTcpServiceOptions
{
    private int _maxConcurrentSessions = 100 * Environment.ProcessorCount;
    private int _maxConcurrentConnections = 112 * Environment.ProcessorCount;
    private TimeSpan _messageReceiveTimeout = TimeSpan.FromSeconds(30);

    public NetTcpBinding Binding { get; } = new();

    /// <summary>
    /// Null (the default): SecurityMode.None, plain framing. Set: NetTcpBinding(SecurityMode.Transport) with
    /// TcpClientCredentialType.None, as WCF's ServiceCredentials.ServiceCertificate: every connection must ask for the
    /// [MC-NMF] upgrade application/ssl-tls, and everything after it runs inside TLS with this certificate (which needs
    /// its private key). A client that does not ask gets the UpgradeInvalid framing fault.
    /// </summary>
    public X509Certificate2? ServiceCertificate { get; set; }

    /// <summary>
    /// Send unhandled exception messages and an <see cref="ExceptionDetail"/> to clients (ServiceDebugBehavior; default false:
    /// the generic "internal error" fault without any exception text).
    /// </summary>
    public bool IncludeExceptionDetailInFaults { get; set; }

    /// <summary>
    /// Sessions served at once (ServiceThrottlingBehavior.MaxConcurrentSessions, default 100 × processors);
    /// a connection beyond it gets the ServerTooBusy framing fault.
    /// </summary>
    public int MaxConcurrentSessions
    {
        get => _maxConcurrentSessions;
        set => _maxConcurrentSessions = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(MaxConcurrentSessions), value, "MaxConcurrentSessions must be positive.");
    }

    /// <summary>
    /// Connections served at once, whatever they are doing: in the preamble handshake, in a session, or idle in a client's
    /// connection pool between sessions (default 112 × processors: the default sessions plus the default pending handshakes).
    /// A connection beyond it is closed at once, before anything is read from it.
    /// </summary>
    public int MaxConcurrentConnections
    {
        get => _maxConcurrentConnections;
        set => _maxConcurrentConnections = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(MaxConcurrentConnections), value, "MaxConcurrentConnections must be positive.");
    }

    /// <summary>
    /// How long one message may take to arrive once its first byte has (default 30 seconds). The binding's ReceiveTimeout
    /// bounds only the idle wait for the next message, so a client that trickles a message byte by byte loses its session
    /// here rather than holding it for the whole ReceiveTimeout.
    /// </summary>
    public TimeSpan MessageReceiveTimeout
    {
        get => _messageReceiveTimeout;
        set => _messageReceiveTimeout = value > TimeSpan.Zero && value <= TimeSpan.FromMilliseconds(int.MaxValue)
            ? value
            : throw new ArgumentOutOfRangeException(nameof(MessageReceiveTimeout), value, $"MessageReceiveTimeout must be positive and at most {TimeSpan.FromMilliseconds(int.MaxValue)}.");
    }

    /// <summary>Where receive buffers are rented; tests substitute a pool that records what is asked of it.</summary>
    internal ArrayPool<byte> ReceiveBufferPool { get; set; } = ArrayPool<byte>.Shared;
}

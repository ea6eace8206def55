using System.Buffers;
using System.Net.Security;
using System.Security.Authentication;
using Microsoft.Extensions.Logging;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The runtime of one service: contract, the single service instance (InstanceContextMode.Single with
/// ConcurrencyMode.Multiple: calls from different sessions run concurrently), frozen binding and the connection limits.
/// </summary>
internal sealed class NetTcpServiceHost
{
    private readonly int _maxConcurrentSessions;
    private readonly SslStreamCertificateContext? _tls;
    private int _sessions;
    private int _connections;

    public NetTcpServiceHost(ContractDescription contract, object instance, NetTcpServiceOptions options, ILogger logger)
    {
        Contract = contract;
        Instance = instance;
        Binding = options.Binding.Freeze();
        IncludeExceptionDetailInFaults = options.IncludeExceptionDetailInFaults;
        Logger = logger;
        _maxConcurrentSessions = options.MaxConcurrentSessions;
        MaxConcurrentConnections = options.MaxConcurrentConnections;
        MessageReceiveTimeout = options.MessageReceiveTimeout;
        ReceiveBufferPool = options.ReceiveBufferPool;
        Handshakes = new SemaphoreSlim(Binding.MaxConnections, Binding.MaxConnections);
        // Built once: the context caches the certificate's chain, which SslStream would otherwise build per handshake.
        _tls = options.ServiceCertificate is { } certificate
            ? SslStreamCertificateContext.Create(certificate, additionalCertificates: null, offline: true)
            : null;
    }

    /// <summary>SecurityMode.Transport: every connection must upgrade to TLS before its preamble ends.</summary>
    public bool RequiresTls => _tls is not null;

    /// <summary>
    /// The TLS settings of one connection's handshake: the service certificate only (TcpClientCredentialType.None, no client
    /// certificate asked for), the protocol versions the operating system allows (TLS 1.2 and 1.3 on current Linux), no
    /// renegotiation, no revocation check (nothing of the client is checked).
    /// </summary>
    public SslServerAuthenticationOptions TlsOptions() => new()
    {
        ServerCertificateContext = _tls ?? throw new InvalidOperationException("The service has no certificate (SecurityMode.None)."),
        ClientCertificateRequired = false,
        EnabledSslProtocols = SslProtocols.None,
        AllowRenegotiation = false,
        CertificateRevocationCheckMode = System.Security.Cryptography.X509Certificates.X509RevocationMode.NoCheck,
    };

    public ContractDescription Contract { get; }

    public object Instance { get; }

    public BindingSettings Binding { get; }

    public bool IncludeExceptionDetailInFaults { get; }

    public ILogger Logger { get; }

    /// <summary>Slots for connections in the preamble handshake (the binding's MaxConnections).</summary>
    public SemaphoreSlim Handshakes { get; }

    public int MaxConcurrentConnections { get; }

    /// <summary>Bounds receiving one message once its first byte arrived (separate from the idle ReceiveTimeout).</summary>
    public TimeSpan MessageReceiveTimeout { get; }

    public ArrayPool<byte> ReceiveBufferPool { get; }

    public bool TryEnterConnection() => TryEnter(ref _connections, MaxConcurrentConnections);

    public void ExitConnection() => Interlocked.Decrement(ref _connections);

    public bool TryEnterSession() => TryEnter(ref _sessions, _maxConcurrentSessions);

    public void ExitSession() => Interlocked.Decrement(ref _sessions);

    private static bool TryEnter(ref int count, int limit)
    {
        if (Interlocked.Increment(ref count) <= limit)
        {
            return true;
        }

        Interlocked.Decrement(ref count);
        return false;
    }
}

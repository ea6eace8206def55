using System.Xml;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Stacks;
using RpcCompare.Server.Common;
using RpcCompare.Protocols.NetTcp;
using RpcCompare.Services;
using RpcCompare.Server.WcfSetup;

namespace RpcCompare.Server.Wcf;

public static class WcfHost
{
    public const string Path = "/graph";

    /// <summary>The stack's request limit (<see cref="WcfLimits.MaxReceivedMessageSize"/>).</summary>
    public const int MaxReceivedMessageSize = WcfLimits.MaxReceivedMessageSize;

    /// <summary>
    /// One session per concurrent client channel: the WCF defaults (100 sessions and 12 handshakes per core) would turn
    /// away a 200-thread run's channels before it measures anything; set deliberately and reported instead.
    /// </summary>
    public const int MaxConcurrentSessions = 1_000;
    public const int MaxPendingHandshakes = 1_000;

    /// <summary>Every session plus every handshake at once; beyond it a connection is closed unread.</summary>
    public const int MaxConcurrentConnections = MaxConcurrentSessions + MaxPendingHandshakes;

    /// <summary>
    /// Once a request's first byte is in, all of it must arrive within this. The largest request allowed (8 MiB) takes
    /// about 34 s over the slowest named network profile's uplink (mobile, 2 Mbit/s); the largest the scenarios send,
    /// a 1 MiB ping, about 4 s. The idle wait between requests stays the binding's ReceiveTimeout.
    /// </summary>
    public static readonly TimeSpan MessageReceiveTimeout = TimeSpan.FromSeconds(60);

    /// <summary>The stack's reader quotas (<see cref="WcfLimits.ReaderQuotas"/>), shared with the SOAP-over-HTTP host and client.</summary>
    public static XmlDictionaryReaderQuotas ReaderQuotas() => WcfLimits.ReaderQuotas();

    public static ContractDescription Contract { get; } =
        ContractDescription.Create<IGraphService>(GraphContract.ServiceName, GraphContract.ServiceNamespace);

    /// <summary>
    /// NetTcp as the CoreWCF maintainers recommend for a benchmark: SecurityMode.None on loopback, binary encoding with a
    /// session dictionary, a singleton service with concurrent calls, and quotas raised deliberately (the WCF default of
    /// 65,536 bytes would refuse a hub's links; here the limit that matters is the client's, for responses).
    /// </summary>
    public static void AddWcfHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddStackHost(StackCatalog.Wcf);
        NetTcpServiceOptions? options = null;
        builder.Services.AddSingleton<GraphService>();
        builder.Services.AddNetTcpService<IGraphService, FaultingGraphService>(Contract, o =>
        {
            options = o;
            o.Binding.MaxReceivedMessageSize = MaxReceivedMessageSize;
            o.Binding.MaxConnections = MaxPendingHandshakes;
            o.Binding.ReaderQuotas = ReaderQuotas();
            o.IncludeExceptionDetailInFaults = false;
            o.MaxConcurrentSessions = MaxConcurrentSessions;
            o.MaxConcurrentConnections = MaxConcurrentConnections;
            o.MessageReceiveTimeout = MessageReceiveTimeout;
            o.ServiceCertificate = setup.Settings.Certificate;
        });
        builder.WebHost.ConfigureKestrel(kestrel =>
            kestrel.Listen(setup, EndpointNames.NetTcp, setup.Settings.Port, o => o.UseNetTcp<IGraphService>(Path), Path));

        var configuration = setup.Configuration;
        configuration.Set("implementation",
            "RpcCompare NetTcp (src/Protocols/NetTcp) on a Kestrel connection handler; CoreWCF is not in the feed, so this is not CoreWCF");
        var certificate = setup.Settings.Certificate;
        configuration.Set("protocol",
            $"net.tcp: .NET Message Framing, duplex session, SecurityMode.{(certificate is null ? "None" : "Transport")}");
        if (certificate is not null)
        {
            configuration.Set("security",
                "Transport (TLS, server certificate only): TcpClientCredentialType.None, the framing upgrade application/ssl-tls " +
                "then SslStream; TLS 1.2 or 1.3 as the operating system allows, no client certificate, no renegotiation; a client " +
                "that does not upgrade gets the UpgradeInvalid framing fault");
            configuration.Set("certificate", $"{certificate.Subject}, SHA-256 {certificate.GetCertHashString(System.Security.Cryptography.HashAlgorithmName.SHA256)}");
        }
        configuration.Set("encoding", "SOAP 1.2 + WS-Addressing, binary XML with session dictionary (msbinsession1), DataContractSerializer");
        configuration.Set("max received message",
            $"{MaxReceivedMessageSize:N0} bytes (requests), into a pooled buffer that grows with the bytes that arrive, not rented at the announced size");
        var quotas = ReaderQuotas();
        configuration.Set("reader quotas",
            $"MaxDepth {quotas.MaxDepth}, MaxStringContentLength {quotas.MaxStringContentLength:N0} chars, MaxArrayLength {quotas.MaxArrayLength:N0}, " +
            $"MaxNameTableCharCount {quotas.MaxNameTableCharCount:N0}, MaxBytesPerRead {quotas.MaxBytesPerRead:N0}; over a quota: a fault naming it, or the session closed with a log line when the MessageID was not read");
        configuration.Set("instance / concurrency", "single instance, concurrent calls across sessions, in order within one");
        configuration.Set("max concurrent sessions", $"{MaxConcurrentSessions:N0}");
        configuration.Set("max concurrent connections", $"{MaxConcurrentConnections:N0} (sessions, handshakes and connections idle between sessions; beyond it closed unread)");
        configuration.Set("max pending handshakes", $"{MaxPendingHandshakes:N0}");
        // AddNetTcpService applies the options at once: these are the values the service runs with.
        var binding = options!.Binding;
        configuration.Set("timeouts",
            $"preamble {binding.ChannelInitializationTimeout.TotalSeconds:N0} s (ChannelInitializationTimeout{(certificate is null ? "" : ", the TLS handshake included")}), idle between messages {binding.ReceiveTimeout.TotalMinutes:N0} min (ReceiveTimeout), " +
            $"one message once its first byte arrived {options.MessageReceiveTimeout.TotalSeconds:N0} s, sending a reply {binding.SendTimeout.TotalMinutes:N0} min (SendTimeout)");
        configuration.Set("connection reuse", "a connection carries one session after another (WCF clients pool them), idle up to ReceiveTimeout");
        configuration.Set("streaming variants", "none (NetTcp streaming carries only a raw Stream body)");
    }
}

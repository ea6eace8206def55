using System.Xml;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Definitions;
using RpcCompare.Hosting;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Server.Wcf;

public static class WcfHost
{
    public const string Path = "/graph";

    /// <summary>Requests are small; a 1 MiB ping payload is the largest (up to 4 MB as binary XML).</summary>
    public const int MaxReceivedMessageSize = 8 * 1024 * 1024;

    /// <summary>
    /// One session per concurrent client channel: the WCF defaults (100 sessions and 12 handshakes per core) would turn
    /// away a 200-thread run's channels before it measures anything; set deliberately and reported instead.
    /// </summary>
    public const int MaxConcurrentSessions = 1_000;
    public const int MaxPendingHandshakes = 1_000;

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
        builder.Services.AddNetTcpService<IGraphService, GraphService>(Contract, o =>
        {
            o.Binding.MaxReceivedMessageSize = MaxReceivedMessageSize;
            o.Binding.MaxConnections = MaxPendingHandshakes;
            o.Binding.ReaderQuotas = XmlDictionaryReaderQuotas.Max;
            o.IncludeExceptionDetailInFaults = false;
            o.MaxConcurrentSessions = MaxConcurrentSessions;
        });
        builder.WebHost.ConfigureKestrel(kestrel =>
            kestrel.Listen(setup, EndpointNames.NetTcp, setup.Settings.Port, o => o.UseNetTcp<IGraphService>(Path), Path));

        var configuration = setup.Configuration;
        configuration.Set("implementation",
            "RpcCompare NetTcp (src/Protocols/NetTcp) on a Kestrel connection handler; CoreWCF is not in the feed, so this is not CoreWCF");
        configuration.Set("protocol", "net.tcp: .NET Message Framing, duplex session, SecurityMode.None");
        configuration.Set("encoding", "SOAP 1.2 + WS-Addressing, binary XML with session dictionary (msbinsession1), DataContractSerializer");
        configuration.Set("max received message", $"{MaxReceivedMessageSize:N0} bytes (requests)");
        configuration.Set("reader quotas", "XmlDictionaryReaderQuotas.Max");
        configuration.Set("instance / concurrency", "single instance, concurrent calls across sessions, in order within one");
        configuration.Set("max concurrent sessions", $"{MaxConcurrentSessions:N0}");
        configuration.Set("max pending handshakes", $"{MaxPendingHandshakes:N0}");
        configuration.Set("connection reuse", "a connection carries one session after another (WCF clients pool them), idle up to ReceiveTimeout");
        configuration.Set("streaming variants", "none (NetTcp streaming carries only a raw Stream body)");
    }
}

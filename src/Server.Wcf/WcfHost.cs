using System.Xml;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Hosting;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Server.Wcf;

public static class WcfHost
{
    public const int DefaultPort = 7002;
    public const string Path = "/graph";

    /// <summary>Requests are small; a 1 MiB ping payload is the largest (up to 4 MB as binary XML).</summary>
    public const int MaxReceivedMessageSize = 8 * 1024 * 1024;

    public static ContractDescription Contract { get; } =
        ContractDescription.Create<IGraphService>(GraphContract.ServiceName, GraphContract.ServiceNamespace);

    /// <summary>
    /// NetTcp as the CoreWCF maintainers recommend for a benchmark: SecurityMode.None on loopback, binary encoding with a
    /// session dictionary, a singleton service with concurrent calls, and quotas raised deliberately (the WCF default of
    /// 65,536 bytes would refuse a hub's links; here the limit that matters is the client's, for responses).
    /// </summary>
    public static void AddWcfHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddGraphHost("wcf", DefaultPort);
        var sessions = 100 * Environment.ProcessorCount;
        builder.Services.AddNetTcpService<IGraphService, GraphService>(Contract, o =>
        {
            o.Binding.MaxReceivedMessageSize = MaxReceivedMessageSize;
            o.Binding.ReaderQuotas = XmlDictionaryReaderQuotas.Max;
            o.IncludeExceptionDetailInFaults = false;
            o.MaxConcurrentSessions = sessions;
        });
        builder.WebHost.ConfigureKestrel(kestrel =>
            kestrel.Listen(setup, "nettcp", "net.tcp", setup.Settings.Port, o => o.UseNetTcp<IGraphService>(Path), Path));

        var binding = new NetTcpBinding();
        var configuration = setup.Configuration;
        configuration.Set("implementation",
            "NetTcp by src/Protocols/NetTcp on a Kestrel connection handler (CoreWCF is not in the feed)");
        configuration.Set("protocol", "net.tcp: .NET Message Framing, duplex session, SecurityMode.None");
        configuration.Set("encoding", "SOAP 1.2 + WS-Addressing, binary XML with session dictionary (msbinsession1), DataContractSerializer");
        configuration.Set("max received message", $"{MaxReceivedMessageSize:N0} bytes (requests)");
        configuration.Set("reader quotas", "XmlDictionaryReaderQuotas.Max");
        configuration.Set("instance / concurrency", "single instance, concurrent calls across sessions, in order within one");
        configuration.Set("max concurrent sessions", sessions.ToString(System.Globalization.CultureInfo.InvariantCulture));
        configuration.Set("max pending handshakes", binding.MaxConnections.ToString(System.Globalization.CultureInfo.InvariantCulture));
        configuration.Set("streaming variants", "none (NetTcp streaming carries only a raw Stream body)");
    }
}

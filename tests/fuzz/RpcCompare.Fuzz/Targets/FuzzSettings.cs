using System.Xml;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Fuzz;

/// <summary>
/// The service as src/Server.Wcf/WcfHost.cs configures it: the real graph contract, its path and message size, and the
/// explicit reader quotas the host is moving to (the harness cannot reference the host, which pulls in the database).
/// </summary>
internal static class FuzzSettings
{
    /// <summary>WcfHost.Path.</summary>
    public const string EndpointPath = "/graph";

    /// <summary>WcfHost.MaxReceivedMessageSize (8 MiB).</summary>
    public const int MaxReceivedMessageSize = 8 * 1024 * 1024;

    public const int MaxDepth = 32;
    public const int MaxStringContentLength = 1_048_576;
    public const int MaxNameTableCharCount = 16_384;
    public const int MaxArrayLength = 65_536;

    /// <summary>Built once per process: its DataContractSerializers and compiled invokers are the expensive part.</summary>
    public static ContractDescription Contract { get; } =
        ContractDescription.Create<IGraphService>(GraphContract.ServiceName, GraphContract.ServiceNamespace);

    /// <summary>The effective quotas the session's codec reads with (MaxBytesPerRead unset, so relaxed as in WCF).</summary>
    public static XmlDictionaryReaderQuotas ReaderQuotas { get; } = CreateOptions().Binding.Freeze().ReaderQuotas;

    public static NetTcpServiceOptions CreateOptions()
    {
        var options = new NetTcpServiceOptions { IncludeExceptionDetailInFaults = false, MaxConcurrentSessions = 1_000 };
        options.Binding.MaxReceivedMessageSize = MaxReceivedMessageSize;
        options.Binding.MaxConnections = 1_000;
        options.Binding.ReaderQuotas = new XmlDictionaryReaderQuotas
        {
            MaxDepth = MaxDepth,
            MaxStringContentLength = MaxStringContentLength,
            MaxNameTableCharCount = MaxNameTableCharCount,
            MaxArrayLength = MaxArrayLength,
        };
        return options;
    }
}

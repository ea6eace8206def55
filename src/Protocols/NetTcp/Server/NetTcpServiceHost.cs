using Microsoft.Extensions.Logging;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The runtime of one service: contract, the single service instance (InstanceContextMode.Single with
/// ConcurrencyMode.Multiple: calls from different sessions run concurrently), frozen binding and the connection limits.
/// </summary>
internal sealed class NetTcpServiceHost
{
    private readonly int _maxConcurrentSessions;
    private int _sessions;

    public NetTcpServiceHost(ContractDescription contract, object instance, NetTcpServiceOptions options, ILogger logger)
    {
        Contract = contract;
        Instance = instance;
        Binding = options.Binding.Freeze();
        IncludeExceptionDetailInFaults = options.IncludeExceptionDetailInFaults;
        Logger = logger;
        _maxConcurrentSessions = options.MaxConcurrentSessions;
        Handshakes = new SemaphoreSlim(Binding.MaxConnections, Binding.MaxConnections);
    }

    public ContractDescription Contract { get; }

    public object Instance { get; }

    public BindingSettings Binding { get; }

    public bool IncludeExceptionDetailInFaults { get; }

    public ILogger Logger { get; }

    /// <summary>Slots for connections in the preamble handshake (the binding's MaxConnections).</summary>
    public SemaphoreSlim Handshakes { get; }

    public bool TryEnterSession()
    {
        if (Interlocked.Increment(ref _sessions) <= _maxConcurrentSessions)
        {
            return true;
        }

        Interlocked.Decrement(ref _sessions);
        return false;
    }

    public void ExitSession() => Interlocked.Decrement(ref _sessions);
}

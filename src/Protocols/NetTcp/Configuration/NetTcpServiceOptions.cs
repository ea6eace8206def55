namespace RpcCompare.Protocols.NetTcp;

/// <summary>Options of one NetTcp service: its binding and the service-behaviour settings WCF keeps elsewhere.</summary>
public sealed class NetTcpServiceOptions
{
    private int _maxConcurrentSessions = 100 * Environment.ProcessorCount;

    public NetTcpBinding Binding { get; } = new();

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
}

namespace RpcCompare.Protocols.NetTcp;

/// <summary>The DI handle of the service registered for <typeparamref name="TContract"/>.</summary>
internal sealed class NetTcpServiceRegistration<TContract>(NetTcpServiceHost host)
    where TContract : class
{
    public NetTcpServiceHost Host { get; } = host;
}

using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Protocols.NetTcp;

namespace Microsoft.AspNetCore.Hosting;

public static class NetTcpListenOptionsExtensions
{
    /// <summary>
    /// Serves the NetTcp service registered for <typeparamref name="TContract"/> on this Kestrel endpoint, as CoreWCF hosts
    /// NetTcp: a connection handler speaking [MC-NMF]. Clients connect to net.tcp://host:port{path}.
    /// </summary>
    public static ListenOptions UseNetTcp<TContract>(this ListenOptions listenOptions, string path)
        where TContract : class
    {
        ArgumentNullException.ThrowIfNull(listenOptions);
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        var endpointPath = NetTcpPath.Normalize(path);
        listenOptions.Use(_ =>
        {
            var registration = listenOptions.ApplicationServices.GetService<NetTcpServiceRegistration<TContract>>()
                ?? throw new InvalidOperationException(
                    $"UseNetTcp<{typeof(TContract).Name}> needs services.AddNetTcpService<{typeof(TContract).Name}, TService>(...) to be called first.");
            return connection => new ServerSession(connection, registration.Host, endpointPath).RunAsync();
        });
        return listenOptions;
    }
}

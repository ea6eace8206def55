using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.NetTcp;

namespace Microsoft.Extensions.DependencyInjection;

public static class NetTcpServiceCollectionExtensions
{
    /// <summary>
    /// Registers <typeparamref name="TService"/> as the singleton implementation of <paramref name="contract"/>, served by
    /// every Kestrel endpoint configured with <c>UseNetTcp&lt;TContract&gt;(path)</c>.
    /// </summary>
    public static IServiceCollection AddNetTcpService<TContract, TService>(
        this IServiceCollection services, ContractDescription contract, Action<NetTcpServiceOptions>? configure = null)
        where TContract : class
        where TService : class, TContract
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(contract);
        if (contract.ContractType != typeof(TContract))
        {
            throw new ArgumentException($"The contract describes {contract.ContractType.Name}, not {typeof(TContract).Name}.", nameof(contract));
        }

        if (services.Any(d => d.ServiceType == typeof(NetTcpServiceRegistration<TContract>)))
        {
            throw new InvalidOperationException($"A NetTcp service for {typeof(TContract).Name} is already registered.");
        }

        var options = new NetTcpServiceOptions();
        configure?.Invoke(options);
        services.TryAddSingleton<TService>();
        services.AddSingleton(sp => new NetTcpServiceRegistration<TContract>(new NetTcpServiceHost(
            contract,
            sp.GetRequiredService<TService>(),
            options,
            sp.GetRequiredService<ILoggerFactory>().CreateLogger("RpcCompare.Protocols.NetTcp.NetTcpService"))));
        return services;
    }
}

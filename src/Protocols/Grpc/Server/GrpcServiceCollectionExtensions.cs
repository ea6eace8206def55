using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace RpcCompare.Protocols.Grpc;

public static class GrpcServiceCollectionExtensions
{
    /// <summary>Registers the gRPC server's options and bookkeeping; call it before mapping any gRPC method.</summary>
    public static IServiceCollection AddGrpc(this IServiceCollection services, Action<GrpcServerOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        var options = services.AddOptions<GrpcServerOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        services.TryAddSingleton<GrpcServiceRegistry>();
        return services;
    }
}

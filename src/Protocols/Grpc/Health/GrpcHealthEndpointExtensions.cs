using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.Grpc.Health;

namespace RpcCompare.Protocols.Grpc;

public static class GrpcHealthEndpointExtensions
{
    /// <summary>
    /// Maps grpc.health.v1.Health/Check. The whole server ("") and every service mapped on this application
    /// answer SERVING or NOT_SERVING from <paramref name="isServing"/> (a readiness check, e.g. "the database
    /// answers"; if it throws, the answer is NOT_SERVING); any other service name is NOT_FOUND, as the protocol says.
    /// Watch is not mapped and answers UNIMPLEMENTED.
    /// </summary>
    public static IEndpointConventionBuilder MapGrpcHealthChecks(this IEndpointRouteBuilder endpoints, Func<CancellationToken, Task<bool>> isServing)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(isServing);
        var registry = endpoints.ServiceProvider.GetService<GrpcServiceRegistry>()
            ?? throw new InvalidOperationException("gRPC services are not registered: call services.AddGrpc() before mapping gRPC health checks.");
        var logger = endpoints.ServiceProvider.GetRequiredService<ILoggerFactory>().CreateLogger("RpcCompare.Protocols.Grpc.Health");

        return endpoints.MapGrpcUnary(GrpcHealth.Check, async (request, context) =>
        {
            if (request.Service.Length > 0 && !registry.HasService(request.Service))
            {
                throw new GrpcException(GrpcStatusCode.NotFound, $"Unknown service '{request.Service}'.");
            }

            bool serving;
            try
            {
                serving = await isServing(context.CancellationToken);
            }
            catch (Exception ex) when (!context.CancellationToken.IsCancellationRequested)
            {
                logger.LogWarning(ex, "The readiness check failed; reporting NOT_SERVING.");
                serving = false;
            }

            return new HealthCheckResponse
            {
                Status = serving ? HealthCheckResponse.Types.ServingStatus.Serving : HealthCheckResponse.Types.ServingStatus.NotServing,
            };
        });
    }
}

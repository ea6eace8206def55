using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.Logging;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// The catch-all "/{service}/{method}" endpoint for gRPC requests no mapped method matched: UNIMPLEMENTED in a
/// trailers-only response, telling an unknown method of a known service from an unknown service.
/// Only gRPC content types match it, and it has the lowest routing priority, so it never shadows other endpoints.
/// </summary>
internal static class UnimplementedEndpoint
{
    public const string ServiceParameter = "unimplementedService";
    public const string MethodParameter = "unimplementedMethod";
    public const string Pattern = "/{" + ServiceParameter + "}/{" + MethodParameter + "}";

    public static RequestDelegate Create(GrpcServiceRegistry registry, ILogger logger) => httpContext =>
    {
        if (!GrpcServerChecks.TryAcceptCall(httpContext, logger, out _))
        {
            return Task.CompletedTask;
        }

        var service = httpContext.GetRouteValue(ServiceParameter) as string ?? string.Empty;
        var known = registry.HasService(service);
        if (known)
        {
            logger.LogInformation("gRPC method '{Path}' is unimplemented.", httpContext.Request.Path.Value);
        }
        else
        {
            logger.LogInformation("gRPC service '{Service}' is unimplemented.", service);
        }

        GrpcResponses.SetTrailersOnly(httpContext.Response, GrpcStatusCode.Unimplemented, known ? "Method is unimplemented." : "Service is unimplemented.");
        return Task.CompletedTask;
    };
}

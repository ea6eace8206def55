using Google.Protobuf;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Patterns;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace RpcCompare.Protocols.Grpc;

/// <summary>Maps gRPC methods onto ASP.NET Core endpoints (the stand-in for Grpc.AspNetCore's MapGrpcService).</summary>
public static class GrpcEndpointRouteBuilderExtensions
{
    private const string LoggerCategory = "RpcCompare.Protocols.Grpc.Server";

    public static IEndpointConventionBuilder MapGrpcUnary<TRequest, TResponse>(
        this IEndpointRouteBuilder endpoints, GrpcMethod<TRequest, TResponse> method, GrpcUnaryHandler<TRequest, TResponse> handler)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(handler);
        return Map(endpoints, method, GrpcMethodType.Unary, handler, serverStreaming: null);
    }

    public static IEndpointConventionBuilder MapGrpcServerStreaming<TRequest, TResponse>(
        this IEndpointRouteBuilder endpoints, GrpcMethod<TRequest, TResponse> method, GrpcServerStreamingHandler<TRequest, TResponse> handler)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(handler);
        return Map(endpoints, method, GrpcMethodType.ServerStreaming, unary: null, handler);
    }

    private static IEndpointConventionBuilder Map<TRequest, TResponse>(
        IEndpointRouteBuilder endpoints,
        GrpcMethod<TRequest, TResponse> method,
        GrpcMethodType expectedType,
        GrpcUnaryHandler<TRequest, TResponse>? unary,
        GrpcServerStreamingHandler<TRequest, TResponse>? serverStreaming)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(method);
        if (method.Type != expectedType)
        {
            throw new ArgumentException(
                $"gRPC method '{method.FullName}' is {method.Type}; map it with {(method.Type == GrpcMethodType.Unary ? nameof(MapGrpcUnary) : nameof(MapGrpcServerStreaming))}.",
                nameof(method));
        }

        var services = endpoints.ServiceProvider;
        var registry = services.GetService<GrpcServiceRegistry>()
            ?? throw new InvalidOperationException("gRPC services are not registered: call services.AddGrpc() before mapping gRPC methods.");
        var options = services.GetRequiredService<IOptions<GrpcServerOptions>>().Value;
        options.Validate();
        var logger = services.GetRequiredService<ILoggerFactory>().CreateLogger(LoggerCategory);

        registry.AddMethod(method.ServiceName, method.FullName);
        MapUnimplementedFallback(endpoints, registry, logger);

        var handler = new ServerMethodHandler<TRequest, TResponse>(method, options, logger, unary, serverStreaming);
        return endpoints.MapPost(method.FullName, handler.HandleAsync)
            .WithDisplayName("gRPC " + method.FullName);
    }

    private static void MapUnimplementedFallback(IEndpointRouteBuilder endpoints, GrpcServiceRegistry registry, ILogger logger)
    {
        if (!registry.TryMarkFallbackMapped(endpoints))
        {
            return;
        }

        var pattern = RoutePatternFactory.Parse(
            UnimplementedEndpoint.Pattern,
            defaults: null,
            parameterPolicies: new RouteValueDictionary { [UnimplementedEndpoint.MethodParameter] = new GrpcContentTypeConstraint() });
        endpoints.Map(pattern, UnimplementedEndpoint.Create(registry, logger))
            .WithMetadata(new HttpMethodMetadata([HttpMethods.Post]))
            .WithDisplayName("gRPC unimplemented method")
            .Add(builder => ((RouteEndpointBuilder)builder).Order = int.MaxValue);
    }
}

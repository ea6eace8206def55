using Grpc.AspNetCore.Server;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using ProtoBuf.Grpc.Server;
using RpcCompare.Contracts;
using RpcCompare.Server.Common;
using RpcCompare.Server.Grpc;
using RpcCompare.Services;
using RpcCompare.Stacks;

namespace RpcCompare.Server.GrpcCodeFirst;

public static class CodeFirstHost
{
    /// <summary>
    /// Code-first gRPC the way protobuf-net.Grpc's documentation hosts it: the WCF stack's service contract
    /// (<see cref="Contracts.Wcf.IGraphService"/>, served by the same <see cref="GraphService"/> under each call's token
    /// through <see cref="Contracts.CodeFirst.IGraphCallService"/>) plus the streaming variants, on grpc-dotnet (AddCodeFirstGrpc registers protobuf-net's method provider with Grpc.AspNetCore), with
    /// every setting of the contract-first host: HTTP/2-only cleartext endpoint, <see cref="GrpcHost.MaxReceiveMessageSize"/>,
    /// no send limit, grpc.health.v1.Health with the database check, the stream limiter.
    /// </summary>
    public static void AddGrpcCodeFirstHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddStackHost(StackCatalog.GrpcCodeFirst);
        builder.WebHost.ConfigureKestrel(kestrel =>
            kestrel.Listen(setup, EndpointNames.Grpc, setup.Settings.Port, o => o.Protocols = HttpProtocols.Http2));
        builder.Services.AddSingleton<GraphService>();
        builder.Services.AddSingleton<GraphCallService>();
        builder.Services.AddCodeFirstGrpc(o =>
        {
            o.MaxReceiveMessageSize = GrpcHost.MaxReceiveMessageSize;
            o.MaxSendMessageSize = null;
            o.EnableDetailedErrors = false;
            o.Interceptors.Add<RefusalInterceptor>();
        });
        builder.Services.AddGrpcHealthChecks().AddCheck<DatabaseHealthCheck>("database");
        builder.AddStreamLimits(setup);

        var configuration = setup.Configuration;
        configuration.Set("implementation", $"protobuf-net.Grpc.AspNetCore {LibraryVersion.Of(typeof(ServicesExtensions))} " +
            $"on Grpc.AspNetCore {LibraryVersion.Of(typeof(GrpcServiceOptions))} on Kestrel");
        configuration.Set("protocol", "HTTP/2 cleartext (h2c), HTTP/2-only endpoint");
        configuration.Set("encoding", $"protobuf (protobuf-net {LibraryVersion.Of(typeof(ProtoBuf.Serializer))} over the [DataContract] types, " +
            "CompatibilityLevel 300: DateTime as google.protobuf.Timestamp, empty strings omitted), no compression");
        configuration.Set("service", "the WCF stack's IGraphService (value arguments in one request type per operation) served by its " +
            "GraphService under each call's CallContext (IGraphCallService), plus IGraphStreamService; no .proto; " +
            "errors mapped to gRPC statuses by an interceptor");
        configuration.Set("health", "grpc.health.v1.Health (Grpc.AspNetCore.HealthChecks), database check");
        configuration.Set("max receive message", $"{GrpcHost.MaxReceiveMessageSize:N0} bytes");
        configuration.Set("max send message", "unlimited");
        configuration.Set("streaming variants", $"StreamLinks, StreamSearchNodes: server streaming (IAsyncEnumerable), batches of {GraphContract.StreamBatchSize:N0}");
        configuration.Set("http2 max streams per connection", "100 (Kestrel default)");
        configuration.Set("detailed errors", "off");
    }

    public static void MapGraphCodeFirst(this WebApplication app)
    {
        app.UseRateLimiter();
        app.MapGrpcService<GraphCallService>();
        app.MapGrpcService<GraphStreamService>();
        app.MapGrpcHealthChecksService();
    }
}

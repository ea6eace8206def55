using Grpc.AspNetCore.Server;
using ProtoBuf.Grpc.Server;
using RpcCompare.Contracts;
using RpcCompare.Server.GrpcSetup;
using RpcCompare.Services;
using RpcCompare.Stacks;

namespace RpcCompare.Server.GrpcCodeFirst;

public static class CodeFirstHost
{
    /// <summary>
    /// Code-first gRPC the way protobuf-net.Grpc's documentation hosts it: the WCF stack's service contract
    /// (<see cref="Contracts.Wcf.IGraphService"/>, served by the same <see cref="GraphService"/> under each call's token
    /// through <see cref="Contracts.CodeFirst.IGraphCallService"/>) plus the streaming variants, on grpc-dotnet
    /// (AddCodeFirstGrpc registers protobuf-net's method provider with Grpc.AspNetCore), with every setting of the
    /// contract-first host (<see cref="GrpcStackHost"/>).
    /// </summary>
    public static void AddGrpcCodeFirstHost(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<GraphService>();
        builder.Services.AddSingleton<GraphCallService>();
        builder.AddGrpcStackHost(StackCatalog.GrpcCodeFirst, (services, limits) => services.AddCodeFirstGrpc(o =>
        {
            limits(o);
            o.Interceptors.Add<RefusalInterceptor>();
        }), new GrpcStackLines(
            Implementation: $"protobuf-net.Grpc.AspNetCore {LibraryVersion.Of(typeof(ServicesExtensions))} " +
                $"on Grpc.AspNetCore {LibraryVersion.Of(typeof(GrpcServiceOptions))} on Kestrel",
            Encoding: $"protobuf (protobuf-net {LibraryVersion.Of(typeof(ProtoBuf.Serializer))} over the [DataContract] types, " +
                "CompatibilityLevel 300: DateTime as google.protobuf.Timestamp, empty strings omitted), no compression",
            Service: "the WCF stack's IGraphService (value arguments in one request type per operation) served by its " +
                "GraphService under each call's CallContext (IGraphCallService), plus IGraphStreamService; no .proto; " +
                "errors mapped to gRPC statuses by an interceptor",
            Streaming: $"StreamLinks, StreamSearchNodes: server streaming (IAsyncEnumerable), batches of {GraphContract.StreamBatchSize:N0}"));
    }

    public static void MapGrpcCodeFirstHost(this WebApplication app) =>
        app.MapGrpcStackHost(endpoints =>
        {
            endpoints.MapGrpcService<GraphCallService>();
            endpoints.MapGrpcService<GraphStreamService>();
        });
}

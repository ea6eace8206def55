using Google.Api;
using Google.Protobuf.Reflection;
using Grpc.AspNetCore.Server;
using Microsoft.AspNetCore.Grpc.JsonTranscoding;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using RpcCompare.Contracts;
using RpcCompare.Server.Common;
using RpcCompare.Server.GrpcSetup;
using RpcCompare.Stacks;

namespace RpcCompare.Server.GrpcJson;

public static class GrpcJsonHost
{
    /// <summary>Bodies larger than this are refused with 413 before they are read: the biggest request (a 1 MiB ping) fits,
    /// as on the REST host.</summary>
    public const long MaxRequestBodyBytes = 4 * 1024 * 1024;

    /// <summary>1,000 ids of up to 20 digits with separators, and room for whitespace: the REST host's bound for the same body.</summary>
    public const long MaxNeighbourhoodsBody = 64 * 1024;

    private const string NeighbourhoodsRoute = "/api/neighbourhoods";

    /// <summary>
    /// The gRPC stack's Graph service with Microsoft.AspNetCore.Grpc.JsonTranscoding, as grpc-dotnet documents it: the routes
    /// of graph.proto's google.api.http options, JSON in and out with the library's default JSON settings (what a team gets),
    /// on a Kestrel HTTP/1.1 endpoint as the REST stack is measured. The gRPC options (receive limit, no send limit, detailed
    /// errors off) are every gRPC host's (<see cref="GrpcStackHost"/>).
    /// </summary>
    public static void AddGrpcJsonHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddStackHost(StackCatalog.GrpcJson);
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Limits.MaxRequestBodySize = MaxRequestBodyBytes;
            kestrel.Listen(setup, EndpointNames.Http, setup.Settings.Port, o => o.Protocols = HttpProtocols.Http1);
        });
        var json = new GrpcJsonSettings();
        builder.Services.AddGrpc(GrpcStackHost.ApplyLimits).AddJsonTranscoding(o =>
        {
            o.JsonSettings = json;
            // The Any in a google.rpc.Status body is written only for types the registry knows.
            o.TypeRegistry = TypeRegistry.FromMessages(Google.Rpc.ErrorInfo.Descriptor);
        });
        builder.Services.Configure<GrpcServiceOptions>(o => o.Interceptors.Add<FailureCauseDetails>());
        builder.AddStreamLimits(setup);

        var configuration = setup.Configuration;
        configuration.Set("implementation", $"Microsoft.AspNetCore.Grpc.JsonTranscoding {LibraryVersion.Of(typeof(GrpcJsonSettings))} " +
            $"on Grpc.AspNetCore {LibraryVersion.Of(typeof(GrpcServiceOptions))} (Kestrel)");
        configuration.Set("protocol", "HTTP/1.1 keep-alive");
        configuration.Set("encoding", $"JSON, protobuf JSON mapping (Google.Protobuf {LibraryVersion.Of(typeof(Google.Protobuf.IMessage))} " +
            "descriptors, System.Text.Json writer)");
        configuration.Set("json settings", $"library defaults: int64 as {(json.WriteInt64sAsStrings ? "strings" : "numbers")}, " +
            $"default values {(json.IgnoreDefaultValues ? "omitted" : "written")}, enums as {(json.WriteEnumsAsIntegers ? "integers" : "names")}, " +
            $"{(json.WriteIndented ? "indented" : "not indented")}, property names {(json.PropertyNameCaseInsensitive ? "case-insensitive" : "exact")}");
        configuration.Set("service", "Graph.GraphBase of the grpc stack (GraphGrpcService), routes from graph.proto's google.api.http " +
            $"options (Google.Api.CommonProtos {LibraryVersion.Of(typeof(HttpRule))})");
        configuration.Set("health", "GET /healthz, database check");
        configuration.Set("max request body", $"{MaxRequestBodyBytes:N0} bytes ({MaxNeighbourhoodsBody:N0} for POST {NeighbourhoodsRoute})");
        configuration.Set("max receive message", $"{GrpcStackHost.MaxReceiveMessageSize:N0} bytes");
        configuration.Set("max response", "unlimited");
        configuration.Set("streaming variants", "StreamLinks, StreamSearchNodes: one JSON array per batch of " +
            $"{GraphContract.StreamBatchSize:N0}, newline-delimited");
        configuration.Set("errors", "HTTP status of the gRPC code with a google.rpc.Status body; a database failure's cause as a " +
            "google.rpc.ErrorInfo detail");
        configuration.Set("detailed errors", "off");
    }

    /// <summary>The stream limiter, /healthz and the transcoded service; errors are the transcoder's google.rpc.Status bodies.</summary>
    public static void MapGrpcJsonHost(this WebApplication app)
    {
        app.UseRateLimiter();
        app.MapHealth();
        app.MapGrpcService<GraphGrpcService>().Add(endpoint =>
        {
            // A list in the body is read whole before its length is checked: its body limit is what 1,000 ids need.
            if (endpoint is RouteEndpointBuilder { RoutePattern.RawText: NeighbourhoodsRoute })
            {
                endpoint.Metadata.Add(new NeighbourhoodsBodyLimit());
            }
        });
    }

    private sealed class NeighbourhoodsBodyLimit : IRequestSizeLimitMetadata
    {
        public long? MaxRequestBodySize => MaxNeighbourhoodsBody;
    }
}

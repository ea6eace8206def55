using Grpc.AspNetCore.Server;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Server.Common;
using RpcCompare.Stacks;

namespace RpcCompare.Server.GrpcSetup;

/// <summary>What a gRPC host reports about itself beyond the settings every gRPC host shares.</summary>
/// <param name="Implementation">The server library and its version.</param>
/// <param name="Encoding">The serializer and its version.</param>
/// <param name="Service">Where the service comes from (a .proto, a .NET interface).</param>
/// <param name="Streaming">How the streaming variants are served.</param>
public sealed record GrpcStackLines(string Implementation, string Encoding, string Service, string Streaming);

/// <summary>The endpoint a gRPC host listens on: its name in the ready line, Kestrel's protocols and the manifest's
/// "protocol" line.</summary>
public sealed record GrpcEndpoint(string Name, HttpProtocols Protocols, string Protocol)
{
    /// <summary>gRPC proper: a cleartext endpoint that also offered HTTP/1.1 would answer HTTP/1.1, so HTTP/2 only.</summary>
    public static GrpcEndpoint Http2Only { get; } =
        new(EndpointNames.Grpc, HttpProtocols.Http2, "HTTP/2 cleartext (h2c), HTTP/2-only endpoint")
        {
            ProtocolOverTls = "HTTP/2 over TLS (ALPN h2), HTTP/2-only endpoint",
        };

    /// <summary>The manifest's "protocol" line when the host serves TLS; null: <see cref="Protocol"/> holds either way.</summary>
    public string? ProtocolOverTls { get; init; }
}

/// <summary>
/// gRPC the way grpc-dotnet recommends, once for every gRPC host: Grpc.AspNetCore on a Kestrel HTTP/2-only cleartext
/// endpoint (<see cref="GrpcEndpoint.Http2Only"/>; grpc-web's is HTTP/1.1), no send limit so a 250,000-link
/// answer goes through, a receive limit set deliberately rather than left at the 4 MB default, detailed errors off,
/// grpc.health.v1.Health from Grpc.AspNetCore.HealthChecks backed by a database check, and the stream limiter.
/// </summary>
public static class GrpcStackHost
{
    /// <summary>Requests are small, but a 1 MiB ping payload can take up to 4 MB in UTF-8: room for that, no more.</summary>
    public const int MaxReceiveMessageSize = 8 * 1024 * 1024;

    /// <summary>The gRPC options of every gRPC host, the grpc-json host's transcoded service included.</summary>
    public static void ApplyLimits(GrpcServiceOptions options)
    {
        options.MaxReceiveMessageSize = MaxReceiveMessageSize;
        options.MaxSendMessageSize = null;
        options.EnableDetailedErrors = false;
    }

    /// <summary>
    /// The host's common setup, its endpoint (<see cref="GrpcEndpoint.Http2Only"/> unless <paramref name="endpoint"/> says
    /// otherwise), the gRPC services (<paramref name="addGrpc"/> registers them with the options it is given), health,
    /// stream limits and the configuration lines, in the order every gRPC host reports.
    /// </summary>
    public static StackHostSetup AddGrpcStackHost(this WebApplicationBuilder builder, string stack,
        Func<IServiceCollection, Action<GrpcServiceOptions>, IGrpcServerBuilder> addGrpc, GrpcStackLines lines,
        GrpcEndpoint? endpoint = null)
    {
        endpoint ??= GrpcEndpoint.Http2Only;
        var setup = builder.AddStackHost(stack);
        builder.WebHost.ConfigureKestrel(kestrel =>
            kestrel.Listen(setup, endpoint.Name, setup.Settings.Port, o => o.Protocols = endpoint.Protocols));
        addGrpc(builder.Services, ApplyLimits);
        builder.Services.AddGrpcHealthChecks().AddCheck<DatabaseHealthCheck>("database");
        builder.AddStreamLimits(setup);

        var configuration = setup.Configuration;
        configuration.Set("implementation", lines.Implementation);
        configuration.Set("protocol", setup.Settings.IsSecure ? endpoint.ProtocolOverTls ?? endpoint.Protocol : endpoint.Protocol);
        configuration.Set("encoding", lines.Encoding);
        configuration.Set("service", lines.Service);
        configuration.Set("health", "grpc.health.v1.Health (Grpc.AspNetCore.HealthChecks), database check");
        configuration.Set("max receive message", $"{MaxReceiveMessageSize:N0} bytes");
        configuration.Set("max send message", "unlimited");
        configuration.Set("streaming variants", lines.Streaming);
        if (endpoint.Protocols.HasFlag(HttpProtocols.Http2))
        {
            configuration.Set("http2 max streams per connection", "100 (Kestrel default)");
        }
        configuration.Set("detailed errors", "off");
        return setup;
    }

    /// <summary>The stream limiter in front of the host's services (<paramref name="mapServices"/>), then the health service.</summary>
    public static void MapGrpcStackHost(this WebApplication app, Action<WebApplication> mapServices)
    {
        app.UseRateLimiter();
        mapServices(app);
        app.MapGrpcHealthChecksService();
    }
}

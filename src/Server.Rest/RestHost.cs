using Microsoft.AspNetCore.Server.Kestrel.Core;
using RpcCompare.Stacks;
using RpcCompare.Contracts.Json;
using RpcCompare.Server.Common;

namespace RpcCompare.Server.Rest;

public static class RestHost
{

    /// <summary>Bodies larger than this are refused with 413 before they are read: the biggest request (a 1 MiB ping) fits.</summary>
    public const long MaxRequestBodyBytes = 4 * 1024 * 1024;

    public static readonly (string Name, bool IsSwitch, string Help)[] Options =
    [
        (HostOptionNames.Http2Port, false, "also listen with HTTP/2 only on this port: cleartext (h2c, prior knowledge), or over TLS by ALPN with --certificate (0 = any free port)"),
    ];

    /// <summary>
    /// ASP.NET Core minimal APIs with System.Text.Json source generation, as the ASP.NET team recommends: HTTP/1.1 keep-alive
    /// by default (what most REST clients speak) and an optional HTTP/2-only endpoint, since a cleartext endpoint that
    /// offers both always answers HTTP/1.1.
    /// </summary>
    public static void AddRestHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddStackHost(StackCatalog.Rest);
        var http2Port = HostSettings.ReadPort(builder.Configuration, HostOptionNames.Http2Port);
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Limits.MaxRequestBodySize = MaxRequestBodyBytes;
            kestrel.Listen(setup, EndpointNames.Http, setup.Settings.Port, o => o.Protocols = HttpProtocols.Http1);
            if (http2Port is { } port)
            {
                kestrel.Listen(setup, EndpointNames.H2c, port, o => o.Protocols = HttpProtocols.Http2);
            }
        });
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, GraphJsonContext.Default));
        // Binding failures (missing or malformed parameters, bad JSON) reach RestErrors with a message that names the problem.
        builder.Services.Configure<Microsoft.AspNetCore.Routing.RouteHandlerOptions>(o => o.ThrowOnBadRequest = true);
        builder.Services.AddProblemDetails();
        builder.Services.AddExceptionHandler<RestErrors>();
        builder.AddStreamLimits(setup);

        var configuration = setup.Configuration;
        configuration.Set("implementation", "ASP.NET Core minimal APIs (Kestrel)");
        var http2 = setup.Settings.IsSecure ? "HTTP/2 over TLS (ALPN h2)" : "HTTP/2 cleartext (h2c)";
        configuration.Set("protocol", http2Port is null ? "HTTP/1.1 keep-alive" : $"HTTP/1.1 keep-alive; {http2} on a second port");
        configuration.Set("encoding", "JSON, System.Text.Json source-generated (camelCase)");
        configuration.Set("max request body", $"{MaxRequestBodyBytes:N0} bytes ({GraphRestEndpoints.MaxNeighbourhoodsBody:N0} for POST /api/neighbourhoods)");
        configuration.Set("max response", "unlimited");
        configuration.Set("streaming variants", "links and search as JSON arrays written while rows are read (IAsyncEnumerable)");
        configuration.Set("http2 max streams per connection", "100 (Kestrel default)");
    }

    /// <summary>Errors as problem details (<see cref="RestErrors"/>), the stream limiter, /healthz and the API.</summary>
    public static void MapRestHost(this WebApplication app)
    {
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseRateLimiter();
        app.MapHealth();
        app.MapGraphRest();
    }
}

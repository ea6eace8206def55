using Microsoft.AspNetCore.Server.Kestrel.Core;
using RpcCompare.Data.Queries;
using RpcCompare.Hosting;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.Server.GraphQl;

public static class GraphQlHost
{
    public const int DefaultPort = 7004;
    public const long MaxRequestBodyBytes = 4 * 1024 * 1024;
    public const int MaxExecutionDepth = 8;

    /// <summary>
    /// Cost limits stay on, as HotChocolate's maintainers advise for a public endpoint, raised only as far as the scenarios
    /// need: the N+1 page of 100 nodes with their links costs 1,010 (field cost), a 10,000-node search page 10,000 (type
    /// cost). A larger search is refused here although the query service would allow up to 100,000.
    /// </summary>
    public const double MaxFieldCost = 2_000;
    public const double MaxTypeCost = 12_000;

    public static void AddGraphQlHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddGraphHost("graphql", DefaultPort);
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Limits.MaxRequestBodySize = MaxRequestBodyBytes;
            kestrel.Listen(setup, "http", "http", setup.Settings.Port, o => o.Protocols = HttpProtocols.Http1);
        });
        builder.Services.AddGraphQlServer(GraphSchema.Build, options =>
        {
            options.MaxExecutionDepth = MaxExecutionDepth;
            options.Cost.MaxFieldCost = MaxFieldCost;
            options.Cost.MaxTypeCost = MaxTypeCost;
            options.MaxRequestBodySize = MaxRequestBodyBytes;
            options.ExecutionTimeout = TimeSpan.FromSeconds(60);
            options.MapException<GraphException>(e => new GraphQlError(e.Message, e.Kind switch
            {
                GraphErrorKind.NotFound => ErrorCodes.NotFound,
                GraphErrorKind.InvalidArgument => "INVALID_ARGUMENT",
                GraphErrorKind.WritesDisabled => "WRITES_DISABLED",
                _ => "REFUSED",
            }));
        });

        var configuration = setup.Configuration;
        configuration.Set("implementation",
            "GraphQL engine by src/Protocols/GraphQl on ASP.NET Core (HotChocolate is not in the feed)");
        configuration.Set("protocol", "GraphQL over HTTP/1.1 keep-alive, POST application/json");
        configuration.Set("encoding", "JSON written with Utf8JsonWriter (camelCase)");
        configuration.Set("batching", "DataLoader over GetNeighbourhoods for Node.links, one batch per level");
        configuration.Set("max execution depth", MaxExecutionDepth.ToString(System.Globalization.CultureInfo.InvariantCulture));
        configuration.Set("max field / type cost", $"{MaxFieldCost:N0} / {MaxTypeCost:N0}");
        configuration.Set("max request body", $"{MaxRequestBodyBytes:N0} bytes");
        configuration.Set("execution timeout", "60 s");
        configuration.Set("streaming variants", "none (@stream is not in the GraphQL spec yet)");
    }
}

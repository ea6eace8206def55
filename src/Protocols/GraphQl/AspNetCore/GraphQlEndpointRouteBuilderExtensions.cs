using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Protocols.GraphQl.AspNetCore;

namespace RpcCompare.Protocols.GraphQl;

public static class GraphQlEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Maps GraphQL-over-HTTP at <paramref name="pattern"/> (POST with a JSON body; GET with query parameters for
    /// queries) and the SDL at <c>{pattern}/schema.graphql</c>.
    /// </summary>
    public static IEndpointConventionBuilder MapGraphQl(this IEndpointRouteBuilder endpoints, string pattern = "/graphql")
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var handler = endpoints.ServiceProvider.GetService<GraphQlHttpHandler>()
            ?? throw new InvalidOperationException("Call services.AddGraphQlServer(...) before MapGraphQl.");
        var group = endpoints.MapGroup(pattern);
        group.MapMethods(string.Empty, [HttpMethodNames.Get, HttpMethodNames.Post], handler.HandleAsync).WithDisplayName($"GraphQL {pattern}");
        group.MapGet("/schema.graphql", handler.HandleSchemaAsync).WithDisplayName($"GraphQL SDL {pattern}/schema.graphql");
        return group;
    }

    private static class HttpMethodNames
    {
        public const string Get = "GET";
        public const string Post = "POST";
    }
}

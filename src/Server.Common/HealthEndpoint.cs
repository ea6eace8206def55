using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using RpcCompare.Data.Queries;

namespace RpcCompare.Server.Common;

public static class HealthEndpoint
{
    /// <summary>GET /healthz: 200 "SERVING" once the database answers, 503 "NOT_SERVING" otherwise (the HTTP hosts' readiness).</summary>
    public static IEndpointConventionBuilder MapHealth(this IEndpointRouteBuilder endpoints) =>
        endpoints.MapGet("/healthz", async (GraphQueries queries, CancellationToken cancellationToken) =>
            await queries.IsDatabaseReachableAsync(cancellationToken)
                ? Results.Text("SERVING")
                : Results.Text("NOT_SERVING", statusCode: StatusCodes.Status503ServiceUnavailable));
}

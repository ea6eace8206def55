using Microsoft.Extensions.Diagnostics.HealthChecks;
using RpcCompare.Data.Queries;

namespace RpcCompare.Server.GrpcSetup;

/// <summary>grpc.health.v1.Health answers SERVING once the host's database answers (as /healthz does on the HTTP hosts).</summary>
public sealed class DatabaseHealthCheck(GraphQueries queries) : IHealthCheck
{
    public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default) =>
        await queries.IsDatabaseReachableAsync(cancellationToken)
            ? HealthCheckResult.Healthy()
            : HealthCheckResult.Unhealthy("The database does not answer.");
}

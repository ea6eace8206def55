using RpcCompare.Protocols.Grpc.Health;

namespace RpcCompare.Protocols.Grpc;

public static class GrpcHealthChannelExtensions
{
    /// <summary>
    /// Asks grpc.health.v1.Health/Check about <paramref name="service"/> ("" for the whole server). Failures of the
    /// call itself (unreachable server, NOT_FOUND for an unknown service) are thrown as <see cref="GrpcException"/>.
    /// </summary>
    public static async Task<HealthCheckResponse.Types.ServingStatus> CheckHealthAsync(
        this GrpcChannel channel, string service = "", GrpcCallOptions options = default, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(channel);
        ArgumentNullException.ThrowIfNull(service);
        var response = await channel.UnaryAsync(GrpcHealth.Check, new HealthCheckRequest { Service = service }, options, cancellationToken);
        return response.Status;
    }
}

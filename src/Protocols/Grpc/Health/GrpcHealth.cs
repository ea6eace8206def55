using RpcCompare.Protocols.Grpc.Health;

namespace RpcCompare.Protocols.Grpc;

/// <summary>The methods of the standard health service, grpc.health.v1.Health.</summary>
public static class GrpcHealth
{
    public const string ServiceName = "grpc.health.v1.Health";

    public static GrpcMethod<HealthCheckRequest, HealthCheckResponse> Check { get; } =
        GrpcMethod<HealthCheckRequest, HealthCheckResponse>.FromService(HealthReflection.Descriptor.Services[0], "Check");
}

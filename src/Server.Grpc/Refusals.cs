using RpcCompare.Data.Queries;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.Server.Grpc;

/// <summary>The query service's refusals as gRPC statuses, with their message as the status detail.</summary>
internal static class Refusals
{
    public static T Map<T>(Func<T> call)
    {
        try
        {
            return call();
        }
        catch (GraphException e)
        {
            throw ToStatus(e);
        }
    }

    public static async Task<T> MapAsync<T>(Func<Task<T>> call)
    {
        try
        {
            return await call();
        }
        catch (GraphException e)
        {
            throw ToStatus(e);
        }
    }

    private static GrpcException ToStatus(GraphException e) => new(e.Kind switch
    {
        GraphErrorKind.NotFound => GrpcStatusCode.NotFound,
        GraphErrorKind.InvalidArgument => GrpcStatusCode.InvalidArgument,
        GraphErrorKind.WritesDisabled => GrpcStatusCode.PermissionDenied,
        _ => GrpcStatusCode.Unknown,
    }, e.Message, e);
}

using Grpc.Core;
using RpcCompare.Data.Queries;

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

    private static RpcException ToStatus(GraphException e) => new(new Status(e.Kind switch
    {
        GraphErrorKind.NotFound => StatusCode.NotFound,
        GraphErrorKind.InvalidArgument => StatusCode.InvalidArgument,
        GraphErrorKind.WritesDisabled => StatusCode.PermissionDenied,
        _ => StatusCode.Unknown,
    }, e.Message));
}

using Grpc.Core;
using RpcCompare.Data.Queries;
using RpcCompare.Stacks;

namespace RpcCompare.Server.GrpcSetup;

/// <summary>
/// The query service's refusals as gRPC statuses, with their message as the status detail; a failure of the database
/// itself (pool exhausted, timed out) as Unavailable with its cause in the <see cref="FailureCauses.GrpcTrailer"/> trailer.
/// </summary>
public static class Refusals
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
        catch (Exception e) when (DatabaseFailures.CauseOf(e) is { } cause)
        {
            throw ToStatus(cause);
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
        catch (Exception e) when (DatabaseFailures.CauseOf(e) is { } cause)
        {
            throw ToStatus(cause);
        }
    }

    private static RpcException ToStatus(string cause) =>
        new(new Status(StatusCode.Unavailable, FailureCauses.Message(cause)), new Metadata { { FailureCauses.GrpcTrailer, cause } });

    private static RpcException ToStatus(GraphException e) => new(new Status(e.Kind switch
    {
        GraphErrorKind.NotFound => StatusCode.NotFound,
        GraphErrorKind.InvalidArgument => StatusCode.InvalidArgument,
        GraphErrorKind.WritesDisabled => StatusCode.PermissionDenied,
        _ => StatusCode.Unknown,
    }, e.Message));
}

using System.Net.Sockets;
using Grpc.Core;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>A gRPC status as the error kind every stack shares: one mapping for both gRPC clients.</summary>
public static class GrpcErrors
{
    public static GraphCallException Classify(RpcException e, CancellationToken cancellationToken) =>
        new(e.StatusCode switch
        {
            StatusCode.Unavailable when ErrorKinds.FromCause(e.Trailers.GetValue(FailureCauses.GrpcTrailer)) is { } cause => cause,
            StatusCode.NotFound => ErrorKind.NotFound,
            StatusCode.InvalidArgument => ErrorKind.InvalidArgument,
            StatusCode.ResourceExhausted => ErrorKind.OverLimit,
            StatusCode.PermissionDenied => ErrorKind.WritesDisabled,
            StatusCode.DeadlineExceeded => ErrorKind.Timeout,
            StatusCode.Cancelled when cancellationToken.IsCancellationRequested => ErrorKind.Cancelled,
            StatusCode.Unavailable when IsRefused(e.Status.DebugException) => ErrorKind.Refused,
            StatusCode.Unavailable or StatusCode.Internal or StatusCode.Unimplemented => ErrorKind.Protocol,
            StatusCode.Unknown => ErrorKind.Server,
            _ => ErrorKind.Other,
        }, $"grpc {e.StatusCode}", e.Status.Detail, e);

    private static bool IsRefused(Exception? e)
    {
        for (; e is not null; e = e.InnerException)
        {
            if (e is SocketException { SocketErrorCode: SocketError.ConnectionRefused })
            {
                return true;
            }
        }
        return false;
    }
}

using Grpc.Core;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Clients;

/// <summary>Both gRPC clients read a status the same way (GrpcErrors).</summary>
public sealed class GrpcErrorsTests
{
    [Theory]
    [InlineData(StatusCode.NotFound, ErrorKind.NotFound)]
    [InlineData(StatusCode.InvalidArgument, ErrorKind.InvalidArgument)]
    [InlineData(StatusCode.ResourceExhausted, ErrorKind.OverLimit)]
    [InlineData(StatusCode.PermissionDenied, ErrorKind.WritesDisabled)]
    [InlineData(StatusCode.DeadlineExceeded, ErrorKind.Timeout)]
    [InlineData(StatusCode.Unavailable, ErrorKind.Protocol)]
    [InlineData(StatusCode.Internal, ErrorKind.Protocol)]
    [InlineData(StatusCode.Unknown, ErrorKind.Server)]
    [InlineData(StatusCode.Cancelled, ErrorKind.Other)]
    public void AStatusIsItsErrorKind(StatusCode code, ErrorKind kind)
    {
        var error = GrpcErrors.Classify(new RpcException(new Status(code, "detail")), default);

        Assert.Equal((kind, $"grpc {code}", "detail"), (error.Kind, error.NativeCode, error.Message));
    }

    [Theory]
    [InlineData(FailureCauses.DbPool, ErrorKind.DbPool)]
    [InlineData(FailureCauses.DbTimeout, ErrorKind.DbTimeout)]
    public void UnavailableWithACauseTrailerIsThatCause(string cause, ErrorKind kind)
    {
        var e = new RpcException(new Status(StatusCode.Unavailable, "busy"), new Metadata { { FailureCauses.GrpcTrailer, cause } });

        Assert.Equal(kind, GrpcErrors.Classify(e, default).Kind);
    }

    [Fact]
    public void CancelledByTheCallerIsCancelled()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();

        Assert.Equal(ErrorKind.Cancelled, GrpcErrors.Classify(new RpcException(Status.DefaultCancelled), cancelled.Token).Kind);
    }
}

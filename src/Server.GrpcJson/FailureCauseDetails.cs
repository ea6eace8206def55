using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Google.Rpc;
using Grpc.Core;
using Grpc.Core.Interceptors;
using RpcCompare.Stacks;

namespace RpcCompare.Server.GrpcJson;

/// <summary>
/// Transcoding answers a failed call with a google.rpc.Status body and drops every other trailer, so the database cause that
/// the gRPC service puts in the <see cref="FailureCauses.GrpcTrailer"/> trailer would be lost. This interceptor, on the
/// grpc-json host only, adds it as the rich error model's google.rpc.ErrorInfo (reason = the cause), which transcoding
/// writes as the body's "details".
/// </summary>
public sealed class FailureCauseDetails : Interceptor
{
    /// <summary>The ErrorInfo domain of the causes this project names.</summary>
    public const string Domain = "rpccompare";

    /// <summary>The trailer transcoding reads a google.rpc.Status from (grpc-dotnet's rich error model).</summary>
    public const string StatusDetailsTrailer = "grpc-status-details-bin";

    public override async Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context,
        UnaryServerMethod<TRequest, TResponse> continuation)
    {
        try
        {
            return await continuation(request, context);
        }
        catch (RpcException e) when (WithDetails(e) is { } detailed)
        {
            throw detailed;
        }
    }

    public override async Task ServerStreamingServerHandler<TRequest, TResponse>(TRequest request,
        IServerStreamWriter<TResponse> responseStream, ServerCallContext context, ServerStreamingServerMethod<TRequest, TResponse> continuation)
    {
        try
        {
            await continuation(request, responseStream, context);
        }
        catch (RpcException e) when (WithDetails(e) is { } detailed)
        {
            throw detailed;
        }
    }

    /// <summary>The exception again with its cause as an ErrorInfo detail; null when it names no cause.</summary>
    public static RpcException? WithDetails(RpcException e)
    {
        if (e.Trailers.GetValue(FailureCauses.GrpcTrailer) is not { } cause)
        {
            return null;
        }
        var status = new Google.Rpc.Status
        {
            Code = (int)e.StatusCode,
            Message = e.Status.Detail,
            Details = { Any.Pack(new ErrorInfo { Reason = cause, Domain = Domain }) },
        };
        var trailers = new Metadata();
        foreach (var entry in e.Trailers)
        {
            trailers.Add(entry);
        }
        trailers.Add(StatusDetailsTrailer, status.ToByteArray());
        return new RpcException(e.Status, trailers, e.Message);
    }
}

using Grpc.Core;
using Grpc.Core.Interceptors;
using RpcCompare.Server.GrpcSetup;

namespace RpcCompare.Server.GrpcCodeFirst;

/// <summary>
/// The shared service throws the query service's refusals as they are; here they become the same gRPC statuses (and
/// failure-cause trailer) as the contract-first host's (<see cref="Refusals"/>), for every operation, unary or streamed.
/// </summary>
public sealed class RefusalInterceptor : Interceptor
{
    public override Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context,
        UnaryServerMethod<TRequest, TResponse> continuation) =>
        Refusals.MapAsync(() => continuation(request, context));

    public override Task ServerStreamingServerHandler<TRequest, TResponse>(TRequest request,
        IServerStreamWriter<TResponse> responseStream, ServerCallContext context,
        ServerStreamingServerMethod<TRequest, TResponse> continuation) =>
        Refusals.MapAsync(async () =>
        {
            await continuation(request, responseStream, context);
            return true;
        });
}

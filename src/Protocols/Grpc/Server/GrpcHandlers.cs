namespace RpcCompare.Protocols.Grpc;

/// <summary>Handles a unary call: one request, one response.</summary>
public delegate Task<TResponse> GrpcUnaryHandler<in TRequest, TResponse>(TRequest request, GrpcServerCallContext context);

/// <summary>Handles a server-streaming call: one request, any number of responses written to <paramref name="responseStream"/>.</summary>
public delegate Task GrpcServerStreamingHandler<in TRequest, TResponse>(
    TRequest request, IGrpcStreamWriter<TResponse> responseStream, GrpcServerCallContext context);

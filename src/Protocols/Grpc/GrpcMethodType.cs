namespace RpcCompare.Protocols.Grpc;

/// <summary>The call shapes this implementation supports (client and bidirectional streaming are not needed here).</summary>
public enum GrpcMethodType
{
    Unary,
    ServerStreaming,
}

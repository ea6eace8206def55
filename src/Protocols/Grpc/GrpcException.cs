namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// A call that ended with a status other than OK. Thrown by the client for any failed call, and thrown by a
/// server handler to end its call with that status (the stand-in for Grpc.Core's RpcException).
/// </summary>
public sealed class GrpcException : Exception
{
    public GrpcException(GrpcStatusCode statusCode, string detail)
        : this(statusCode, detail, innerException: null)
    {
    }

    public GrpcException(GrpcStatusCode statusCode, string detail, Exception? innerException)
        : base($"Status(StatusCode=\"{statusCode}\", Detail=\"{detail}\")", innerException)
    {
        StatusCode = statusCode;
        Detail = detail;
    }

    public GrpcStatusCode StatusCode { get; }

    /// <summary>The status message (grpc-message), already percent-decoded.</summary>
    public string Detail { get; }
}

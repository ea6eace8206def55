namespace RpcCompare.LoadClient.Clients;

/// <summary>How a failed call is counted in the results (summary.json's errorsByKind).</summary>
public enum CallErrorKind
{
    NotFound,
    InvalidArgument,
    WritesDisabled,
    Timeout,
    Refused,
    Protocol,
    Server,
    Cancelled,
    Other,
}

/// <summary>
/// A call that failed, classified the same way on every stack. <see cref="NativeCode"/> keeps the stack's own answer
/// (e.g. "grpc InvalidArgument", "http 404", "fault s:Sender", "graphql NOT_FOUND") and the inner exception is the
/// stack's own exception.
/// </summary>
public sealed class GraphCallException(CallErrorKind kind, string nativeCode, string message, Exception? inner = null)
    : Exception(message, inner)
{
    public CallErrorKind Kind { get; } = kind;

    public string NativeCode { get; } = nativeCode;

    public static string KindName(CallErrorKind kind) => kind switch
    {
        CallErrorKind.NotFound => "not-found",
        CallErrorKind.InvalidArgument => "invalid-argument",
        CallErrorKind.WritesDisabled => "writes-disabled",
        CallErrorKind.Timeout => "timeout",
        CallErrorKind.Refused => "refused",
        CallErrorKind.Protocol => "protocol",
        CallErrorKind.Server => "server",
        CallErrorKind.Cancelled => "cancelled",
        _ => "other",
    };
}

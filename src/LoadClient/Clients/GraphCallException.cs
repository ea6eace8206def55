using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// A call that failed, classified the same way on every stack. <see cref="NativeCode"/> keeps the stack's own answer
/// (e.g. "grpc InvalidArgument", "http 404", "fault Sender/NotFound", "graphql NOT_FOUND") and the inner exception is
/// the stack's own exception. The message often quotes the server, so it is kept printable (<see cref="WireText"/>).
/// </summary>
public sealed class GraphCallException(ErrorKind kind, string nativeCode, string message, Exception? inner = null)
    : Exception(WireText.Printable(message), inner)
{
    public ErrorKind Kind { get; } = kind;

    public string NativeCode { get; } = nativeCode;
}

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Thrown by a resolver (or a scalar) to report an error whose message is safe to show, with a code such as
/// <c>NOT_FOUND</c>. Any other exception becomes "Unexpected Execution Error" unless an error filter maps it.
/// </summary>
public class GraphQlException : Exception
{
    public GraphQlException(string message, string code = ErrorCodes.InvalidArgument, IReadOnlyDictionary<string, object?>? extensions = null, Exception? innerException = null)
        : base(message, innerException)
    {
        Code = code;
        Extensions = extensions;
    }

    public string Code { get; }

    public IReadOnlyDictionary<string, object?>? Extensions { get; }

    public GraphQlError ToError() => new(Message, Code) { Extensions = Extensions, Exception = this };
}

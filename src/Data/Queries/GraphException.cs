namespace RpcCompare.Data.Queries;

public enum GraphErrorKind
{
    NotFound,
    InvalidArgument,

    /// <summary>A mutating call while the host runs read-only (the default outside the write scenario).</summary>
    WritesDisabled,
}

/// <summary>
/// A refusal by the query service that the caller can act on. Each host maps the kind to its own idiom
/// (gRPC status, HTTP problem details, SOAP fault, GraphQL error code); the message is safe to show to the caller.
/// </summary>
public sealed class GraphException(GraphErrorKind kind, string message) : Exception(message)
{
    public GraphErrorKind Kind { get; } = kind;

    public static GraphException NotFound(string message) => new(GraphErrorKind.NotFound, message);

    public static GraphException Invalid(string message) => new(GraphErrorKind.InvalidArgument, message);
}

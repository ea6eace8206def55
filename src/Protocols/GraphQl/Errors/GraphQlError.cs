using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// One entry of the response's <c>errors</c> list: message, locations, path and <c>extensions</c>, whose
/// <c>code</c> is one of <see cref="ErrorCodes"/> or a host code such as <c>NOT_FOUND</c>.
/// </summary>
public sealed record GraphQlError
{
    public GraphQlError(string message, string? code = null)
    {
        ArgumentNullException.ThrowIfNull(message);
        Message = message;
        Code = code;
    }

    public string Message { get; init; }

    /// <summary>Written as <c>extensions.code</c>.</summary>
    public string? Code { get; init; }

    public IReadOnlyList<SourceLocation>? Locations { get; init; }

    /// <summary>Response names (strings) and list indices (ints) from the root to the failing field.</summary>
    public IReadOnlyList<object>? Path { get; init; }

    /// <summary>Extra <c>extensions</c> entries (besides <c>code</c>); values are strings, numbers, booleans or null.</summary>
    public IReadOnlyDictionary<string, object?>? Extensions { get; init; }

    /// <summary>The exception behind the error; never written to the response.</summary>
    public Exception? Exception { get; init; }

    internal GraphQlError At(SourceLocation location) => this with { Locations = [location] };
}

namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>A document that is not valid GraphQL syntax, or that broke one of the <see cref="ParserOptions"/> limits.</summary>
public sealed class GraphQlSyntaxException : Exception
{
    public GraphQlSyntaxException(string message, SourceLocation location, string code = ErrorCodes.ParseError)
        : base(message)
    {
        Location = location;
        Code = code;
    }

    public SourceLocation Location { get; }

    /// <summary>One of <see cref="ErrorCodes"/>: <c>PARSE_ERROR</c> or a limit code.</summary>
    public string Code { get; }
}

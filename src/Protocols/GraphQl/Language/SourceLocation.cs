namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>A 1-based line and column in a GraphQL document, as reported in <c>errors[].locations</c>.</summary>
public readonly record struct SourceLocation(int Line, int Column)
{
    public override string ToString() => $"{Line}:{Column}";
}

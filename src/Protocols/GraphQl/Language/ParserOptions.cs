namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>
/// Guard rails applied while reading a document, so an abusive request is rejected before it costs
/// memory or stack: length is checked before lexing, tokens while lexing, nesting while parsing.
/// </summary>
public sealed class ParserOptions
{
    public static ParserOptions Default { get; } = new();

    /// <summary>Longest accepted document, in UTF-16 characters.</summary>
    public int MaxDocumentLength { get; set; } = 1_048_576;

    /// <summary>Most tokens (punctuators, names, values) a document may contain.</summary>
    public int MaxTokens { get; set; } = 15_000;

    /// <summary>Deepest nesting of selection sets, list/object values and list types.</summary>
    public int MaxNestingDepth { get; set; } = 64;
}

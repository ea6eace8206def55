using GraphQL;
using GraphQL.Execution;
using GraphQLParser;
using GraphQLParser.AST;
using GraphQLParser.Exceptions;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// Caps a document must meet before GraphQL.NET validates it, checked on the text and on a parse of our own (handed on to
/// the executer, so nothing is parsed twice). GraphQL.NET's validation rules and complexity analyzer recurse and follow
/// every fragment spread again, so their work grows with the document once fragments are expanded, not with its length:
/// these caps are what keeps that work, and their stack depth, small. Each is far above what the load client and the
/// standard introspection query need (in brackets: what they use), so no real client meets one.
/// </summary>
public static class DocumentLimits
{
    /// <summary>Characters of the query text [the largest the load client sends, records with its 60 fields: 602; the standard introspection query: ~1,000].</summary>
    public const int MaxLength = 100_000;

    /// <summary>AST nesting the parser follows (GraphQL-Parser's own default is 128) [introspection: ~20].</summary>
    public const int MaxParserDepth = 64;

    /// <summary>Fragment definitions [client: none; introspection: 3].</summary>
    public const int MaxFragments = 100;

    /// <summary>
    /// Selections written in the document: fields (aliases included), fragment spreads and inline fragments
    /// [client: 61; introspection: ~65].
    /// </summary>
    public const int MaxSelections = 1_000;

    /// <summary>Root fields of an operation, fragments expanded [client and introspection: 1].</summary>
    public const int MaxRootFields = 50;

    /// <summary>Fields of an operation once every fragment spread is replaced by its fragment [client: 61; introspection: ~180].</summary>
    public const int MaxExpandedFields = 2_000;

    /// <summary>Fields nested in one another, fragments expanded: the complexity analyzer's depth (it checks again) [introspection: 13].</summary>
    public const int MaxDepth = GraphCost.MaxDepth;

    /// <summary>
    /// Fields of one response name in one selection set, fragments expanded [client and introspection: 1]. GraphQL.NET's
    /// OverlappingFieldsCanBeMerged compares them in pairs and reports every conflicting pair: 500 `n: name` beside 500
    /// `n: type` took 7 s and 400 MB for 249,001 errors; 20 of them make at most 100.
    /// </summary>
    public const int MaxSameNameFields = 20;

    /// <summary>The parsed document, or the refusal (code and message naming the limit and the value found).</summary>
    public static (GraphQLDocument? Document, ExecutionError? Refusal) Check(string query, CancellationToken cancellationToken)
    {
        if (query.Length > MaxLength)
        {
            return Refuse("DOCUMENT_TOO_LARGE", $"The document has {query.Length:N0} characters; at most {MaxLength:N0} are allowed.");
        }
        cancellationToken.ThrowIfCancellationRequested();

        GraphQLDocument document;
        try
        {
            // As GraphQL.NET's own document builder parses (comments dropped, locations kept for error messages).
            document = Parser.Parse(query, new ParserOptions { Ignore = IgnoreOptions.Comments, MaxDepth = MaxParserDepth });
        }
        catch (GraphQLMaxDepthExceededException)
        {
            return Refuse("MAX_DEPTH_EXCEEDED", $"The document nests more than {MaxParserDepth} levels deep (syntax tree nodes, " +
                "about two per field).");
        }
        catch (GraphQLSyntaxErrorException e)
        {
            return (null, new SyntaxError(e));
        }

        var written = DocumentShape.Written(document);
        if (written.Fragments > MaxFragments)
        {
            return Refuse("TOO_MANY_FRAGMENTS", $"The document defines {written.Fragments:N0} fragments; at most {MaxFragments:N0} are allowed.");
        }
        if (written.Selections > MaxSelections)
        {
            return Refuse("TOO_MANY_FIELDS", $"The document has {written.Selections:N0} selections (fields with their aliases, " +
                $"fragment spreads and inline fragments); at most {MaxSelections:N0} are allowed.");
        }

        var expanded = DocumentShape.Expanded(document, cancellationToken);
        return expanded switch
        {
            { Fields: > MaxExpandedFields } => Refuse("TOO_MANY_FIELDS",
                $"An operation selects {Count(expanded.Fields)} fields once its fragments are expanded; at most {MaxExpandedFields:N0} are allowed."),
            { RootFields: > MaxRootFields } => Refuse("TOO_MANY_ROOT_FIELDS",
                $"An operation selects {Count(expanded.RootFields)} root fields (aliases and fragments included); at most {MaxRootFields:N0} are allowed."),
            { Depth: > MaxDepth } => Refuse("MAX_DEPTH_EXCEEDED",
                $"An operation nests fields {Count(expanded.Depth)} deep once its fragments are expanded; at most {MaxDepth} are allowed."),
            { SameNameFields: > MaxSameNameFields } => Refuse("TOO_MANY_FIELDS",
                $"A selection set has {Count(expanded.SameNameFields)} fields of one response name (fragments expanded); " +
                $"at most {MaxSameNameFields} are allowed."),
            _ => (document, null),
        };
    }

    private static string Count(long value) => value >= DocumentShape.Saturated ? $"more than {DocumentShape.Saturated:N0}" : $"{value:N0}";

    private static (GraphQLDocument?, ExecutionError?) Refuse(string code, string message) => (null, new ExecutionError(message) { Code = code });
}

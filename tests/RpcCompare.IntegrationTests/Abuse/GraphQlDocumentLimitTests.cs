using System.Globalization;
using System.Text;
using GraphQLParser;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.Server.GraphQl;

namespace RpcCompare.IntegrationTests.Abuse;

/// <summary>
/// The GraphQL host's document measures in-process (no database, no host): exact sizes of small documents, and fragment
/// bombs and chains far past the host's caps measured without blowing up (linear time, no recursion).
/// (Here rather than in the unit tests, which do not reference the GraphQL host.)
/// </summary>
public sealed class GraphQlDocumentLimitTests
{
    [Fact]
    public void ShapeCountsFragmentsOnceAndExpandsTheirSpreads()
    {
        var document = Parser.Parse("""
            query { a: ping(payload: "x") ...F ...F }
            fragment F on Query { b: ping(payload: "y") node(id: 1) { id name } }
            """);

        Assert.Equal(new WrittenSize(Fragments: 1, Selections: 7), DocumentShape.Written(document));
        Assert.Equal(new ExpandedSize(Fields: 9, RootFields: 5, Depth: 2, SameNameFields: 2), DocumentShape.Expanded(document, default));
    }

    [Fact]
    public void TheStandardIntrospectionQueryIsFarBelowEveryCap()
    {
        var document = Parser.Parse(GraphQlDocuments.StandardIntrospectionQuery);
        var written = DocumentShape.Written(document);
        var expanded = DocumentShape.Expanded(document, default);

        Assert.Equal(3, written.Fragments);
        Assert.InRange(written.Selections, 1, DocumentLimits.MaxSelections / 10);
        Assert.Equal(1, expanded.RootFields);
        Assert.Equal(13, expanded.Depth);
        Assert.Equal(1, expanded.SameNameFields);
        Assert.InRange(expanded.Fields, 1, DocumentLimits.MaxExpandedFields / 10);
        Assert.InRange(GraphQlDocuments.StandardIntrospectionQuery.Length, 1, DocumentLimits.MaxLength / 50);
        Assert.Null(DocumentLimits.Check(GraphQlDocuments.StandardIntrospectionQuery, default).Refusal);
    }

    /// <summary>2^200 fields once expanded: measured (saturated) from one pass over 200 fragments.</summary>
    [Fact]
    public void AFragmentBombSaturatesInsteadOfExpanding()
    {
        var shape = DocumentShape.Expanded(Parser.Parse(Bomb(200, "__typename")), default);

        Assert.Equal(new ExpandedSize(DocumentShape.Saturated, DocumentShape.Saturated, 1, DocumentShape.Saturated), shape);
    }

    [Fact]
    public void IntrospectionDepthIsFoundThroughABombOfFragments()
    {
        var tooDeep = Parser.Parse(Bomb(60, "fields { type { fields { type { fields { type { fields { name } } } } } } }", "__Type",
            "{ __type(name: \"Query\") { ...f0 } }"));
        var deepEnough = Parser.Parse(Bomb(60, "fields { type { fields { type { fields { name } } } } }", "__Type",
            "{ __type(name: \"Query\") { ...f0 } }"));

        Assert.Single(IntrospectionDepthRule.TooDeepOperations(tooDeep, default));
        Assert.Empty(IntrospectionDepthRule.TooDeepOperations(deepEnough, default));
    }

    /// <summary>Each fragment nests `fields` once and spreads the next: the depth adds up along a chain far past any cap.</summary>
    [Fact]
    public void IntrospectionDepthAddsUpAlongALongChainWithoutRecursion()
    {
        var chain = new StringBuilder("{ __type(name: \"Query\") { ...f0 } }");
        for (var i = 0; i < 20_000; i++)
        {
            chain.Append(CultureInfo.InvariantCulture, $" fragment f{i} on __Type {{ name fields {{ type {{ ...f{i + 1} }} }} }}");
        }
        chain.Append(" fragment f20000 on __Type { name }");
        var oneLink = Parser.Parse("{ __type(name: \"Query\") { ...f0 } } fragment f0 on __Type { fields { type { ...f1 } } } fragment f1 on __Type { name }");

        Assert.Single(IntrospectionDepthRule.TooDeepOperations(Parser.Parse(chain.ToString()), default));
        Assert.Empty(IntrospectionDepthRule.TooDeepOperations(oneLink, default));
    }

    [Fact]
    public void AFragmentCycleIsMeasuredWithoutLooping()
    {
        var cycle = Parser.Parse("query { ...A } fragment A on Query { ping(payload: \"x\") ...B } fragment B on Query { ...A }");

        Assert.Equal(new ExpandedSize(Fields: 1, RootFields: 1, Depth: 1, SameNameFields: 1), DocumentShape.Expanded(cycle, default));
        Assert.Empty(IntrospectionDepthRule.TooDeepOperations(cycle, default));
    }

    /// <summary>`operation` spreading f0, and fragments f0..f(n-1) on the type, each spreading the next twice, the last selecting `leaf`.</summary>
    private static string Bomb(int fragments, string leaf, string type = "Query", string operation = "query { ...f0 }")
    {
        var document = new StringBuilder(operation);
        for (var i = 0; i < fragments; i++)
        {
            document.Append(CultureInfo.InvariantCulture, $" fragment f{i} on {type} {{ ...f{i + 1} ...f{i + 1} }}");
        }
        document.Append(CultureInfo.InvariantCulture, $" fragment f{fragments} on {type} {{ {leaf} }}");
        return document.ToString();
    }
}

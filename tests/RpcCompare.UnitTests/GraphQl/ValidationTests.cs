using System.Text.Json;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class ValidationTests : IDisposable
{
    private readonly GraphQlTestHost _host = new();

    public void Dispose() => _host.Dispose();

    [Theory]
    [InlineData("query A { ping(payload: \"x\") } query A { ping(payload: \"y\") }", "Operation-Name-Uniqueness", "There can be only one operation named \"A\".")]
    [InlineData("{ ping(payload: \"x\") } query B { ping(payload: \"y\") }", "Lone-Anonymous-Operation", "This anonymous operation must be the only defined operation.")]
    [InlineData("subscription { ping(payload: \"x\") }", "Subscription-Operation-Definitions", "This schema does not support subscriptions.")]
    [InlineData("{ nope }", "Field-Selections", "Cannot query field \"nope\" on type \"Query\".")]
    [InlineData("{ node(id: 1) { id nope } }", "Field-Selections", "Cannot query field \"nope\" on type \"NodeDetails\".")]
    [InlineData("{ a: node(id: 1) { id } a: node(id: 2) { id } }", "Field-Selection-Merging", "Fields \"a\" conflict because they have differing arguments.")]
    [InlineData("{ x: ping(payload: \"a\") x: kinds }", "Field-Selection-Merging", "Fields \"x\" conflict because \"ping\" and \"kinds\" are different fields.")]
    [InlineData("{ node(id: 1) { ...A ...B } } fragment A on NodeDetails { n: id } fragment B on NodeDetails { n: name }", "Field-Selection-Merging", "\"id\" and \"name\" are different fields")]
    [InlineData("{ ping(payload: \"x\") { length } }", "Leaf-Field-Selections", "Field \"ping\" must not have a selection since type \"String!\" has no subfields.")]
    [InlineData("{ node(id: 1) }", "Leaf-Field-Selections", "Field \"node\" of type \"NodeDetails\" must have a selection of subfields.")]
    [InlineData("{ ping(payload: \"x\", extra: 1) }", "Argument-Names", "Unknown argument \"extra\" on field \"Query.ping\".")]
    [InlineData("{ ping(payload: \"x\", payload: \"y\") }", "Argument-Uniqueness", "There can be only one argument named \"payload\".")]
    [InlineData("{ ping }", "Required-Arguments", "Field \"ping\" argument \"payload\" of type \"String!\" is required, but it was not provided.")]
    [InlineData("{ ping(payload: null) }", "Values-of-Correct-Type", "Expected value of type \"String!\", found null.")]
    [InlineData("{ node(id: \"abc\") { id } }", "Values-of-Correct-Type", "Expected value of type \"Long\", found \"abc\".")]
    [InlineData("{ nodes(first: 99999999999) { id } }", "Values-of-Correct-Type", "Expected value of type \"Int\", found 99999999999.")]
    [InlineData("{ echoKind(kind: NOPE) }", "Values-of-Correct-Type", "Expected value of type \"NodeKind\", found NOPE.")]
    [InlineData("{ echoKind(kind: \"PERSON\") }", "Values-of-Correct-Type", "Expected value of type \"NodeKind\", found \"PERSON\".")]
    [InlineData("{ neighbourhoods(ids: [1, \"x\"]) { node { id } } }", "Values-of-Correct-Type", "Expected value of type \"Long\", found \"x\".")]
    [InlineData("{ filter(input: 5) { id } }", "Values-of-Correct-Type", "Expected value of type \"NodeFilter\", found 5.")]
    [InlineData("{ filter(input: { term: \"a\", nope: 1 }) { id } }", "Input-Object-Field-Names", "Field \"nope\" is not defined by type \"NodeFilter\".")]
    [InlineData("{ filter(input: { term: \"a\", term: \"b\" }) { id } }", "Input-Object-Field-Uniqueness", "There can be only one input field named \"term\".")]
    [InlineData("{ filter(input: { limit: 1 }) { id } }", "Input-Object-Required-Fields", "Field \"NodeFilter.term\" of required type \"String!\" was not provided.")]
    [InlineData("fragment F on Query { kinds } fragment F on Query { kinds } { ...F }", "Fragment-Name-Uniqueness", "There can be only one fragment named \"F\".")]
    [InlineData("{ ... on Nope { id } }", "Fragment-Spread-Type-Existence", "Unknown type \"Nope\".")]
    [InlineData("{ ...F } fragment F on Nope { id }", "Fragment-Spread-Type-Existence", "Unknown type \"Nope\".")]
    [InlineData("{ ...F } fragment F on String { length }", "Fragments-On-Composite-Types", "Fragment \"F\" cannot condition on non composite type \"String\".")]
    [InlineData("{ kinds } fragment F on Query { kinds }", "Fragments-Must-Be-Used", "Fragment \"F\" is never used.")]
    [InlineData("{ ...Missing }", "Fragment-spread-target-defined", "Unknown fragment \"Missing\".")]
    [InlineData("{ ...A } fragment A on Query { kinds ...B } fragment B on Query { kinds ...A }", "Fragment-spreads-must-not-form-cycles", "Cannot spread fragment \"A\" within itself via \"B\".")]
    [InlineData("{ node(id: 1) { ...F } } fragment F on Link { id }", "Fragment-spread-is-possible", "Fragment \"F\" cannot be spread here as objects of type \"NodeDetails\" can never be of type \"Link\".")]
    [InlineData("{ node(id: 1) { ... on Link { id } } }", "Fragment-spread-is-possible", "objects of type \"NodeDetails\" can never be of type \"Link\"")]
    [InlineData("{ kinds @nope }", "Directives-Are-Defined", "Unknown directive \"@nope\".")]
    [InlineData("query @skip(if: true) { kinds }", "Directives-Are-In-Valid-Locations", "Directive \"@skip\" may not be used on QUERY.")]
    [InlineData("{ kinds @skip(if: false) @skip(if: false) }", "Directives-Are-Unique-Per-Location", "The directive \"@skip\" can only be used once at this location.")]
    [InlineData("{ kinds @skip }", "Required-Arguments", "Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required")]
    [InlineData("query ($a: Long!, $a: Long!) { node(id: $a) { id } }", "Variable-Uniqueness", "There can be only one variable named \"$a\".")]
    [InlineData("query ($a: Node) { kinds }", "Variables-Are-Input-Types", "Variable \"$a\" cannot be non-input type \"Node\".")]
    [InlineData("query ($a: Nope) { kinds }", "Variables-Are-Input-Types", "Unknown type \"Nope\".")]
    [InlineData("query ($a: Int = \"x\") { nodes(first: $a) { id } }", "Values-of-Correct-Type", "Expected value of type \"Int\", found \"x\".")]
    [InlineData("query Q { node(id: $x) { id } }", "All-Variable-Uses-Defined", "Variable \"$x\" is not defined by operation \"Q\".")]
    [InlineData("query Q { ...F } fragment F on Query { node(id: $x) { id } }", "All-Variable-Uses-Defined", "Variable \"$x\" is not defined by operation \"Q\".")]
    [InlineData("query Q($x: Long!) { kinds }", "All-Variables-Used", "Variable \"$x\" is never used in operation \"Q\".")]
    [InlineData("query ($x: Int!) { node(id: $x) { id } }", "All-Variable-Usages-Are-Allowed", "Variable \"$x\" of type \"Int!\" used in position expecting type \"Long!\".")]
    [InlineData("query ($x: Long) { node(id: $x) { id } }", "All-Variable-Usages-Are-Allowed", "Variable \"$x\" of type \"Long\" used in position expecting type \"Long!\".")]
    [InlineData("query ($x: [Long]) { neighbourhoods(ids: $x) { node { id } } }", "All-Variable-Usages-Are-Allowed", "Variable \"$x\" of type \"[Long]\" used in position expecting type \"[Long!]!\".")]
    [InlineData("query ($id: Long!) { neighbourhoods(ids: $id) { node { id } } }", "All-Variable-Usages-Are-Allowed", "Variable \"$id\" of type \"Long!\" used in position expecting type \"[Long!]!\".")]
    public async Task RejectsDocumentBreakingRule(string query, string rule, string message)
    {
        var errors = await ValidationErrorsAsync(query);

        var error = errors.FirstOrDefault(e => e.GetProperty("extensions").GetProperty("specifiedBy").GetString()!.EndsWith("#sec-" + rule, StringComparison.Ordinal));
        Assert.True(error.ValueKind == JsonValueKind.Object, $"No {rule} error in {string.Join(" | ", errors.Select(e => e.GetProperty("message").GetString()))}");
        Assert.Contains(message, error.GetProperty("message").GetString(), StringComparison.Ordinal);
        Assert.Equal(ErrorCodes.ValidationError, error.GetProperty("extensions").GetProperty("code").GetString());
        Assert.True(error.GetProperty("locations").GetArrayLength() > 0);
    }

    [Theory]
    [InlineData("query ($x: Long = 1) { node(id: $x) { id } }")]
    [InlineData("query ($f: Int) { nodes(first: $f) { id } }")]
    [InlineData("query ($ids: [Long!]!) { neighbourhoods(ids: $ids) { node { id } } }")]
    [InlineData("query ($id: Long!) { neighbourhoods(ids: [$id, 2]) { node { id } } }")]
    [InlineData("{ node(id: 1) { id ...F ... on NodeDetails { name } } } fragment F on NodeDetails { id name }")]
    [InlineData("{ a: node(id: 1) { id } a: node(id: 1) { name } }")]
    [InlineData("query ($skip: Boolean!) { kinds @skip(if: $skip) ...F @include(if: true) } fragment F on Query { kinds }")]
    [InlineData("{ __typename node(id: 1) { __typename } }")]
    [InlineData("query ($n: Float!) { ping(payload: \"\"\"block\"\"\") filter(input: {term: \"a\", limit: 2}) { id } }")]
    public async Task AcceptsValidDocument(string query)
    {
        var errors = await ValidationErrorsAsync(query);

        // Unused-variable errors aside (some cases declare variables only to test their positions).
        Assert.DoesNotContain(errors, e => !e.GetProperty("message").GetString()!.Contains("never used", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ValidationErrorsHaveNoDataEntry()
    {
        var response = await _host.RunAsync("{ nope }");

        Assert.False(response.TryGetProperty("data", out _));
    }

    private async Task<List<JsonElement>> ValidationErrorsAsync(string query)
    {
        var json = await _host.RunAsync(query);
        return json.TryGetProperty("errors", out var errors) && !json.TryGetProperty("data", out _)
            ? [.. errors.EnumerateArray().Where(e => e.GetProperty("extensions").GetProperty("code").GetString() == ErrorCodes.ValidationError).Select(e => e.Clone())]
            : [];
    }
}

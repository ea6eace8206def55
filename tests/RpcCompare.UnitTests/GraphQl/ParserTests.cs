using RpcCompare.Protocols.GraphQl;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class ParserTests
{
    [Fact]
    public void ParsesShorthandQuery()
    {
        var document = Parser.Parse("{ ping(payload: \"x\") }");

        var operation = Assert.Single(document.Operations);
        Assert.Equal(OperationType.Query, operation.Operation);
        Assert.Null(operation.Name);
        var field = Assert.IsType<FieldNode>(Assert.Single(operation.SelectionSet.Selections));
        Assert.Equal("ping", field.Name);
        Assert.Equal("x", Assert.IsType<StringValueNode>(Assert.Single(field.Arguments).Value).Value);
    }

    [Fact]
    public void ParsesNamedOperationsWithVariablesDefaultsAliasesAndDirectives()
    {
        var document = Parser.Parse("""
            query Page($after: Long = 0, $first: Int!, $ids: [Long!]! @deprecated) @dir {
              first: nodes(after: $after, first: $first) @include(if: true) { id }
            }
            mutation Create { createNode(name: "a", type: "b") { id } }
            """);

        Assert.Equal(2, document.Operations.Count);
        var page = document.Operations[0];
        Assert.Equal("Page", page.Name);
        Assert.Equal(["after", "first", "ids"], page.VariableDefinitions.Select(v => v.Variable.Name));
        Assert.Equal("Long", page.VariableDefinitions[0].Type.ToString());
        Assert.Equal("0", Assert.IsType<IntValueNode>(page.VariableDefinitions[0].DefaultValue).Value);
        Assert.Equal("Int!", page.VariableDefinitions[1].Type.ToString());
        Assert.Equal("[Long!]!", page.VariableDefinitions[2].Type.ToString());
        Assert.Equal("deprecated", Assert.Single(page.VariableDefinitions[2].Directives).Name);
        Assert.Equal("dir", Assert.Single(page.Directives).Name);
        var field = Assert.IsType<FieldNode>(Assert.Single(page.SelectionSet.Selections));
        Assert.Equal(("first", "nodes", "first"), (field.Alias, field.Name, field.ResponseName));
        Assert.Equal("include", Assert.Single(field.Directives).Name);
        Assert.Equal(OperationType.Mutation, document.Operations[1].Operation);
    }

    [Fact]
    public void ParsesFragmentsAndInlineFragments()
    {
        var document = Parser.Parse("""
            { nodes { ...NodeFields ... on Node { type } ... @skip(if: false) { id } } }
            fragment NodeFields on Node @dir { name }
            """);

        var fragment = Assert.Single(document.Fragments);
        Assert.Equal(("NodeFields", "Node"), (fragment.Name, fragment.TypeCondition.Name));
        var nodes = Assert.IsType<FieldNode>(Assert.Single(document.Operations[0].SelectionSet.Selections));
        var selections = nodes.SelectionSet!.Selections;
        Assert.Equal("NodeFields", Assert.IsType<FragmentSpreadNode>(selections[0]).Name);
        Assert.Equal("Node", Assert.IsType<InlineFragmentNode>(selections[1]).TypeCondition!.Name);
        var untyped = Assert.IsType<InlineFragmentNode>(selections[2]);
        Assert.Null(untyped.TypeCondition);
        Assert.Equal("skip", Assert.Single(untyped.Directives).Name);
    }

    [Theory]
    [InlineData("0", typeof(IntValueNode), "0")]
    [InlineData("-42", typeof(IntValueNode), "-42")]
    [InlineData("9223372036854775807", typeof(IntValueNode), "9223372036854775807")]
    [InlineData("1.5", typeof(FloatValueNode), "1.5")]
    [InlineData("-0.25e-3", typeof(FloatValueNode), "-0.25e-3")]
    [InlineData("6E10", typeof(FloatValueNode), "6E10")]
    [InlineData("true", typeof(BooleanValueNode), "true")]
    [InlineData("false", typeof(BooleanValueNode), "false")]
    [InlineData("null", typeof(NullValueNode), "null")]
    [InlineData("HUB_NODE", typeof(EnumValueNode), "HUB_NODE")]
    [InlineData("$id", typeof(VariableNode), "$id")]
    [InlineData("[1, \"a\", [true]]", typeof(ListValueNode), "[1, \"a\", [true]]")]
    [InlineData("{a: 1, b: {c: null}}", typeof(ObjectValueNode), "{a: 1, b: {c: null}}")]
    [InlineData("[]", typeof(ListValueNode), "[]")]
    [InlineData("{}", typeof(ObjectValueNode), "{}")]
    public void ParsesEveryValueLiteral(string literal, Type nodeType, string printed)
    {
        var value = Parser.ParseValue(literal, constant: false);

        Assert.IsType(nodeType, value);
        Assert.Equal(printed, value.ToString());
    }

    [Fact]
    public void DecodesStringEscapes()
    {
        var value = Parser.ParseValue("\"quote \\\" slash \\\\ \\/ \\b\\f\\n\\r\\t unicode \\u00e9\\u20AC\"");

        Assert.Equal("quote \" slash \\ / \b\f\n\r\t unicode é€", Assert.IsType<StringValueNode>(value).Value);
    }

    [Fact]
    public void BlockStringRemovesCommonIndentationAndBlankEdges()
    {
        var value = Parser.ParseValue("\"\"\"\n\n    first\n      indented \\\"\"\" \"quoted\"\n    last\n\n  \"\"\"");

        var block = Assert.IsType<StringValueNode>(value);
        Assert.True(block.Block);
        Assert.Equal("first\n  indented \"\"\" \"quoted\"\nlast", block.Value);
    }

    [Fact]
    public void CommentsCommasAndByteOrderMarkAreIgnored()
    {
        var document = Parser.Parse("\uFEFF# leading comment\n{ a, b # trailing\r\n ,, c }");

        var names = document.Operations[0].SelectionSet.Selections.Cast<FieldNode>().Select(f => f.Name);
        Assert.Equal(["a", "b", "c"], names);
    }

    [Fact]
    public void LocationsCountLinesAndColumnsFromOne()
    {
        var document = Parser.Parse("query Q {\r\n  a\n\tb\r  \"\"\"\n\"\"\" c }".Replace("\"\"\"\n\"\"\" ", string.Empty, StringComparison.Ordinal));

        var selections = document.Operations[0].SelectionSet.Selections;
        Assert.Equal(new SourceLocation(2, 3), selections[0].Location);
        Assert.Equal(new SourceLocation(3, 2), selections[1].Location);
        Assert.Equal(new SourceLocation(4, 3), selections[2].Location);
    }

    [Fact]
    public void TracksLinesInsideBlockStrings()
    {
        var document = Parser.Parse("{ a(x: \"\"\"\none\ntwo\n\"\"\") b }");

        Assert.Equal(new SourceLocation(4, 6), document.Operations[0].SelectionSet.Selections[1].Location);
    }

    [Fact]
    public void ParsesTypeReferences()
    {
        Assert.Equal("[[Long!]]!", Parser.ParseType("[ [Long!] ]!").ToString());
        Assert.Throws<GraphQlSyntaxException>(() => Parser.ParseType("Long!!"));
    }

    [Theory]
    [InlineData("{ a(x: \"abc) }", 1, 15, "Unterminated string")]
    [InlineData("{ a(x: \"a\nb\") }", 1, 10, "Unterminated string")]
    [InlineData("{ a(x: 01) }", 1, 9, "unexpected digit after 0")]
    [InlineData("{ a(x: 1.) }", 1, 10, "expected digit")]
    [InlineData("{ a(x: 12abc) }", 1, 10, "expected digit")]
    [InlineData("{ a(x: 1.5.2) }", 1, 11, "expected digit")]
    [InlineData("{ a(x: \"\\q\") }", 1, 9, "Invalid character escape sequence")]
    [InlineData("{ a(x: \"\\u12\") }", 1, 9, "Invalid Unicode escape sequence")]
    [InlineData("{\n  a\n  b(\n}", 4, 1, "Expected Name, found \"}\"")]
    [InlineData("{ a", 1, 4, "Expected Name, found <EOF>")]
    [InlineData("{}", 1, 2, "Expected Name, found \"}\"")]
    [InlineData("query", 1, 6, "Expected \"{\", found <EOF>")]
    [InlineData("{ a(x: ) }", 1, 8, "Unexpected \")\"")]
    [InlineData("{ a() }", 1, 5, "Expected Name, found \")\"")]
    [InlineData("query ($a: Int = $b) { a }", 1, 18, "Unexpected variable in a constant value")]
    [InlineData("fragment on on Node { a }", 1, 10, "a fragment cannot be named \"on\"")]
    [InlineData("fragment F Node { a }", 1, 12, "Expected \"on\"")]
    [InlineData("type Query { a: Int }", 1, 1, "type system definitions are not allowed")]
    [InlineData("{ a } ?", 1, 7, "Unexpected character \"?\"")]
    [InlineData("{ a.b }", 1, 4, "Unexpected character \".\"")]
    [InlineData("{ a(x: \"\u0007\") }", 1, 9, "Invalid character within String")]
    public void ReportsSyntaxErrorsWithLocation(string source, int line, int column, string message)
    {
        var error = Assert.Throws<GraphQlSyntaxException>(() => Parser.Parse(source));

        Assert.Equal(new SourceLocation(line, column), error.Location);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.Equal(ErrorCodes.ParseError, error.Code);
    }

    [Fact]
    public void RejectsDocumentLongerThanLimitBeforeLexing()
    {
        var error = Assert.Throws<GraphQlSyntaxException>(() => Parser.Parse("{ a }" + new string(' ', 100), new ParserOptions { MaxDocumentLength = 50 }));

        Assert.Equal(ErrorCodes.MaxDocumentLengthExceeded, error.Code);
    }

    [Fact]
    public void RejectsDocumentWithTooManyTokens()
    {
        var source = "{ " + string.Concat(Enumerable.Repeat("a ", 100_000)) + "}";

        var error = Assert.Throws<GraphQlSyntaxException>(() => Parser.Parse(source));

        Assert.Equal(ErrorCodes.MaxTokensExceeded, error.Code);
    }

    [Theory]
    [InlineData("", "{a", "}", "")]
    [InlineData("{ a(x: ", "[", "]", ") }")]
    [InlineData("{ a(x: ", "{b: ", "}", ") }")]
    [InlineData("query ($a: ", "[", "]", ") { a }")]
    public void RejectsDeepNestingWithoutOverflowingTheStack(string prefix, string open, string close, string suffix)
    {
        var source = prefix + string.Concat(Enumerable.Repeat(open, 50_000)) + "1" + string.Concat(Enumerable.Repeat(close, 50_000)) + suffix;

        var error = Assert.Throws<GraphQlSyntaxException>(() => Parser.Parse(source, new ParserOptions { MaxTokens = int.MaxValue }));

        Assert.Equal(ErrorCodes.MaxParserDepthExceeded, error.Code);
    }
}

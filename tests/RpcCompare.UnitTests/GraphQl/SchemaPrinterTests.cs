using System.Runtime.CompilerServices;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class SchemaPrinterTests
{
    [Fact]
    public void PrintedSchemaMatchesTheSnapshot()
    {
        var sdl = TestSchema.Build().ToSdl();

        var snapshot = SnapshotPath();
        if (!File.Exists(snapshot))
        {
            File.WriteAllText(snapshot + ".received", sdl);
        }

        Assert.Equal(File.ReadAllText(snapshot), sdl);
    }

    [Fact]
    public void PrintingIsDeterministic()
    {
        Assert.Equal(TestSchema.Build().ToSdl(), TestSchema.Build().ToSdl());
    }

    [Fact]
    public void UnusedOptionalScalarsAreLeftOut()
    {
        var schema = new SchemaBuilder().AddQueryType(q => q.Field("hello", _ => "world")).Build();

        Assert.Equal("schema {\n  query: Query\n}\n\ntype Query {\n  hello: String!\n}\n", schema.ToSdl());
        Assert.Null(schema.GetType("Long"));
    }

    [Fact]
    public void BuilderRejectsAFieldItCannotType()
    {
        var error = Assert.Throws<InvalidOperationException>(() => new SchemaBuilder()
            .AddQueryType(q => q.Field("link", _ => new LinkView()))
            .Build());

        Assert.Contains("Query.link: cannot infer a GraphQL type for the CLR type LinkView", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void BuilderRejectsAnUnknownTypeReference()
    {
        var error = Assert.Throws<InvalidOperationException>(() => new SchemaBuilder()
            .AddQueryType(q => q.Field("x", _ => 1).Type("[Nope!]"))
            .Build());

        Assert.Contains("Query.x: unknown type \"Nope\"", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void BuilderRejectsAFieldWithoutResolver()
    {
        var error = Assert.Throws<InvalidOperationException>(() => new SchemaBuilder()
            .AddQueryType(q => q.Field("x").Type("Int"))
            .Build());

        Assert.Contains("Query.x has no resolver", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void BuilderRejectsMismatchedClrTypes()
    {
        var error = Assert.Throws<InvalidOperationException>(() => new SchemaBuilder()
            .AddObjectType<NodeSummary>()
            .AddQueryType(q => q.Field("x", _ => new LinkView()).Type("NodeSummary"))
            .Build());

        Assert.Contains("resolves LinkView, but its type NodeSummary is bound to NodeSummary", error.Message, StringComparison.Ordinal);
    }

    private static string SnapshotPath([CallerFilePath] string testFile = "") =>
        Path.Combine(Path.GetDirectoryName(testFile)!, "Snapshots", "TestSchema.graphql");
}

using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

/// <summary>Property-only selections are written straight from the CLR objects; a bad value must still give the spec's errors.</summary>
public sealed class PurePathTests
{
    private static readonly GraphQlExecutor Executor = new(new SchemaBuilder()
        .AddObjectType<Item>(t =>
        {
            t.BindProperties();
            t.Field(x => x.Name).Type("String!");
            t.Field("shout", x => x.Name!.ToUpperInvariant()).Type("String");
        })
        .AddObjectType<Holder>(t =>
        {
            t.BindProperties();
            t.Field(x => x.Item).Type("Item!");
        })
        .AddQueryType(q =>
        {
            q.Field("items", _ => new[] { new Item(1, "a", null), new Item(2, null, new Item(3, "c", null)) }).Type("[Item]");
            q.Field("strictItems", _ => new[] { new Item(1, "a", null), new Item(2, null, null) }).Type("[Item!]");
            q.Field("holder", _ => new Holder(null)).Type("Holder");
            q.Field("good", _ => new[] { new Item(1, "a", new Item(2, "b", null)) });
        })
        .Build());

    [Fact]
    public async Task NullInANonNullPropertyNullsTheItem()
    {
        var result = await Executor.ExecuteAsync(new GraphQlRequest("{ items { id name child { name } } }"));

        Assert.Equal(
            """{"errors":[{"message":"Cannot return null for non-nullable field Item.name.","locations":[{"line":1,"column":14}],"path":["items",1,"name"],"extensions":{"code":"NON_NULL_VIOLATION"}}],"data":{"items":[{"id":1,"name":"a","child":null},null]}}""",
            result.ToJson());
    }

    [Fact]
    public async Task NullInANonNullItemNullsTheList()
    {
        var result = await Executor.ExecuteAsync(new GraphQlRequest("{ strictItems { name } }"));

        Assert.Contains("\"data\":{\"strictItems\":null}", result.ToJson(), StringComparison.Ordinal);
        Assert.Equal(["strictItems", 1, "name"], Assert.Single(result.Errors).Path!);
    }

    [Fact]
    public async Task NullNestedObjectNullsItsParent()
    {
        var result = await Executor.ExecuteAsync(new GraphQlRequest("{ holder { item { id } } }"));

        Assert.Contains("\"data\":{\"holder\":null}", result.ToJson(), StringComparison.Ordinal);
        Assert.Equal(["holder", "item"], Assert.Single(result.Errors).Path!);
    }

    [Fact]
    public async Task ValidValuesAreWrittenInQueryOrder()
    {
        var result = await Executor.ExecuteAsync(new GraphQlRequest("{ good { child { __typename name id } n: name id } }"));

        Assert.Equal("""{"data":{"good":[{"child":{"__typename":"Item","name":"b","id":2},"n":"a","id":1}]}}""", result.ToJson());
    }

    [Fact]
    public async Task ThrowingLambdaFieldBecomesAFieldError()
    {
        var result = await Executor.ExecuteAsync(new GraphQlRequest("{ items { id shout } }"));

        Assert.Contains("\"data\":{\"items\":[{\"id\":1,\"shout\":\"A\"},{\"id\":2,\"shout\":null}]}", result.ToJson(), StringComparison.Ordinal);
        var error = Assert.Single(result.Errors);
        Assert.Equal(["items", 1, "shout"], error.Path!);
        Assert.IsType<NullReferenceException>(error.Exception);
    }

    public sealed record Item(long Id, string? Name, Item? Child);

    public sealed record Holder(Item? Item);
}

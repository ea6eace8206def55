using System.Text.Json;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class ExecutionTests : IDisposable
{
    private readonly GraphQlTestHost _host = new();

    public void Dispose() => _host.Dispose();

    [Fact]
    public async Task AliasesAndFieldOrderFollowTheQuery()
    {
        var result = await _host.ExecuteAsync("{ second: ping(payload: \"b\") first: ping(payload: \"a\") node(id: 2) { name id } }");

        Assert.Equal("""{"data":{"second":"b","first":"a","node":{"name":"node-2","id":2}}}""", result.ToJson());
    }

    [Fact]
    public async Task FragmentsAndInlineFragmentsMergeIntoOneResult()
    {
        var result = await _host.ExecuteAsync("""
            { nodes(first: 1) { ...Ids ... on Node { links { id } } links { weight } } }
            fragment Ids on Node { id links { target { id } } }
            """);

        Assert.Equal(
            """{"data":{"nodes":[{"id":1,"links":[{"target":{"id":2},"id":100,"weight":0.5},{"target":{"id":3},"id":101,"weight":1.5},{"target":{"id":4},"id":102,"weight":2.5}]}]}}""",
            result.ToJson());
    }

    [Fact]
    public async Task VariablesAreCoercedFromJson()
    {
        var result = await _host.ExecuteAsync(
            "query ($id: Long!, $ids: [Long!]!, $kind: NodeKind!, $filter: NodeFilter!, $one: [Long!]!) { node(id: $id) { name } neighbourhoods(ids: $ids) { node { id } } echoKind(kind: $kind) filter(input: $filter) { id } single: neighbourhoods(ids: $one) { node { id } } }",
            new { id = 3L, ids = new[] { 1, 2 }, kind = "HUB_NODE", filter = new { term = "node-1", limit = 1 }, one = 5 });

        Assert.Equal(
            """{"data":{"node":{"name":"node-3"},"neighbourhoods":[{"node":{"id":1}},{"node":{"id":2}}],"echoKind":"HUB_NODE","filter":[{"id":1}],"single":[{"node":{"id":5}}]}}""",
            result.ToJson());
    }

    [Fact]
    public async Task DefaultValuesApplyWhenArgumentsAndVariablesAreAbsent()
    {
        var result = await _host.RunAsync("""
            query ($first: Int = 2, $after: Long) { a: nodes(first: $first) { id } b: nodes(after: $after, first: 1) { id } filter(input: { term: "node" }) { id } }
            """);

        Assert.Equal(2, result.GetProperty("data").GetProperty("a").GetArrayLength());
        Assert.Equal(1, result.GetProperty("data").GetProperty("b")[0].GetProperty("id").GetInt64());
        Assert.Equal(10, result.GetProperty("data").GetProperty("filter").GetArrayLength());
    }

    [Theory]
    [InlineData(true, false, """{"data":{"b":"b"}}""")]
    [InlineData(false, false, """{"data":{"a":"a","b":"b"}}""")]
    [InlineData(false, true, """{"data":{"a":"a","b":"b","c":"c"}}""")]
    public async Task SkipAndIncludeFollowVariables(bool skip, bool include, string expected)
    {
        const string query = """
            query ($skip: Boolean!, $include: Boolean!) {
              a: ping(payload: "a") @skip(if: $skip)
              b: ping(payload: "b")
              ... @include(if: $include) { c: ping(payload: "c") }
            }
            """;

        var result = await _host.ExecuteAsync(query, new { skip, include });

        Assert.Equal(expected, result.ToJson());
    }

    [Fact]
    public async Task NonNullErrorNullsTheNearestNullableParent()
    {
        var result = await _host.RunAsync("{ brokenList measurements { value } kinds }");

        var data = result.GetProperty("data");
        Assert.Equal(JsonValueKind.Null, data.GetProperty("brokenList").ValueKind);
        Assert.Equal(1.5, data.GetProperty("measurements")[0].GetProperty("value").GetDouble());
        Assert.Equal(JsonValueKind.Null, data.GetProperty("measurements")[1].ValueKind);
        Assert.Equal(2, data.GetProperty("kinds").GetArrayLength());
        var errors = result.GetProperty("errors");
        Assert.Equal("""["brokenList",1]""", errors[0].GetProperty("path").GetRawText());
        Assert.Equal(ErrorCodes.NonNullViolation, errors[0].GetProperty("extensions").GetProperty("code").GetString());
        Assert.Equal("""["measurements",1,"value"]""", errors[1].GetProperty("path").GetRawText());
        Assert.Equal(ErrorCodes.ResultSerializationError, errors[1].GetProperty("extensions").GetProperty("code").GetString());
    }

    [Fact]
    public async Task NonNullErrorAtTheRootNullsData()
    {
        var result = await _host.ExecuteAsync("{ kinds missing }");

        Assert.Equal(
            """{"errors":[{"message":"Cannot return null for non-nullable field Query.missing.","locations":[{"line":1,"column":9}],"path":["missing"],"extensions":{"code":"NON_NULL_VIOLATION"}}],"data":null}""",
            result.ToJson());
    }

    [Fact]
    public async Task FieldErrorsKeepSiblingData()
    {
        var result = await _host.RunAsync("{ failing kinds invalid }");

        Assert.Equal(JsonValueKind.Null, result.GetProperty("data").GetProperty("failing").ValueKind);
        Assert.Equal(2, result.GetProperty("data").GetProperty("kinds").GetArrayLength());
        var invalid = result.GetProperty("errors")[1];
        Assert.Equal("limit must be positive", invalid.GetProperty("message").GetString());
        Assert.Equal(ErrorCodes.InvalidArgument, invalid.GetProperty("extensions").GetProperty("code").GetString());
        Assert.Equal("""[{"line":1,"column":17}]""", invalid.GetProperty("locations").GetRawText());
    }

    [Fact]
    public async Task ListsOfObjectsKeepOrderAndWriteEveryScalarKind()
    {
        var result = await _host.ExecuteAsync("{ records(snapshotId: 1, count: 2) { id title comment rank score active stamp __typename } }");

        Assert.Equal(
            """{"data":{"records":[{"id":1,"title":"record \u00221\u0022","comment":"odd","rank":1,"score":0.25,"active":false,"stamp":"2024-05-01T12:31:00Z","__typename":"WideRecord"},{"id":2,"title":"record \u00222\u0022","comment":null,"rank":2,"score":0.5,"active":false,"stamp":"2024-05-01T12:32:00Z","__typename":"WideRecord"}]}}""",
            result.ToJson());
    }

    [Fact]
    public async Task MutationsRunOneAfterAnother()
    {
        var result = await _host.RunAsync("""
            mutation { a: createNode(name: "first", type: "t") { id name } b: createNode(name: "second", type: "t") { id name } s: prepareSnapshot(size: 5) { id size } }
            """);

        Assert.Equal(["first", "second"], _host.Graph.MutationLog);
        Assert.Equal(1001, result.GetProperty("data").GetProperty("a").GetProperty("id").GetInt64());
        Assert.Equal(1002, result.GetProperty("data").GetProperty("b").GetProperty("id").GetInt64());
        Assert.Equal(5, result.GetProperty("data").GetProperty("s").GetProperty("size").GetInt32());
    }

    [Fact]
    public async Task OperationNameSelectsTheOperation()
    {
        const string document = "query A { a: ping(payload: \"a\") } query B { b: ping(payload: \"b\") }";

        var b = await _host.ExecuteAsync(document, operationName: "B");
        var missing = await _host.RunAsync(document);
        var unknown = await _host.RunAsync(document, operationName: "C");

        Assert.Equal("""{"data":{"b":"b"}}""", b.ToJson());
        Assert.Equal(ErrorCodes.OperationNameRequired, missing.GetProperty("errors")[0].GetProperty("extensions").GetProperty("code").GetString());
        Assert.Equal(ErrorCodes.OperationNotFound, unknown.GetProperty("errors")[0].GetProperty("extensions").GetProperty("code").GetString());
    }

    [Theory]
    [InlineData("query ($id: Long!) { node(id: $id) { id } }", null, "Variable \"$id\" of required type Long! was not provided.")]
    [InlineData("query ($id: Long!) { node(id: $id) { id } }", """{"id":"abc"}""", "Variable \"$id\": Long cannot represent the value \"abc\"")]
    [InlineData("query ($id: Long!) { node(id: $id) { id } }", """{"id":null}""", "expected a non-null value of type Long!")]
    [InlineData("query ($f: NodeFilter!) { filter(input: $f) { id } }", """{"f":{"limit":1}}""", "field \"term\" of required type String! was not provided")]
    [InlineData("query ($f: NodeFilter!) { filter(input: $f) { id } }", """{"f":{"term":"a","x":1}}""", "input type NodeFilter has no field \"x\"")]
    [InlineData("query ($k: NodeKind!) { echoKind(kind: $k) }", """{"k":"OTHER"}""", "Enum NodeKind has no value \"OTHER\"")]
    [InlineData("query ($n: Int!) { nodes(first: $n) { id } }", """{"n":1.5}""", "Int cannot represent the value 1.5")]
    public async Task InvalidVariablesAreRequestErrors(string query, string? variables, string message)
    {
        var request = new GraphQlRequest(query, null, variables is null ? null : JsonDocument.Parse(variables).RootElement);

        var result = await _host.Executor.ExecuteAsync(request, _host.Provider);

        Assert.False(result.HasData);
        var error = Assert.Single(result.Errors);
        Assert.Equal(ErrorCodes.InvalidVariables, error.Code);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TypenameIsWrittenForEveryObject()
    {
        var result = await _host.ExecuteAsync("{ __typename t: __typename nodes(first: 1) { __typename links { __typename } } }");

        Assert.Equal(
            """{"data":{"__typename":"Query","t":"Query","nodes":[{"__typename":"Node","links":[{"__typename":"Link"},{"__typename":"Link"},{"__typename":"Link"}]}]}}""",
            result.ToJson());
    }

    [Fact]
    public async Task IntrospectionDescribesTypesFieldsAndArguments()
    {
        var result = await _host.RunAsync("""
            {
              __schema { queryType { name } mutationType { name } subscriptionType { name } directives { name locations } }
              __type(name: "Query") {
                kind name
                fields { name args { name defaultValue type { kind name ofType { kind name ofType { kind name } } } } type { kind ofType { kind ofType { kind ofType { name } } } } }
              }
              detail: __type(name: "NodeDetails") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } }
              kind: __type(name: "NodeKind") { kind enumValues { name } }
              input: __type(name: "NodeFilter") { inputFields { name defaultValue } }
              long: __type(name: "Long") { kind specifiedByURL }
              missing: __type(name: "Nope") { name }
            }
            """);

        var data = result.GetProperty("data");
        Assert.Equal("Query", data.GetProperty("__schema").GetProperty("queryType").GetProperty("name").GetString());
        Assert.Equal("Mutation", data.GetProperty("__schema").GetProperty("mutationType").GetProperty("name").GetString());
        Assert.Equal(JsonValueKind.Null, data.GetProperty("__schema").GetProperty("subscriptionType").ValueKind);
        Assert.Equal(
            ["include", "skip", "deprecated", "specifiedBy"],
            data.GetProperty("__schema").GetProperty("directives").EnumerateArray().Select(d => d.GetProperty("name").GetString()));
        var nodes = data.GetProperty("__type").GetProperty("fields").EnumerateArray().Single(f => f.GetProperty("name").GetString() == "nodes");
        Assert.Equal("""[{"name":"after","defaultValue":"0","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Long","ofType":null}}},{"name":"first","defaultValue":"100","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Int","ofType":null}}}]""", nodes.GetProperty("args").GetRawText());
        Assert.Equal("""{"kind":"NON_NULL","ofType":{"kind":"LIST","ofType":{"kind":"NON_NULL","ofType":{"name":"Node"}}}}""", nodes.GetProperty("type").GetRawText());
        var linkCount = data.GetProperty("detail").GetProperty("fields").EnumerateArray().Single(f => f.GetProperty("name").GetString() == "linkCount");
        Assert.True(linkCount.GetProperty("isDeprecated").GetBoolean());
        Assert.Equal("""{"kind":"ENUM","enumValues":[{"name":"PERSON"},{"name":"HUB_NODE"}]}""", data.GetProperty("kind").GetRawText());
        Assert.Equal("""{"inputFields":[{"name":"term","defaultValue":null},{"name":"limit","defaultValue":"10"}]}""", data.GetProperty("input").GetRawText());
        Assert.Equal("SCALAR", data.GetProperty("long").GetProperty("kind").GetString());
        Assert.Equal(JsonValueKind.Null, data.GetProperty("missing").ValueKind);
        Assert.False(result.TryGetProperty("errors", out _));
    }

    [Fact]
    public async Task DeprecatedFieldsAreHiddenFromIntrospectionByDefault()
    {
        var result = await _host.RunAsync("{ __type(name: \"NodeDetails\") { fields { name } } }");

        Assert.DoesNotContain("linkCount", result.GetRawText(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task SameDocumentIsParsedAndValidatedOnce()
    {
        const string query = "query ($id: Long!) { node(id: $id) { name } }";

        for (var id = 1; id <= 3; id++)
        {
            var result = await _host.RunAsync(query, new { id });
            Assert.Equal($"node-{id}", result.GetProperty("data").GetProperty("node").GetProperty("name").GetString());
        }

        Assert.Equal(1, _host.Executor.DocumentsParsed);
        Assert.Equal(2, _host.Executor.DocumentCacheHits);
        Assert.Equal(1, _host.Executor.PlansCompiled);
    }

    [Fact]
    public async Task DocumentCacheStaysWithinItsCapacity()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { DocumentCacheSize = 10 });

        for (var i = 0; i < 50; i++)
        {
            await host.ExecuteAsync($"{{ ping(payload: \"{i}\") }}");
        }

        Assert.InRange(host.Executor.CachedDocuments, 1, 10);
    }

    [Fact]
    public async Task ExecutionTimeoutCancelsResolversAndReportsTheCode()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { ExecutionTimeout = TimeSpan.FromMilliseconds(100) });

        var result = await host.RunAsync("{ kinds slow }");

        Assert.Equal(JsonValueKind.Null, result.GetProperty("data").ValueKind);
        Assert.Contains(
            result.GetProperty("errors").EnumerateArray(),
            e => e.GetProperty("extensions").GetProperty("code").GetString() == ErrorCodes.ExecutionTimeout);
    }

    [Fact]
    public async Task ConcurrentRequestsKeepTheirOwnVariablesAndLoaders()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { Cost = new CostOptions { MaxFieldCost = 1e6, MaxTypeCost = 1e6 } });
        const string query = "query ($after: Long!, $first: Int!, $skip: Boolean!) { nodes(after: $after, first: $first) { id links @skip(if: $skip) { id } } }";

        // Two first requests racing may both parse and plan (as HotChocolate's caches allow); warming both
        // plans first makes the counts below exact.
        await host.RunAsync(query, new { after = 0, first = 3, skip = true });
        await host.RunAsync(query, new { after = 0, first = 3, skip = false });

        var runs = await Task.WhenAll(Enumerable.Range(0, 40).Select(i => Task.Run(() =>
            host.RunAsync(query, new { after = i % 5, first = 3, skip = i % 2 == 0 }))));

        for (var i = 0; i < runs.Length; i++)
        {
            var nodes = runs[i].GetProperty("data").GetProperty("nodes");
            Assert.Equal(Enumerable.Range((i % 5) + 1, 3).Select(n => (long)n), nodes.EnumerateArray().Select(n => n.GetProperty("id").GetInt64()));
            Assert.Equal(i % 2 != 0, nodes[0].TryGetProperty("links", out _));
        }

        Assert.Equal(1 + 20, host.Graph.LinkBatches.Count);
        Assert.Equal(1, host.Executor.DocumentsParsed);
        Assert.Equal(2, host.Executor.PlansCompiled);
    }

    [Fact]
    public async Task CancelledRequestReportsCancellation()
    {
        using var scope = _host.Provider.CreateScopeForTest();
        using var cancellation = new CancellationTokenSource();
        var execution = _host.Executor.ExecuteAsync(new GraphQlRequest("{ slow }"), scope, cancellation.Token);
        await cancellation.CancelAsync();

        var result = await execution;

        Assert.Equal(ErrorCodes.RequestCancelled, result.Errors.Last().Code);
    }
}

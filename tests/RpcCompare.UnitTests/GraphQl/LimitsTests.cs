using System.Text;
using System.Text.Json;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class LimitsTests
{
    [Fact]
    public async Task DepthLimitRejectsBeforeAnythingRuns()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { MaxExecutionDepth = 3 });

        var result = await host.RunAsync("{ nodes(first: 1) { links { target { ...Name } } } } fragment Name on NodeSummary { name }");

        var error = Assert.Single(result.GetProperty("errors").EnumerateArray());
        Assert.Equal(ErrorCodes.MaxExecutionDepthExceeded, Code(error));
        Assert.Equal(
            "The GraphQL document has an execution depth of 4 which exceeds the max allowed execution depth of 3.",
            error.GetProperty("message").GetString());
        Assert.False(result.TryGetProperty("data", out _));
        Assert.Equal(0, host.Graph.NodeCalls);
    }

    [Fact]
    public async Task QueriesWithinTheDepthLimitRun()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { MaxExecutionDepth = 4 });

        var result = await host.RunAsync("{ nodes(first: 1) { links { target { name } } } }");

        Assert.False(result.TryGetProperty("errors", out _));
    }

    [Fact]
    public async Task CostLimitRejectsAHugeSlicingArgument()
    {
        using var host = new GraphQlTestHost();

        var result = await host.RunAsync("{ nodes(first: 100000) { id } }");

        var error = Assert.Single(result.GetProperty("errors").EnumerateArray());
        Assert.Equal(ErrorCodes.MaxCostExceeded, Code(error));
        Assert.Equal(100_000, error.GetProperty("extensions").GetProperty("typeCost").GetDouble());
        Assert.Equal(0, host.Graph.NodeCalls);
    }

    [Fact]
    public async Task CostLimitReadsSlicingArgumentsFromVariables()
    {
        using var host = new GraphQlTestHost();
        const string query = "query ($n: Int!) { nodes(first: $n) { id } }";

        var small = await host.RunAsync(query, new { n = 5 });
        var huge = await host.RunAsync(query, new { n = 100_000 });
        var smallAgain = await host.RunAsync(query, new { n = 5 });

        Assert.Equal(5, small.GetProperty("data").GetProperty("nodes").GetArrayLength());
        Assert.Equal(ErrorCodes.MaxCostExceeded, Code(huge.GetProperty("errors")[0]));
        Assert.True(smallAgain.TryGetProperty("data", out _));
    }

    [Fact]
    public async Task CostLimitCountsEveryAliasSoAmplificationIsRejected()
    {
        using var host = new GraphQlTestHost();
        var query = new StringBuilder("{");
        for (var i = 0; i < 150; i++)
        {
            query.Append(" n").Append(i).Append(": node(id: 1) { id }");
        }

        var result = await host.RunAsync(query.Append(" }").ToString());

        var error = Assert.Single(result.GetProperty("errors").EnumerateArray());
        Assert.Equal(ErrorCodes.MaxCostExceeded, Code(error));
        Assert.Equal(1500, error.GetProperty("extensions").GetProperty("fieldCost").GetDouble());
    }

    [Fact]
    public async Task ListArgumentLengthSizesTheList()
    {
        using var host = new GraphQlTestHost(graph: new TestGraph(nodeCount: 2000));
        var ids = string.Join(", ", Enumerable.Range(1, 2000));

        var result = await host.RunAsync($"{{ neighbourhoods(ids: [{ids}]) {{ node {{ id }} }} }}");

        Assert.Equal(ErrorCodes.MaxCostExceeded, Code(result.GetProperty("errors")[0]));
        Assert.Equal(4000, result.GetProperty("errors")[0].GetProperty("extensions").GetProperty("typeCost").GetDouble());
    }

    [Fact]
    public async Task CostLimitsCanBeTurnedOff()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { Cost = new CostOptions { EnforceCostLimits = false } });

        var result = await host.RunAsync("{ nodes(first: 100000) { id } }");

        Assert.Equal(10, result.GetProperty("data").GetProperty("nodes").GetArrayLength());
    }

    [Fact]
    public async Task CostReportIsAddedOnRequest()
    {
        using var host = new GraphQlTestHost();

        var result = await host.Executor.ExecuteAsync(
            new GraphQlRequest("{ nodes(first: 3) { id links { id } } }") { ReportCost = true },
            host.Provider);

        Assert.Contains("\"extensions\":{\"operationCost\":{\"fieldCost\":13,\"typeCost\":33}}", result.ToJson(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task FieldExpansionBeyondTheLimitIsRejected()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { MaxFieldsPerOperation = 5 });

        var result = await host.RunAsync("{ a: kinds b: kinds c: kinds d: kinds e: kinds f: kinds }");

        Assert.Equal(ErrorCodes.MaxFieldCountExceeded, Code(result.GetProperty("errors")[0]));
        Assert.False(result.TryGetProperty("data", out _));
    }

    [Fact]
    public async Task DeeplyNestedDocumentIsRejectedByTheParser()
    {
        using var host = new GraphQlTestHost();
        var query = string.Concat(Enumerable.Repeat("{ a ", 10_000)) + string.Concat(Enumerable.Repeat("}", 10_000));

        var result = await host.RunAsync(query);

        Assert.Equal(ErrorCodes.MaxParserDepthExceeded, Code(result.GetProperty("errors")[0]));
    }

    [Fact]
    public async Task DocumentWithHugeTokenCountIsRejected()
    {
        using var host = new GraphQlTestHost();
        var query = "{ " + string.Concat(Enumerable.Repeat("__typename ", 20_000)) + "}";

        var result = await host.RunAsync(query);

        Assert.Equal(ErrorCodes.MaxTokensExceeded, Code(result.GetProperty("errors")[0]));
        Assert.Equal(0, host.Executor.CachedDocuments);
    }

    [Fact]
    public async Task OverlongDocumentIsRejectedBeforeParsing()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { Parser = new() { MaxDocumentLength = 1_000 } });

        var result = await host.RunAsync("{ ping(payload: \"" + new string('x', 2_000) + "\") }");

        Assert.Equal(ErrorCodes.MaxDocumentLengthExceeded, Code(result.GetProperty("errors")[0]));
    }

    [Fact]
    public async Task IntrospectionCyclesAreRejected()
    {
        using var host = new GraphQlTestHost();

        var result = await host.RunAsync("{ __schema { types { fields { type { fields { type { name } } } } } } }");

        Assert.Equal(ErrorCodes.MaxIntrospectionDepthExceeded, Code(result.GetProperty("errors")[0]));
    }

    [Fact]
    public async Task FragmentExplosionInsideIntrospectionIsRejected()
    {
        using var host = new GraphQlTestHost();
        var query = new StringBuilder("{ __type(name: \"Query\") { ...T0 } }\n");
        for (var i = 0; i < 15; i++)
        {
            query.Append($"fragment T{i} on __Type {{ a: ofType {{ ...T{i + 1} }} b: ofType {{ ...T{i + 1} }} }}\n");
        }

        query.Append("fragment T15 on __Type { name }");

        var result = await host.RunAsync(query.ToString());

        Assert.Equal(ErrorCodes.MaxIntrospectionDepthExceeded, Code(result.GetProperty("errors")[0]));
    }

    [Fact]
    public async Task StandardIntrospectionQueryPassesEveryLimit()
    {
        using var host = new GraphQlTestHost();

        var result = await host.RunAsync(IntrospectionQuery.Text);

        Assert.False(result.TryGetProperty("errors", out _), result.GetRawText());
        var types = result.GetProperty("data").GetProperty("__schema").GetProperty("types");
        Assert.Contains(types.EnumerateArray(), t => t.GetProperty("name").GetString() == "WideRecord");
    }

    [Fact]
    public async Task IntrospectionCanBeDisabled()
    {
        using var host = new GraphQlTestHost(new GraphQlOptions { EnableIntrospection = false });

        var result = await host.RunAsync("{ __schema { queryType { name } } }");
        var typename = await host.RunAsync("{ __typename }");

        Assert.Equal(ErrorCodes.IntrospectionNotAllowed, Code(result.GetProperty("errors")[0]));
        Assert.Equal("Query", typename.GetProperty("data").GetProperty("__typename").GetString());
    }

    private static string? Code(JsonElement error) => error.GetProperty("extensions").GetProperty("code").GetString();
}

using System.Globalization;
using System.Net;
using System.Text;
using System.Text.Json;
using GraphQL;
using GraphQL.Types;
using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Data;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.Server.GraphQl;

namespace RpcCompare.IntegrationTests.Abuse;

/// <summary>
/// One small hostile request each against the real GraphQL host: it is refused with its limit's code, the host's memory and
/// CPU spent on it stay bounded (read from /proc, never from a clock), and the next good request is answered.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class GraphQlAbuseTests(DatabaseFixture db)
{
    private const long MaxRssGrowthBytes = 100L * 1024 * 1024;
    private static readonly TimeSpan MaxCpu = TimeSpan.FromSeconds(10);

    /// <summary>Each fragment spreads the next twice: 2^n fields once expanded, from a document of 1 to 2 KB.</summary>
    [Theory]
    [InlineData(22)]
    [InlineData(40)]
    public async Task AFragmentBombIsRefusedForItsExpandedFields(int fragments)
    {
        var document = new StringBuilder("query { __schema { types { ...f0 } } }\n");
        for (var i = 0; i < fragments; i++)
        {
            document.Append(CultureInfo.InvariantCulture, $"fragment f{i} on __Type {{ ...f{i + 1} ...f{i + 1} }}\n");
        }
        document.Append(CultureInfo.InvariantCulture, $"fragment f{fragments} on __Type {{ name }}\n");

        await AssertRefusedBoundedAsync(document.ToString(), "TOO_MANY_FIELDS");
    }

    [Fact]
    public async Task ThreeThousandAliasedSchemasAreRefusedForTheirFields()
    {
        var document = "{" + string.Concat(Enumerable.Range(0, 3_000).Select(i => $"a{i}:__schema{{types{{name}}}} ")) + "}";
        Assert.True(document.Length <= DocumentLimits.MaxLength, "the document must pass the length cap to reach the field cap");

        await AssertRefusedBoundedAsync(document, "TOO_MANY_FIELDS");
    }

    /// <summary>The cost model refuses the same document on its own, without the caps before validation (run in-process).</summary>
    [Fact]
    public async Task ThreeThousandAliasedSchemasAreRefusedByCostAlone()
    {
        var document = "{" + string.Concat(Enumerable.Range(0, 3_000).Select(i => $"a{i}:__schema{{types{{name}}}} ")) + "}";
        await using var provider = await InProcessSchemaAsync();

        var result = await ExecuteInProcessAsync(provider, document);

        Assert.False(result.Executed);
        Assert.Equal("COMPLEXITY", Assert.Single(result.Errors!).Code);
    }

    /// <summary>
    /// As many aliased links of the top hub as the root-field cap allows: the old fixed cost (20 per links, its targets
    /// 20 times 1) let them through, the degree-bound cost does not.
    /// </summary>
    [Fact]
    public async Task AliasedLinksOfTheTopHubAreRefusedByCost()
    {
        var hub = db.Generator.HubIds[0];
        var degree = db.Generator.DegreeOf(hub);
        var aliases = DocumentLimits.MaxRootFields;
        Assert.True(aliases * (20 + 20) <= 12_000, "the old cost model would have let this document through");
        Assert.True(aliases * (GraphCost.ResolverImpact + 2.0 * degree) > GraphCost.MaxComplexityFor(degree), "the new one must not");
        var document = "{ " + string.Concat(Enumerable.Range(0, aliases).Select(i => $"a{i}: links(nodeId: {hub}) {{ id target {{ id }} }} ")) + "}";

        await AssertRefusedBoundedAsync(document, "COMPLEXITY");
    }

    [Fact]
    public async Task OneLinksOfTheTopHubIsAnswered()
    {
        var hub = db.Generator.HubIds[0];
        using var http = await HttpAsync();

        using var response = await PostAsync(http, $"{{ links(nodeId: {hub}) {{ id type weight createdAt target {{ id name type }} }} }}", json: true);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        Assert.False(body.RootElement.TryGetProperty("errors", out _));
        Assert.Equal(db.Generator.DegreeOf(hub), body.RootElement.GetProperty("data").GetProperty("links").GetArrayLength());
    }

    /// <summary>Each fragment spreads the next once: a chain longer than the fragment cap, or than the length cap.</summary>
    [Theory]
    [InlineData(1_000, "TOO_MANY_FRAGMENTS")]
    [InlineData(5_000, "DOCUMENT_TOO_LARGE")]
    public async Task ALongFragmentChainIsRefusedByACap(int fragments, string code) =>
        await AssertRefusedBoundedAsync(FragmentChain(fragments), code);

    [Fact]
    public async Task AFragmentChainWithinTheCapIsAnswered()
    {
        using var http = await HttpAsync();

        using var response = await PostAsync(http, FragmentChain(DocumentLimits.MaxFragments), json: true);
        var body = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("""{"data":{"__typename":"Query"}}""", body);
    }

    [Fact]
    public async Task AHugeDocumentIsRefusedForItsLength()
    {
        var document = "{ ping(payload: \"" + new string('x', 3_000_000) + "\") }";

        await AssertRefusedBoundedAsync(document, "DOCUMENT_TOO_LARGE");
    }

    /// <summary>A refusal before validation keeps the media-type rule: 200 with errors for application/json.</summary>
    [Fact]
    public async Task ARefusalInPlainJsonIsA200WithErrors()
    {
        using var http = await HttpAsync();

        using var response = await PostAsync(http, FragmentChain(1_000), json: true);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("TOO_MANY_FRAGMENTS", ErrorCode(await response.Content.ReadAsStringAsync()));
    }

    /// <summary>
    /// One alias over two different fields, 400 times each: GraphQL.NET would compare the 800 in pairs and report 160,000
    /// conflicts; the cap on fields of one response name refuses the document first.
    /// </summary>
    [Fact]
    public async Task ConflictingAliasesAreRefusedBeforeTheirPairsAreCompared()
    {
        var document = "{ node(id: 1) { " + string.Concat(Enumerable.Repeat("n: name n: type ", 400)) + "} }";

        await AssertRefusedBoundedAsync(document, "TOO_MANY_FIELDS");
    }

    /// <summary>Two selection sets of ten `n: name` beside ten `n: type`: 200 conflicts, of which 100 are reported.</summary>
    [Fact]
    public async Task AtMostAHundredErrorsAreReported()
    {
        var conflicts = string.Concat(Enumerable.Repeat("n: name ", 10)) + string.Concat(Enumerable.Repeat("n: type ", 10));
        using var http = await HttpAsync();

        using var response = await PostAsync(http, $"{{ a: node(id: 1) {{ {conflicts} }} b: node(id: 2) {{ {conflicts} }} }}", json: false);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        var errors = body.RootElement.GetProperty("errors");
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(GraphQlEndpoint.MaxErrors + 1, errors.GetArrayLength());
        Assert.Equal("TOO_MANY_ERRORS", errors[GraphQlEndpoint.MaxErrors].GetProperty("extensions").GetProperty("code").GetString());
        Assert.Equal("The request caused 200 errors; the first 100 are reported.", errors[GraphQlEndpoint.MaxErrors].GetProperty("message").GetString());
    }

    /// <summary>The host reports the degree table it loaded before listening and the cost limit that follows from it.</summary>
    [Fact]
    public async Task TheHostReportsItsDegreeTableAndCostLimit()
    {
        var host = await db.HostAsync("graphql");
        var hubs = db.Generator.HubIds.Count;
        var maxDegree = db.Generator.DegreeOf(db.Generator.HubIds[0]);

        var configuration = host.Ready.Configuration.ToDictionary(e => e.Key, e => e.Value);
        Assert.False(configuration["degree table"].StartsWith("not loaded", StringComparison.Ordinal), host.RecentOutput);

        Assert.Equal($"{hubs:N0} nodes with more than {DegreeBounds.Threshold} links, max degree {maxDegree:N0}", configuration["degree table"]);
        Assert.Equal($"{GraphCost.MaxComplexityFor(maxDegree):N0}", configuration["max complexity (this dataset)"]);
    }

    /// <summary>`query { ...a0 }` and fragments a0..a(n-1), each spreading the next, the last selecting __typename.</summary>
    private static string FragmentChain(int fragments)
    {
        var document = new StringBuilder("query{...a0}");
        for (var i = 0; i < fragments - 1; i++)
        {
            document.Append(CultureInfo.InvariantCulture, $"fragment a{i} on Query{{...a{i + 1}}}");
        }
        document.Append(CultureInfo.InvariantCulture, $"fragment a{fragments - 1} on Query{{__typename}}");
        return document.ToString();
    }

    /// <summary>
    /// Sends the document in the GraphQL media type and asserts its refusal (400, the code, no data), then that the host's
    /// RSS grew less than 100 MB and its CPU time less than 10 s over the request, and that it answers a ping.
    /// </summary>
    private async Task AssertRefusedBoundedAsync(string document, string code)
    {
        var host = await db.HostAsync("graphql");
        using var http = await HttpAsync();
        await AssertStillServingAsync(http);
        var before = ProcessUsage.Read(host.Pid);

        using var response = await PostAsync(http, document, json: false);
        var body = await response.Content.ReadAsStringAsync();

        var after = ProcessUsage.Read(host.Pid);
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(code, ErrorCode(body));
        Assert.DoesNotContain("\"data\"", body, StringComparison.Ordinal);
        Assert.InRange(after.RssBytes - before.RssBytes, long.MinValue, MaxRssGrowthBytes);
        Assert.InRange(after.Cpu - before.Cpu, TimeSpan.Zero, MaxCpu);
        await AssertStillServingAsync(http);
    }

    private async Task<ServiceProvider> InProcessSchemaAsync()
    {
        var services = new ServiceCollection().AddLogging();
        services.AddGraphData(db.ConnectionString);
        services.AddGraphQlSchema(detailedErrors: false);
        var provider = services.BuildServiceProvider();
        var rows = await db.RowsAsync("SELECT id, link_count FROM nodes WHERE link_count > $1", DegreeBounds.Threshold);
        provider.GetRequiredService<DegreeBounds>().Load(rows.Select(r => KeyValuePair.Create((long)r[0], (int)r[1])));
        return provider;
    }

    private static async Task<ExecutionResult> ExecuteInProcessAsync(IServiceProvider provider, string query)
    {
        await using var scope = provider.CreateAsyncScope();
        return await scope.ServiceProvider.GetRequiredService<IDocumentExecuter<ISchema>>().ExecuteAsync(new ExecutionOptions
        {
            Query = query,
            RequestServices = scope.ServiceProvider,
        });
    }

    private async Task<HttpClient> HttpAsync()
    {
        var host = await db.HostAsync("graphql");
        return new HttpClient { BaseAddress = new Uri(host.Ready.Endpoints["http"]) };
    }

    private static async Task<HttpResponseMessage> PostAsync(HttpClient http, string query, bool json)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(JsonSerializer.Serialize(new { query }), Encoding.UTF8, "application/json"),
        };
        request.Headers.Accept.ParseAdd(json ? GraphQlEndpoint.JsonMediaType : GraphQlEndpoint.GraphQlResponseMediaType);
        return await http.SendAsync(request);
    }

    private static string? ErrorCode(string body) =>
        JsonDocument.Parse(body).RootElement.GetProperty("errors")[0].GetProperty("extensions").GetProperty("code").GetString();

    private static async Task AssertStillServingAsync(HttpClient http)
    {
        using var response = await PostAsync(http, "{ ping(payload: \"still here\") }", json: true);
        Assert.Equal("""{"data":{"ping":"still here"}}""", await response.Content.ReadAsStringAsync());
    }
}

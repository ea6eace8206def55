using System.Diagnostics;
using System.Net;
using System.Text;
using System.Text.Json;
using GraphQL;
using GraphQL.Types;
using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Data;
using RpcCompare.Data.Queries;
using RpcCompare.Server.GraphQl;
using RpcCompare.IntegrationTests.Infrastructure;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>The GraphQL host on GraphQL.NET: its schema, its batching and its limits, as a client sees them.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class GraphQlHostTests(DatabaseFixture db)
{
    /// <summary>The SDL clients see; a change to it is a change of the contract (Snapshots/GraphSchema.graphql).</summary>
    [Fact]
    public async Task TheSchemaIsTheSnapshot()
    {
        using var http = await HttpAsync();

        var sdl = await http.GetStringAsync("/graphql/schema.graphql");

        var expected = await File.ReadAllTextAsync(Path.Combine(AppContext.BaseDirectory, "Servers", "Snapshots", "GraphSchema.graphql"));
        Assert.Equal(expected.ReplaceLineEndings().Trim(), sdl.ReplaceLineEndings().Trim());
    }

    /// <summary>
    /// Node.links of every node of a page is fetched in one batch: the page costs two calls of the query service (the page,
    /// then one GetNeighbourhoods for all its nodes) and three SQL commands (the page; the batch's nodes and links), for a
    /// page of 5 nodes as for a page of 200 (counted as Npgsql's command activities of this query).
    /// </summary>
    [Theory]
    [InlineData(5)]
    [InlineData(200)]
    public async Task APageCostsTheSameFewSqlCommandsWhateverItsSize(int pageSize)
    {
        var services = new ServiceCollection().AddLogging();
        services.AddGraphData(db.ConnectionString, new GraphQueryOptions());
        services.AddGraphQlSchema(detailedErrors: false);
        await using var provider = services.BuildServiceProvider();
        var query = $"{{ nodes(first: {pageSize}) {{ id name links {{ id weight target {{ id name }} }} }} }}";
        await RunAsync(provider, query);

        using var root = new ActivitySource("RpcCompare.IntegrationTests.RoundTrips").StartActivity("page")
            ?? new Activity("page").Start();
        var commands = 0;
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == "Npgsql",
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllData,
            ActivityStopped = activity =>
            {
                if (activity.TraceId == root.TraceId)
                {
                    Interlocked.Increment(ref commands);
                }
            },
        };
        ActivitySource.AddActivityListener(listener);
        var result = await RunAsync(provider, query);

        Assert.Null(result.Errors);
        Assert.Equal(3, Volatile.Read(ref commands));
    }

    [Fact]
    public async Task AbusiveQueriesAreRefusedBeforeAnythingRuns()
    {
        using var http = await HttpAsync();
        var deep = "{ nodes(first: 1) { " + string.Concat(Enumerable.Repeat("links { target { ", 30)) + "id"
            + string.Concat(Enumerable.Repeat(" } }", 30)) + " } }";
        var aliases = "{ " + string.Join(' ', Enumerable.Range(0, 1_000).Select(i => $"a{i}: ping(payload: \"x\")")) + " }";
        var bomb = "{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }";

        foreach (var query in new[] { deep, aliases, bomb })
        {
            using var response = await QueryAsync(http, query);
            var body = await response.Content.ReadAsStringAsync();
            Assert.Contains("\"errors\"", body, StringComparison.Ordinal);
            Assert.DoesNotContain("\"data\"", body, StringComparison.Ordinal);
        }
        await AssertStillServingAsync(http);
    }

    [Fact]
    public async Task TheStandardIntrospectionQueryPassesEveryLimit()
    {
        using var http = await HttpAsync();

        using var response = await QueryAsync(http, GraphQlDocuments.StandardIntrospectionQuery);
        var body = await response.Content.ReadAsStringAsync();

        Assert.DoesNotContain("\"errors\"", body, StringComparison.Ordinal);
        Assert.Contains("\"searchNodes\"", body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MalformedRequestsGetAnErrorsBodyWithTheirStatus()
    {
        using var http = await HttpAsync();

        using var notJson = await PostAsync(http, "{\"query\": ", "application/json");
        using var noQuery = await PostAsync(http, "{\"variables\": {}}", "application/json");
        using var text = await PostAsync(http, "{ ping(payload: \"x\") }", "text/plain");

        Assert.Equal(HttpStatusCode.BadRequest, notJson.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, noQuery.StatusCode);
        Assert.Equal(HttpStatusCode.UnsupportedMediaType, text.StatusCode);
        foreach (var response in new[] { notJson, noQuery, text })
        {
            var body = await response.Content.ReadAsStringAsync();
            Assert.Contains("\"errors\"", body, StringComparison.Ordinal);
            Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        }
        await AssertStillServingAsync(http);
    }

    [Fact]
    public async Task AVariableOfTheWrongTypeIsARequestErrorNamingTheVariable()
    {
        using var http = await HttpAsync();
        var request = JsonSerializer.Serialize(new
        {
            query = "query Links($nodeId: Long!) { links(nodeId: $nodeId) { id } }",
            variables = new { nodeId = "not a number" },
        });

        using var response = await PostAsync(http, request, "application/json");
        var error = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.GetProperty("errors")[0];

        Assert.Contains("nodeId", error.GetProperty("message").GetString(), StringComparison.Ordinal);
        await AssertStillServingAsync(http);
    }

    [Fact]
    public async Task AQueryServiceRefusalKeepsOnlyItsMessageAndCode()
    {
        using var http = await HttpAsync();

        using var response = await QueryAsync(http, "{ records(snapshotId: -3, count: 1) { id } }");
        var body = await response.Content.ReadAsStringAsync();
        var error = JsonDocument.Parse(body).RootElement.GetProperty("errors")[0];

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("NOT_FOUND", error.GetProperty("extensions").GetProperty("code").GetString());
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        Assert.DoesNotContain("SELECT", body, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task AResponseMediaTypeOfGraphQlMakesARequestErrorA400()
    {
        using var http = await HttpAsync();
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent("{\"query\": \"{ nosuchfield }\"}", Encoding.UTF8, "application/json"),
        };
        request.Headers.Accept.ParseAdd(GraphQlEndpoint.GraphQlResponseMediaType);

        using var response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(GraphQlEndpoint.GraphQlResponseMediaType, response.Content.Headers.ContentType?.MediaType);
    }

    private async Task<HttpClient> HttpAsync()
    {
        var host = await db.HostAsync("graphql");
        return new HttpClient { BaseAddress = new Uri(host.Ready.Endpoints["http"]) };
    }

    private static async Task<ExecutionResult> RunAsync(IServiceProvider provider, string query)
    {
        await using var scope = provider.CreateAsyncScope();
        return await scope.ServiceProvider.GetRequiredService<IDocumentExecuter<ISchema>>().ExecuteAsync(new ExecutionOptions
        {
            Query = query,
            RequestServices = scope.ServiceProvider,
        });
    }

    private static Task<HttpResponseMessage> QueryAsync(HttpClient http, string query) =>
        PostAsync(http, JsonSerializer.Serialize(new { query }), "application/json");

    private static Task<HttpResponseMessage> PostAsync(HttpClient http, string body, string contentType) =>
        http.PostAsync("/graphql", new StringContent(body, Encoding.UTF8, contentType));

    private static async Task AssertStillServingAsync(HttpClient http)
    {
        using var response = await QueryAsync(http, "{ ping(payload: \"still here\") }");
        Assert.Contains("still here", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }
}

using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

public sealed class HttpEndpointTests(GraphQlServerFixture server) : IClassFixture<GraphQlServerFixture>
{
    private const string GraphQlResponseJson = "application/graphql-response+json";

    [Fact]
    public async Task PostAnswersWithJsonByDefault()
    {
        using var response = await PostAsync("""{"query":"{ ping(payload: \"hi\") }"}""");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType!.MediaType);
        Assert.Equal("utf-8", response.Content.Headers.ContentType.CharSet);
        Assert.Equal("""{"data":{"ping":"hi"}}""", await response.Content.ReadAsStringAsync());
        Assert.Null(response.Headers.TransferEncodingChunked);
    }

    [Fact]
    public async Task PostNegotiatesTheGraphQlResponseMediaType()
    {
        using var response = await PostAsync("""{"query":"{ kinds }"}""", accept: $"{GraphQlResponseJson}, application/json;q=0.9");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(GraphQlResponseJson, response.Content.Headers.ContentType!.MediaType);
    }

    [Fact]
    public async Task PostPassesVariablesAndOperationName()
    {
        using var response = await PostAsync("""
            {"query":"query A { a: ping(payload: \"a\") } query B($id: Long!) { node(id: $id) { name } }","operationName":"B","variables":{"id":7},"extensions":{"ignored":true}}
            """);

        Assert.Equal("""{"data":{"node":{"name":"node-7"}}}""", await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData(GraphQlResponseJson, HttpStatusCode.BadRequest)]
    [InlineData("application/json", HttpStatusCode.OK)]
    public async Task RequestErrorStatusDependsOnTheMediaType(string accept, HttpStatusCode expected)
    {
        using var response = await PostAsync("""{"query":"{ nope }"}""", accept: accept);

        Assert.Equal(expected, response.StatusCode);
        var body = await ReadJsonAsync(response);
        Assert.False(body.TryGetProperty("data", out _));
        Assert.Equal(ErrorCodes.ValidationError, Code(body));
    }

    [Fact]
    public async Task FieldErrorsAnswerOkWithData()
    {
        using var response = await PostAsync("""{"query":"{ failing kinds }"}""", accept: GraphQlResponseJson);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var body = await ReadJsonAsync(response);
        Assert.Equal(2, body.GetProperty("data").GetProperty("kinds").GetArrayLength());
        Assert.Equal(ErrorCodes.UnexpectedExecutionError, Code(body));
    }

    [Fact]
    public async Task GetRunsQueriesWithVariables()
    {
        var query = Uri.EscapeDataString("query ($id: Long!) { node(id: $id) { id name } }");
        var variables = Uri.EscapeDataString("""{"id":3}""");

        using var response = await server.Client.GetAsync($"/graphql?query={query}&variables={variables}");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("""{"data":{"node":{"id":3,"name":"node-3"}}}""", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task GetRefusesMutations()
    {
        var query = Uri.EscapeDataString("mutation { prepareSnapshot(size: 1) { id } }");

        using var response = await server.Client.GetAsync($"/graphql?query={query}");

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
        Assert.Contains("POST", response.Content.Headers.Allow);
        Assert.Equal(ErrorCodes.OperationNotAllowed, Code(await ReadJsonAsync(response)));
    }

    [Theory]
    [InlineData("{ \"query\": ", "not valid JSON")]
    [InlineData("""{"variables":{}}""", "has no \"query\"")]
    [InlineData("""{"query":""}""", "has no \"query\"")]
    [InlineData("""{"query":42}""", "\"query\" must be a string")]
    [InlineData("""{"query":"{ kinds }","variables":[1]}""", "\"variables\" must be a JSON object")]
    [InlineData("""[{"query":"{ kinds }"}]""", "Batched requests")]
    [InlineData("""{"query":"{ kinds }"} {}""", "not valid JSON")]
    public async Task MalformedRequestGetsBadRequestWithAnErrorsBody(string body, string message)
    {
        using var response = await PostAsync(body);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var json = await ReadJsonAsync(response);
        Assert.Equal(ErrorCodes.InvalidRequest, Code(json));
        Assert.Contains(message, json.GetProperty("errors")[0].GetProperty("message").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task OversizedBodyGetsPayloadTooLargeAndTheServerKeepsServing()
    {
        var payload = new string('x', GraphQlServerFixture.MaxBodySize * 4);

        using var tooLarge = await PostAsync($$"""{"query":"{ ping(payload: \"{{payload}}\") }"}""");
        using var next = await PostAsync("""{"query":"{ kinds }"}""");

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, tooLarge.StatusCode);
        Assert.Equal(ErrorCodes.RequestTooLarge, Code(await ReadJsonAsync(tooLarge)));
        Assert.Equal(HttpStatusCode.OK, next.StatusCode);
    }

    [Fact]
    public async Task OversizedChunkedBodyGetsPayloadTooLarge()
    {
        var payload = Encoding.UTF8.GetBytes($$"""{"query":"{ ping(payload: \"{{new string('y', GraphQlServerFixture.MaxBodySize * 2)}}\") }"}""");
        using var content = new StreamContent(new MemoryStream(payload));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = content };
        request.Headers.TransferEncodingChunked = true;

        using var response = await server.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
    }

    [Fact]
    public async Task WrongContentTypeGetsUnsupportedMediaType()
    {
        using var content = new StringContent("{ kinds }", Encoding.UTF8, "application/graphql");

        using var response = await server.Client.PostAsync("/graphql", content);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        Assert.Equal(ErrorCodes.UnsupportedMediaType, Code(await ReadJsonAsync(response)));
    }

    [Fact]
    public async Task UnacceptableAcceptHeaderGetsNotAcceptable()
    {
        using var response = await PostAsync("""{"query":"{ kinds }"}""", accept: "text/html");

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
    }

    [Fact]
    public async Task SchemaEndpointServesTheSdl()
    {
        using var response = await server.Client.GetAsync("/graphql/schema.graphql");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("text/plain", response.Content.Headers.ContentType!.MediaType);
        Assert.Equal(server.Schema.ToSdl(), await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task LargeResultsAreStreamedInChunks()
    {
        using var response = await PostAsync("""{"query":"{ records(snapshotId: 1, count: 20000) { id title comment rank score active stamp } }"}""");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.True(response.Headers.TransferEncodingChunked);
        var records = (await ReadJsonAsync(response)).GetProperty("data").GetProperty("records");
        Assert.Equal(20_000, records.GetArrayLength());
        Assert.Equal(20_000, records[19_999].GetProperty("id").GetInt64());
    }

    [Fact]
    public async Task EachRequestGetsItsOwnDataLoaderBatch()
    {
        var before = server.Graph.LinkBatches.Count;

        using var first = await PostAsync("""{"query":"{ nodes(first: 20) { links { id } } }"}""");
        using var second = await PostAsync("""{"query":"{ nodes(first: 20) { links { id } } }"}""");

        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
        Assert.Equal(await first.Content.ReadAsStringAsync(), await second.Content.ReadAsStringAsync());
        Assert.Equal(before + 2, server.Graph.LinkBatches.Count);
    }

    [Fact]
    public async Task CostReportHeaderAddsTheCostExtension()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent("""{"query":"{ nodes(first: 2) { id } }"}""", Encoding.UTF8, "application/json"),
        };
        request.Headers.Add("GraphQL-Cost", "report");

        using var response = await server.Client.SendAsync(request);

        Assert.Contains("\"operationCost\":{\"fieldCost\":10,\"typeCost\":2}", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    private async Task<HttpResponseMessage> PostAsync(string body, string? accept = null)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(body, Encoding.UTF8, "application/json"),
        };
        if (accept is not null)
        {
            request.Headers.TryAddWithoutValidation("Accept", accept);
        }

        return await server.Client.SendAsync(request);
    }

    private static async Task<JsonElement> ReadJsonAsync(HttpResponseMessage response) =>
        JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.Clone();

    private static string? Code(JsonElement body) =>
        body.GetProperty("errors")[0].GetProperty("extensions").GetProperty("code").GetString();
}

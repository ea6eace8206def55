using System.Net;
using System.Net.Http.Headers;
using System.Net.Sockets;
using System.Text;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// Bad input gets each stack's own proper error, never a stack trace, and the host serves the next good request.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class BadInputTests(DatabaseFixture db)
{
    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task LimitsOutsideTheirRangeAreInvalidArguments(string stack)
    {
        var client = (await db.ClientsAsync())[stack];

        await AssertRefusedAsync(client, c => c.SearchNodesAsync("amber", -1, default), ErrorKind.InvalidArgument);
        await AssertRefusedAsync(client, c => c.SearchNodesAsync("amber", 100_001, default), ErrorKind.InvalidArgument);
        await AssertRefusedAsync(client, c => c.ListNodesAsync(0, 0, default), ErrorKind.InvalidArgument);
        await AssertRefusedAsync(client, c => c.GetRecordsAsync(-3, 1, default), ErrorKind.NotFound);
        await AssertStillServingAsync(client);
    }

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task EmptyAndMegabyteSearchTermsAreRefused(string stack)
    {
        var client = (await db.ClientsAsync())[stack];

        await AssertRefusedAsync(client, c => c.SearchNodesAsync("", 10, default), ErrorKind.InvalidArgument);
        // REST and grpc-json carry the term in the URL, which Kestrel refuses as too long (414) before the query service sees it.
        await AssertRefusedAsync(client, c => c.SearchNodesAsync(new string('x', 1_048_576), 10, default),
            stack is StackCatalog.Rest or StackCatalog.GrpcJson ? ErrorKind.OverLimit : ErrorKind.InvalidArgument);
        await AssertStillServingAsync(client);
    }

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task SqlMetacharactersInATermAreJustText(string stack)
    {
        var client = (await db.ClientsAsync())[stack];

        foreach (var term in new[] { "'; DROP TABLE nodes; --", "%", "_", "a%' OR '1'='1", "\\" })
        {
            Assert.Empty(await client.SearchNodesAsync(term, 100, default));
        }
        Assert.True(await db.ScalarAsync<long>("SELECT count(*) FROM nodes") >= db.Spec.Nodes);
    }

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task OversizedPingPayloadsAreRefusedByTheServiceOrTheTransport(string stack)
    {
        var client = (await db.ClientsAsync())[stack];

        await AssertRefusedAsync(client, c => c.PingAsync(new string('p', 1_048_577), default), ErrorKind.InvalidArgument);
        var transport = await Assert.ThrowsAsync<GraphCallException>(() => client.PingAsync(new string('p', 100_000_000), default));
        Assert.DoesNotContain("   at ", transport.Message, StringComparison.Ordinal);
        await AssertStillServingAsync(client);
    }

    [Fact]
    public async Task RestAnswersAMalformedBodyWith400ProblemDetails()
    {
        var host = await db.HostAsync("rest");
        using var http = new HttpClient { BaseAddress = new Uri(host.Ready.Endpoints["http"]) };

        using var response = await http.PostAsync("/api/ping", new StringContent("{\"payload\":", Encoding.UTF8, "application/json"));
        var body = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        await AssertStillServingAsync((await db.ClientsAsync())["rest"]);
    }

    [Theory]
    [InlineData("/api/nodes/abc/links", "abc")]
    [InlineData("/api/nodes/9223372036854775808/links", "9223372036854775808")]
    [InlineData("/api/nodes/1.5/links/stream", "1.5")]
    [InlineData("/api/nodes/abc", "abc")]
    [InlineData("/api/snapshots/x/records?count=1", "from \\\"x\\\"")]
    public async Task RestAnswersAnIdThatIsNoNumberWith400NamingIt(string path, string named)
    {
        var host = await db.HostAsync("rest");
        using var http = new HttpClient { BaseAddress = new Uri(host.Ready.Endpoints["http"]) };

        using var response = await http.GetAsync(path);
        var body = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains(named, body, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        await AssertStillServingAsync((await db.ClientsAsync())["rest"]);
    }

    [Fact]
    public async Task GrpcAnswersAGarbageMessageWithAnErrorStatus()
    {
        var host = await db.HostAsync("grpc");
        using var http = new HttpClient
        {
            BaseAddress = new Uri(host.Ready.Endpoints["grpc"]),
            DefaultRequestVersion = HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        var garbage = new ByteArrayContent([0, 0, 0, 0, 6, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
        garbage.Headers.ContentType = new MediaTypeHeaderValue("application/grpc");

        using var response = await http.PostAsync("/rpccompare.v1.Graph/Ping", garbage);
        await response.Content.ReadAsByteArrayAsync();
        string Trailer(string name) => response.TrailingHeaders.TryGetValues(name, out var trailer) ? trailer.Single()
            : response.Headers.GetValues(name).Single();

        // Grpc.AspNetCore reports a request message that does not parse as Unknown, "Exception was thrown by handler.",
        // and says no more unless detailed errors are on (they are off).
        Assert.Equal("2", Trailer("grpc-status"));
        Assert.DoesNotContain("   at ", Uri.UnescapeDataString(Trailer("grpc-message")), StringComparison.Ordinal);
        await AssertStillServingAsync((await db.ClientsAsync())["grpc"]);
    }

    [Fact]
    public async Task GraphQlAnswersBadQueriesWithErrors()
    {
        var host = await db.HostAsync("graphql");
        using var http = new HttpClient { BaseAddress = new Uri(host.Ready.Endpoints["http"]) };
        var deep = "{ nodes(first: 1) { links { target { id } } } }";
        // The schema is four levels deep at most, so a deeper document is refused before anything runs, never executed.
        var tooDeep = "{ nodes(first: 1) { " + string.Concat(Enumerable.Repeat("links { target { ", 60)) + "id"
            + string.Concat(Enumerable.Repeat(" } }", 60)) + " } }";
        var amplified = "{ " + string.Join(' ', Enumerable.Range(0, 50).Select(i => $"a{i}: searchNodes(term: \"a\", limit: 10000) {{ id }}")) + " }";

        using var malformed = await PostAsync(http, "{\"query\": ");
        Assert.Equal(HttpStatusCode.BadRequest, malformed.StatusCode);
        Assert.Contains("\"errors\"", await malformed.Content.ReadAsStringAsync(), StringComparison.Ordinal);

        // GraphQL.NET's parser refuses the first for its nesting, its complexity analyzer the second for its cost.
        Assert.Contains("\"MAX_DEPTH_EXCEEDED\"", await QueryAsync(http, tooDeep), StringComparison.Ordinal);
        Assert.Contains("\"COMPLEXITY\"", await QueryAsync(http, amplified), StringComparison.Ordinal);
        Assert.DoesNotContain("errors", await QueryAsync(http, deep), StringComparison.Ordinal);
        await AssertStillServingAsync((await db.ClientsAsync())["graphql"]);
    }

    [Fact]
    public async Task GarbageBytesToTheNetTcpPortCloseOnlyThatConnection()
    {
        var host = await db.HostAsync("wcf");
        var address = new Uri(host.Ready.Endpoints["nettcp"]);
        using (var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp))
        {
            await socket.ConnectAsync(address.Host, address.Port);
            await socket.SendAsync(Encoding.ASCII.GetBytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n\u00ff\u00fe garbage"));
            var buffer = new byte[1024];
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            while (await socket.ReceiveAsync(buffer, timeout.Token) > 0)
            {
                // Read until the host closes the connection (after a framing fault record, if it sends one).
            }
        }

        await AssertStillServingAsync((await db.ClientsAsync())["wcf"]);
    }

    private static async Task AssertRefusedAsync(IGraphClient client, Func<IGraphClient, Task> call, ErrorKind expected)
    {
        var error = await Assert.ThrowsAsync<GraphCallException>(() => call(client));
        Assert.Equal(expected, error.Kind);
        Assert.DoesNotContain("   at ", error.Message, StringComparison.Ordinal);
    }

    private static async Task AssertStillServingAsync(IGraphClient client) =>
        Assert.Equal("still here", await client.PingAsync("still here", default));

    private static Task<HttpResponseMessage> PostAsync(HttpClient http, string body) =>
        http.PostAsync("/graphql", new StringContent(body, Encoding.UTF8, "application/json"));

    private static async Task<string> QueryAsync(HttpClient http, string query)
    {
        var body = System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, string> { ["query"] = query });
        using var response = await PostAsync(http, body);
        return await response.Content.ReadAsStringAsync();
    }
}

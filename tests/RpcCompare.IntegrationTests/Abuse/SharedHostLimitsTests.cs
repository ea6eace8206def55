using System.Net;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Abuse;

/// <summary>
/// What every host shares: streams hold a database connection while the client reads, calls the client abandons must give
/// theirs back, batch calls can name huge answers in a small request, and a loopback host must answer only to this
/// machine: each bounded on the real hosts, which keep serving.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class SharedHostLimitsTests(DatabaseFixture db)
{
    [Theory]
    [MemberData(nameof(StackData.Streaming), MemberType = typeof(StackData))]
    public async Task StreamsNeverHoldMoreThanHalfThePool(string stack)
    {
        // Each stream's query sleeps 1 s in PostgreSQL first, so streams that hold connections at once are visible there.
        await using var host = await StartWithSlowLinksAsync(stack, TimeSpan.FromSeconds(1));
        await using var client = GraphClients.Create(stack, host.Ready.Endpoints, new ClientOptions());
        var hub = db.Generator.HubIds[0];

        using var watching = new CancellationTokenSource();
        var watcher = MostSleepingQueriesAsync(watching.Token);
        var streams = await Task.WhenAll(Enumerable.Range(0, 6).Select(_ => client.StreamLinksAsync(hub, default)));
        await watching.CancelAsync();
        var most = await watcher;

        Assert.All(streams, links => Assert.Equal(db.Generator.DegreeOf(hub), links.Length));
        Assert.InRange(most, 1, 2);
        Assert.Contains(host.Ready.Configuration, c => c.Key == "concurrent streams" && c.Value.StartsWith("2 ", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(StackCatalog.Grpc)]
    [InlineData(StackCatalog.GrpcCodeFirst)]
    [InlineData(StackCatalog.GrpcJson)]
    [InlineData(StackCatalog.GrpcWeb)]
    public async Task AbandonedCallsGiveTheirConnectionsBack(string stack)
    {
        // Every GetLinks sleeps a minute in PostgreSQL first: only a cancelled query frees its connection before then.
        await using var host = await StartWithSlowLinksAsync(stack, TimeSpan.FromMinutes(1));
        await using var client = GraphClients.Create(stack, host.Ready.Endpoints, new ClientOptions());
        var hub = db.Generator.HubIds[0];
        using var abandon = new CancellationTokenSource();

        var calls = Enumerable.Range(0, 8)
            .Select(i => i % 4 == 0 ? client.StreamLinksAsync(hub, abandon.Token) : client.GetLinksAsync(hub, abandon.Token))
            .ToArray();
        await Eventually.TrueAsync(async () => await SleepingQueriesAsync() == 4, "the pool's four connections in pg_sleep");
        await abandon.CancelAsync();
        var kinds = await Task.WhenAll(calls.Select(async call => (await Assert.ThrowsAsync<GraphCallException>(() => call)).Kind));
        // Half the query's minute: a query left running cannot end on its own before the guard gives up.
        await Eventually.TrueAsync(async () => await SleepingQueriesAsync() == 0, "no query left in pg_sleep", hangGuardSeconds: 30);
        var node = await client.GetNodeAsync(hub, default);

        Assert.All(kinds, kind => Assert.Equal(ErrorKind.Cancelled, kind));
        Assert.Equal(hub, node.Id);
    }

    [Theory]
    [InlineData(StackCatalog.Rest)]
    [InlineData(StackCatalog.GrpcJson)]
    public async Task ANeighbourhoodsBodyBeyondWhatAThousandIdsNeedIsRefusedUnread(string stack)
    {
        var endpoint = (await db.HostAsync(stack)).Ready.Endpoints[EndpointNames.Http];
        using var http = new HttpClient { BaseAddress = new Uri(endpoint) };
        var ids = string.Join(',', Enumerable.Range(1, 50_000));

        using var response = await http.PostAsync("/api/neighbourhoods",
            new StringContent($$"""{"ids":[{{ids}}]}""", System.Text.Encoding.UTF8, "application/json"));

        if (stack == StackCatalog.Rest)
        {
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        }
        else
        {
            // Transcoding reads the body itself and answers Kestrel's refusal as INVALID_ARGUMENT (400), naming the limit.
            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            Assert.Contains("max request body size is 65536 bytes", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        }
        Assert.Equal("pong", await (await db.ClientsAsync())[stack].PingAsync("pong", default));
    }

    [Theory]
    [InlineData(StackCatalog.Rest)]
    [InlineData(StackCatalog.GrpcJson)]
    public async Task ALoopbackHostAnswersOnlyToItsOwnNames(string stack)
    {
        var endpoint = (await db.HostAsync(stack)).Ready.Endpoints[EndpointNames.Http];
        using var http = new HttpClient();
        using var foreign = new HttpRequestMessage(HttpMethod.Get, new Uri(new Uri(endpoint), "/healthz"));
        foreign.Headers.Host = "attacker.example";
        using var own = new HttpRequestMessage(HttpMethod.Get, new Uri(new Uri(endpoint), "/healthz"));

        using var refused = await http.SendAsync(foreign);
        using var answered = await http.SendAsync(own);

        Assert.Equal(HttpStatusCode.BadRequest, refused.StatusCode);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
    }

    [Fact]
    public async Task AnUnprefixedEnvironmentVariableIsNoHostOption()
    {
        Environment.SetEnvironmentVariable("BIND", "0.0.0.0");
        try
        {
            await using var host = await HostProcess.StartAsync(StackCatalog.Rest, new HostLaunch(), db.ConnectionString, default);

            Assert.All(host.Ready.Endpoints.Values, address => Assert.Contains("127.0.0.1", address, StringComparison.Ordinal));
        }
        finally
        {
            Environment.SetEnvironmentVariable("BIND", null);
        }
    }

    /// <summary>A host of its own with four database connections whose GetLinks queries sleep <paramref name="delay"/> first.</summary>
    private Task<HostProcess> StartWithSlowLinksAsync(string stack, TimeSpan delay) =>
        HostProcess.StartAsync(stack, new HostLaunch { DbPoolSize = 4, QueryDelay = delay }, db.ConnectionString, default);

    /// <summary>The GetLinks queries sleeping in PostgreSQL now (the hosts' query delay).</summary>
    private Task<long> SleepingQueriesAsync() =>
        db.ScalarAsync<long>("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep%'");

    /// <summary>The most GetLinks queries seen sleeping in PostgreSQL at once, sampled until cancelled.</summary>
    private async Task<long> MostSleepingQueriesAsync(CancellationToken cancellationToken)
    {
        long most = 0;
        while (!cancellationToken.IsCancellationRequested)
        {
            most = Math.Max(most, await SleepingQueriesAsync());
            try
            {
                await Task.Delay(50, cancellationToken);
            }
            catch (OperationCanceledException)
            {
                break;
            }
        }
        return most;
    }
}

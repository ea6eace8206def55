using System.Net;
using System.Text;
using System.Text.Json;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>The gRPC service through JSON transcoding: REST's routes and shapes, google.rpc.Status errors.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class GrpcJsonHostTests(DatabaseFixture db)
{
    [Fact]
    public async Task ANodeHasTheSamePropertiesAsOnRest()
    {
        var hub = db.Generator.HubIds[0];

        using var rest = await GetJsonAsync(StackCatalog.Rest, $"/api/nodes/{hub}");
        using var transcoded = await GetJsonAsync(StackCatalog.GrpcJson, $"/api/nodes/{hub}");

        Assert.Equal(Names(rest.RootElement), Names(transcoded.RootElement));
        // Transcoding's default JSON settings write int64 as a number, as REST does (the protobuf JSON mapping says string).
        Assert.Equal(JsonValueKind.Number, transcoded.RootElement.GetProperty("id").ValueKind);
        Assert.Equal(hub, transcoded.RootElement.GetProperty("id").GetInt64());
    }

    [Fact]
    public async Task AListIsTheBareArrayAsOnRest()
    {
        var hub = db.Generator.HubIds[0];

        using var links = await GetJsonAsync(StackCatalog.GrpcJson, $"/api/nodes/{hub}/links");

        Assert.Equal(JsonValueKind.Array, links.RootElement.ValueKind);
        Assert.Equal(db.Generator.DegreeOf(hub), links.RootElement.GetArrayLength());
    }

    [Fact]
    public async Task AnUnknownNodeIs404WithAGoogleRpcStatus()
    {
        using var http = await ClientAsync(StackCatalog.GrpcJson);

        using var response = await http.GetAsync("/api/nodes/987654321");
        using var status = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal(5, status.RootElement.GetProperty("code").GetInt32());
        Assert.Contains("987654321 does not exist", status.RootElement.GetProperty("message").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task AMalformedBodyIs400WithoutAStackTrace()
    {
        using var http = await ClientAsync(StackCatalog.GrpcJson);

        using var response = await http.PostAsync("/api/ping", new StringContent("{\"payload\":", Encoding.UTF8, "application/json"));
        var body = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("\"code\":3", body, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        Assert.Equal("still here", await (await db.ClientsAsync())[StackCatalog.GrpcJson].PingAsync("still here", default));
    }

    private async Task<HttpClient> ClientAsync(string stack) =>
        new() { BaseAddress = new Uri((await db.HostAsync(stack)).Ready.Endpoints[EndpointNames.Http]) };

    private async Task<JsonDocument> GetJsonAsync(string stack, string path)
    {
        using var http = await ClientAsync(stack);
        using var response = await http.GetAsync(path);
        response.EnsureSuccessStatusCode();
        return JsonDocument.Parse(await response.Content.ReadAsStringAsync());
    }

    private static string[] Names(JsonElement element) => [.. element.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal)];
}

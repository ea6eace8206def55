using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Clients;

/// <summary>The grpc-web stack's client is the gRPC client on a GrpcWebHandler, not a copy of it.</summary>
public sealed class GrpcWebClientTests
{
    [Fact]
    public async Task TheGrpcWebClientIsTheGrpcClientOverHttp11()
    {
        var endpoints = new Dictionary<string, string> { [EndpointNames.Http] = "http://127.0.0.1:7008" };

        await using var client = GraphClients.Create(StackCatalog.GrpcWeb, endpoints, new ClientOptions());

        Assert.IsType<GrpcGraphClient>(client);
        Assert.Equal(StackCatalog.GrpcWeb, client.Stack);
        Assert.Contains("GrpcWebHandler (GrpcWebMode.GrpcWeb, HTTP/1.1", client.Description, StringComparison.Ordinal);
        Assert.StartsWith("Grpc.Net.Client 2.85.0 with Grpc.Net.Client.Web 2.85.0: one GrpcChannel", client.Description, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TheGrpcClientStaysOnHttp2()
    {
        var endpoints = new Dictionary<string, string> { [EndpointNames.Grpc] = "http://127.0.0.1:7001" };

        await using var client = GraphClients.Create(StackCatalog.Grpc, endpoints, new ClientOptions());

        Assert.Equal(StackCatalog.Grpc, client.Stack);
        Assert.DoesNotContain("GrpcWeb", client.Description, StringComparison.Ordinal);
        Assert.Contains("EnableMultipleHttp2Connections", client.Description, StringComparison.Ordinal);
    }
}

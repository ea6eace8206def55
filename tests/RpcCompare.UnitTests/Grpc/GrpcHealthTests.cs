using RpcCompare.Protocols.Grpc;
using RpcCompare.Protocols.Grpc.Health;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcHealthTests
{
    [Fact]
    public async Task HealthReportsServingAndNotServingFromTheReadinessCheck()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();

        var serving = await channel.CheckHealthAsync();
        server.Probe.IsServing = false;
        var notServing = await channel.CheckHealthAsync();

        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, serving);
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.NotServing, notServing);
    }

    [Fact]
    public async Task HealthAnswersForMappedServices()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();

        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, await channel.CheckHealthAsync(TestService.Name));
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, await channel.CheckHealthAsync(GrpcHealth.ServiceName));
    }

    [Fact]
    public async Task HealthOfUnknownServiceIsNotFound()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.CheckHealthAsync("no.such.Service"));

        Assert.Equal(GrpcStatusCode.NotFound, error.StatusCode);
    }

    [Fact]
    public async Task ThrowingReadinessCheckIsNotServing()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();
        server.Probe.ReadinessFailure = new InvalidOperationException("database down");

        Assert.Equal(HealthCheckResponse.Types.ServingStatus.NotServing, await channel.CheckHealthAsync());
    }

    [Fact]
    public async Task WatchIsUnimplemented()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();
        var watch = GrpcMethod<HealthCheckRequest, HealthCheckResponse>.FromService(HealthReflection.Descriptor.Services[0], "Watch");

        var error = await Assert.ThrowsAsync<GrpcException>(async () =>
        {
            await foreach (var unused in channel.ServerStreamingAsync(watch, new HealthCheckRequest()))
            {
                Assert.Fail("No message expected.");
            }
        });

        Assert.Equal(GrpcStatusCode.Unimplemented, error.StatusCode);
        Assert.Equal("Method is unimplemented.", error.Detail);
    }
}

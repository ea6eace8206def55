using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcDeadlineTests
{
    [Fact]
    public async Task ClientTimeoutEndsTheCallWithDeadlineExceededAndCancelsTheHandler()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() =>
            channel.UnaryAsync(TestService.Slow, new StringValue(), GrpcCallOptions.WithTimeout(TimeSpan.FromMilliseconds(300))));

        Assert.Equal(GrpcStatusCode.DeadlineExceeded, error.StatusCode);
        await server.Probe.SlowCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.NotEqual(DateTime.MaxValue, await server.Probe.SlowStarted.Task);
        Assert.Equal("after", (await channel.UnaryAsync(TestService.Echo, new StringValue { Value = "after" })).Value);
    }

    [Fact]
    public async Task ServerEnforcesGrpcTimeoutWithATrailersOnlyDeadlineExceeded()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(server.Address, TestService.Slow.FullName, RawHttp2.Frame([]));
        request.Headers.TryAddWithoutValidation("grpc-timeout", "200m");

        using var response = await client.SendAsync(request);
        await response.Content.ReadAsByteArrayAsync();

        Assert.Equal("4", RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal("Deadline Exceeded", RawHttp2.Header(response.Headers, "grpc-message"));
        await server.Probe.SlowCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }

    [Fact]
    public async Task ServerDeadlineInTheMiddleOfAStreamEndsItWithDeadlineExceeded()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var client = RawHttp2.CreateClient();
        var request = new Int64Value().ToByteArray();
        using var message = RawHttp2.Post(server.Address, TestService.Endless.FullName, RawHttp2.Frame(request));
        message.Headers.TryAddWithoutValidation("grpc-timeout", "300m");

        using var response = await client.SendAsync(message);
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.NotEmpty(body);
        Assert.Equal("4", RawHttp2.Header(response.TrailingHeaders, "grpc-status"));
        await server.Probe.EndlessCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }

    [Fact]
    public async Task DeadlineAlreadyPassedFailsWithoutCallingTheServer()
    {
        var serverCounter = new GrpcMessageCounter();
        await using var server = await TestGrpcServer.StartAsync(options => options.MessageCounter = serverCounter);
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() =>
            channel.UnaryAsync(TestService.Echo, new StringValue(), new GrpcCallOptions { Deadline = DateTime.UtcNow.AddSeconds(-1) }));

        Assert.Equal(GrpcStatusCode.DeadlineExceeded, error.StatusCode);
        Assert.Equal(0, serverCounter.MessagesReceived);
    }

    [Fact]
    public async Task StreamingCallHonoursTheDeadline()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();
        var received = 0;

        var error = await Assert.ThrowsAsync<GrpcException>(async () =>
        {
            await foreach (var unused in channel.ServerStreamingAsync(TestService.Endless, new Int64Value(), GrpcCallOptions.WithTimeout(TimeSpan.FromMilliseconds(300))))
            {
                received++;
            }
        });

        Assert.Equal(GrpcStatusCode.DeadlineExceeded, error.StatusCode);
        Assert.True(received > 0);
    }

    [Fact]
    public async Task CallerCancellationIsCancelled()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();
        using var cancellation = new CancellationTokenSource();

        var call = channel.UnaryAsync(TestService.Slow, new StringValue(), cancellationToken: cancellation.Token);
        await server.Probe.SlowStarted.Task.WaitAsync(TimeSpan.FromSeconds(30));
        await cancellation.CancelAsync();
        var error = await Assert.ThrowsAsync<GrpcException>(() => call);

        Assert.Equal(GrpcStatusCode.Cancelled, error.StatusCode);
        Assert.Equal(DateTime.MaxValue, await server.Probe.SlowStarted.Task);
        await server.Probe.SlowCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }
}

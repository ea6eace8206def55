using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcDeadlineTests
{
    [Fact]
    public async Task ClientTimeoutEndsTheCallWithDeadlineExceeded()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() =>
            channel.UnaryAsync(TestService.Slow, new StringValue(), GrpcCallOptions.WithTimeout(TimeSpan.FromMilliseconds(300))));

        Assert.Equal(GrpcStatusCode.DeadlineExceeded, error.StatusCode);
        Assert.Equal("Deadline Exceeded", error.Detail);
        await AssertHandlerCancelledIfItStartedAsync(server);
        Assert.Equal("after", (await channel.UnaryAsync(TestService.Echo, new StringValue { Value = "after" })).Value);
    }

    [Fact]
    public async Task ServerEnforcesGrpcTimeoutWithATrailersOnlyDeadlineExceeded()
    {
        var clock = new ManualTimeProvider();
        await using var server = await TestGrpcServer.StartAsync(options => options.TimeProvider = clock);
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(server.Address, TestService.Slow.FullName, RawHttp2.Frame([]));
        request.Headers.TryAddWithoutValidation("grpc-timeout", "5S");

        var call = client.SendAsync(request);
        var deadline = await server.Probe.SlowStarted.Task.WaitAsync(TimeSpan.FromSeconds(30));
        clock.FireAll();
        using var response = await call;
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.NotEqual(DateTime.MaxValue, deadline);
        Assert.Empty(body);
        Assert.Equal("4", RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal("Deadline Exceeded", RawHttp2.Header(response.Headers, "grpc-message"));
        await server.Probe.SlowCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }

    [Fact]
    public async Task ServerDeadlineInTheMiddleOfAStreamEndsItWithDeadlineExceededTrailers()
    {
        var clock = new ManualTimeProvider();
        await using var server = await TestGrpcServer.StartAsync(options => options.TimeProvider = clock);
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(server.Address, TestService.Endless.FullName, RawHttp2.Frame(new Int64Value().ToByteArray()));
        request.Headers.TryAddWithoutValidation("grpc-timeout", "5S");

        // Headers arrive with the first flushed message, so the stream is under way when the deadline passes.
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        clock.FireAll();
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.NotEmpty(RawHttp2.SplitFrames(body));
        Assert.Null(RawHttp2.Header(response.Headers, "grpc-status"));
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

        var error = await Assert.ThrowsAsync<GrpcException>(async () =>
        {
            await foreach (var unused in channel.ServerStreamingAsync(TestService.Endless, new Int64Value(), GrpcCallOptions.WithTimeout(TimeSpan.FromMilliseconds(300))))
            {
            }
        });

        Assert.Equal(GrpcStatusCode.DeadlineExceeded, error.StatusCode);
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

    // The deadline may pass before a loaded machine even runs the handler; when it did run, it must see cancellation.
    private static async Task AssertHandlerCancelledIfItStartedAsync(TestGrpcServer server)
    {
        if (server.Probe.SlowStarted.Task.IsCompleted)
        {
            Assert.NotEqual(DateTime.MaxValue, await server.Probe.SlowStarted.Task);
            await server.Probe.SlowCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        }
    }
}

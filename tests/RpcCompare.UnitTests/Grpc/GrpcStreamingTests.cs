using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcStreamingTests(GrpcServerFixture fixture) : IClassFixture<GrpcServerFixture>
{
    private readonly TestGrpcServer _server = fixture.Server;

    [Fact]
    public async Task ServerStreamingDeliversEveryMessageInOrder()
    {
        using var channel = _server.CreateChannel();
        var received = new List<long>();

        await foreach (var message in channel.ServerStreamingAsync(TestService.Count, new Int64Value { Value = 10_000 }))
        {
            received.Add(message.Value);
        }

        Assert.Equal(Enumerable.Range(1, 10_000).Select(i => (long)i), received);
    }

    [Fact]
    public async Task EmptyStreamEndsWithoutMessages()
    {
        using var channel = _server.CreateChannel();

        var received = await channel.ServerStreamingAsync(TestService.Count, new Int64Value { Value = 0 }).ToListAsync();

        Assert.Empty(received);
    }

    [Fact]
    public async Task ErrorAfterMessagesArrivesAfterThoseMessages()
    {
        using var channel = _server.CreateChannel();
        var received = new List<long>();

        var error = await Assert.ThrowsAsync<GrpcException>(async () =>
        {
            await foreach (var message in channel.ServerStreamingAsync(TestService.CountThenFail, new Int64Value { Value = 3 }))
            {
                received.Add(message.Value);
            }
        });

        Assert.Equal([1L, 2L, 3L], received);
        Assert.Equal(GrpcStatusCode.Aborted, error.StatusCode);
        Assert.Equal("stopped after 3", error.Detail);
    }

    [Fact]
    public async Task ErrorBeforeAnyMessageIsATrailersOnlyStatus()
    {
        using var channel = _server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(async () =>
        {
            await foreach (var unused in channel.ServerStreamingAsync(TestService.CountThenFail, new Int64Value { Value = 0 }))
            {
                Assert.Fail("No message expected.");
            }
        });

        Assert.Equal(GrpcStatusCode.Aborted, error.StatusCode);
    }

    [Fact]
    public async Task LeavingTheLoopEarlyCancelsTheServerHandler()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel();

        await foreach (var message in channel.ServerStreamingAsync(TestService.Endless, new Int64Value()))
        {
            if (message.Value == 3)
            {
                break;
            }
        }

        await server.Probe.EndlessCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal("after", (await channel.UnaryAsync(TestService.Echo, new StringValue { Value = "after" })).Value);
    }

    [Fact]
    public async Task ManyConcurrentStreamsShareOneChannel()
    {
        using var channel = _server.CreateChannel();

        var sums = await Task.WhenAll(Enumerable.Range(0, 50).Select(async _ =>
        {
            long sum = 0;
            await foreach (var message in channel.ServerStreamingAsync(TestService.Count, new Int64Value { Value = 200 }))
            {
                sum += message.Value;
            }

            return sum;
        }));

        Assert.All(sums, sum => Assert.Equal(200 * 201 / 2, sum));
    }
}

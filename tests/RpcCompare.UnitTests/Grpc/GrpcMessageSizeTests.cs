using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcMessageSizeTests
{
    [Fact]
    public async Task OversizedRequestIsResourceExhaustedAndServerKeepsServing()
    {
        await using var server = await TestGrpcServer.StartAsync(options => options.MaxReceiveMessageSize = 1024);
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() =>
            channel.UnaryAsync(TestService.Echo, new StringValue { Value = new string('x', 200_000) }));

        Assert.Equal(GrpcStatusCode.ResourceExhausted, error.StatusCode);
        Assert.Equal("Received message exceeds the maximum configured message size.", error.Detail);
        Assert.Equal("next", (await channel.UnaryAsync(TestService.Echo, new StringValue { Value = "next" })).Value);
    }

    [Fact]
    public async Task DefaultServerLimitIsFourMegabytes()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel(new GrpcChannelOptions { MaxReceiveMessageSize = null });
        var justUnder = new string('x', (4 * 1024 * 1024) - 16);
        var justOver = new string('x', (4 * 1024 * 1024) + 1);

        var reply = await channel.UnaryAsync(TestService.Echo, new StringValue { Value = justUnder });
        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Echo, new StringValue { Value = justOver }));

        Assert.Equal(justUnder.Length, reply.Value.Length);
        Assert.Equal(GrpcStatusCode.ResourceExhausted, error.StatusCode);
    }

    [Fact]
    public async Task OversizedResponseOnTheServerIsResourceExhaustedAndServerKeepsServing()
    {
        await using var server = await TestGrpcServer.StartAsync(options => options.MaxSendMessageSize = 1000);
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Bytes, new Int64Value { Value = 5000 }));

        Assert.Equal(GrpcStatusCode.ResourceExhausted, error.StatusCode);
        Assert.Equal("Sending message exceeds the maximum configured message size.", error.Detail);
        Assert.Equal(10, (await channel.UnaryAsync(TestService.Bytes, new Int64Value { Value = 10 })).Value.Length);
    }

    [Fact]
    public async Task OversizedResponseOnTheClientIsResourceExhaustedAndChannelKeepsWorking()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var channel = server.CreateChannel(new GrpcChannelOptions { MaxReceiveMessageSize = 64 * 1024 });

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Bytes, new Int64Value { Value = 1_000_000 }));

        Assert.Equal(GrpcStatusCode.ResourceExhausted, error.StatusCode);
        Assert.Equal("Received message exceeds the maximum configured message size.", error.Detail);
        Assert.Equal(60_000, (await channel.UnaryAsync(TestService.Bytes, new Int64Value { Value = 60_000 })).Value.Length);
    }

    [Fact]
    public async Task ClientDefaultLimitIsFourMegabytesAndNullLiftsIt()
    {
        await using var server = await TestGrpcServer.StartAsync();
        using var limited = server.CreateChannel();
        using var unlimited = server.CreateChannel(new GrpcChannelOptions { MaxReceiveMessageSize = null });
        var size = new Int64Value { Value = 6 * 1024 * 1024 };

        var error = await Assert.ThrowsAsync<GrpcException>(() => limited.UnaryAsync(TestService.Bytes, size));
        var reply = await unlimited.UnaryAsync(TestService.Bytes, size);

        Assert.Equal(GrpcStatusCode.ResourceExhausted, error.StatusCode);
        Assert.Equal(6 * 1024 * 1024, reply.Value.Length);
    }

    [Fact]
    public async Task ClientSendLimitFailsTheCallBeforeAnythingIsSent()
    {
        var serverCounter = new GrpcMessageCounter();
        await using var server = await TestGrpcServer.StartAsync(options => options.MessageCounter = serverCounter);
        using var channel = server.CreateChannel(new GrpcChannelOptions { MaxSendMessageSize = 100 });

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Echo, new StringValue { Value = new string('x', 101) }));

        Assert.Equal(GrpcStatusCode.ResourceExhausted, error.StatusCode);
        Assert.Equal("Sending message exceeds the maximum configured message size.", error.Detail);
        Assert.Equal(0, serverCounter.MessagesReceived);
    }

    [Fact]
    public async Task LargeMessagesRoundTripIntact()
    {
        await using var server = await TestGrpcServer.StartAsync(options => options.MaxReceiveMessageSize = null);
        using var channel = server.CreateChannel(new GrpcChannelOptions { MaxReceiveMessageSize = null });
        var payload = string.Create(3_000_000, 0, (span, _) =>
        {
            for (var i = 0; i < span.Length; i++)
            {
                span[i] = (char)('a' + (i % 26));
            }
        });

        var reply = await channel.UnaryAsync(TestService.Echo, new StringValue { Value = payload });

        Assert.Equal(payload, reply.Value);
    }

    [Fact]
    public async Task StreamedMessagesLargerThanTheReadBufferArriveIntact()
    {
        var serverMethod = new GrpcMethod<Int64Value, BytesValue>(GrpcMethodType.ServerStreaming, TestService.Name, "Chunks");
        await using var server = await TestGrpcServer.StartAsync(mapMore: app =>
            app.MapGrpcServerStreaming(serverMethod, async (request, stream, _) =>
            {
                for (var i = 0; i < request.Value; i++)
                {
                    await stream.WriteAsync(new BytesValue { Value = ByteString.CopyFrom(Enumerable.Repeat((byte)i, 10_000 * (i + 1)).ToArray()) });
                }
            }));
        using var channel = server.CreateChannel();

        var chunks = await channel.ServerStreamingAsync(serverMethod, new Int64Value { Value = 8 }).ToListAsync();

        Assert.Equal(Enumerable.Range(1, 8).Select(i => 10_000 * i), chunks.Select(c => c.Value.Length));
        Assert.All(chunks.Select((chunk, index) => (chunk, index)), item => Assert.All(item.chunk.Value, b => Assert.Equal(item.index, b)));
    }
}

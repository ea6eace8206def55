using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcUnaryTests(GrpcServerFixture fixture) : IClassFixture<GrpcServerFixture>
{
    private readonly TestGrpcServer _server = fixture.Server;

    [Fact]
    public async Task UnaryCallRoundTripsTheMessage()
    {
        using var channel = _server.CreateChannel();

        var reply = await channel.UnaryAsync(TestService.Echo, new StringValue { Value = "hello, wire" });

        Assert.Equal("hello, wire", reply.Value);
    }

    [Fact]
    public async Task EmptyMessageRoundTrips()
    {
        using var channel = _server.CreateChannel();

        var reply = await channel.UnaryAsync(TestService.Echo, new StringValue());

        Assert.Equal(string.Empty, reply.Value);
    }

    [Fact]
    public async Task ThrownGrpcExceptionReachesTheClientWithStatusAndDetail()
    {
        using var channel = _server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() =>
            channel.UnaryAsync(TestService.Fail, new StringValue { Value = "NotFound:node 42 is missing: 100% café\n✓" }));

        Assert.Equal(GrpcStatusCode.NotFound, error.StatusCode);
        Assert.Equal("node 42 is missing: 100% café\n✓", error.Detail);
    }

    [Fact]
    public async Task HandlerExceptionBecomesUnknownWithoutDetailsOrStackTrace()
    {
        using var channel = _server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Crash, new StringValue { Value = "42" }));

        Assert.Equal(GrpcStatusCode.Unknown, error.StatusCode);
        Assert.Equal("Exception was thrown by handler.", error.Detail);
    }

    [Fact]
    public async Task DetailedErrorsAddTheExceptionTypeAndMessageButNoStackTrace()
    {
        await using var server = await TestGrpcServer.StartAsync(options => options.EnableDetailedErrors = true);
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Crash, new StringValue { Value = "42" }));

        Assert.Equal(GrpcStatusCode.Unknown, error.StatusCode);
        Assert.Equal("Exception was thrown by handler. InvalidOperationException: secret detail 42", error.Detail);
        Assert.DoesNotContain(" at ", error.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UnknownMethodOfKnownServiceIsUnimplemented()
    {
        using var channel = _server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Missing, new StringValue()));

        Assert.Equal(GrpcStatusCode.Unimplemented, error.StatusCode);
        Assert.Equal("Method is unimplemented.", error.Detail);
    }

    [Fact]
    public async Task UnknownServiceIsUnimplemented()
    {
        using var channel = _server.CreateChannel();
        var method = new GrpcMethod<StringValue, StringValue>(GrpcMethodType.Unary, "no.such.Service", "Echo");

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(method, new StringValue()));

        Assert.Equal(GrpcStatusCode.Unimplemented, error.StatusCode);
        Assert.Equal("Service is unimplemented.", error.Detail);
    }

    [Fact]
    public async Task CallOptionsHeadersReachTheHandler()
    {
        using var channel = _server.CreateChannel();
        var options = new GrpcCallOptions { Headers = [new("x-trace-id", "abc-123")] };

        var reply = await channel.UnaryAsync(TestService.Header, new StringValue { Value = "x-trace-id" }, options);

        Assert.Equal("abc-123", reply.Value);
    }

    [Theory]
    [InlineData("te", "trailers")]
    [InlineData("content-type", "application/grpc")]
    [InlineData("user-agent", "grpc-dotnet-rpccompare/0.1")]
    public async Task ClientSendsTheHeadersTheProtocolRequires(string header, string expected)
    {
        using var channel = _server.CreateChannel();

        var reply = await channel.UnaryAsync(TestService.Header, new StringValue { Value = header });

        Assert.Equal(expected, reply.Value);
    }

    [Fact]
    public async Task TimeoutTravelsAsGrpcTimeoutInMilliseconds()
    {
        using var channel = _server.CreateChannel();

        var reply = await channel.UnaryAsync(TestService.Header, new StringValue { Value = "grpc-timeout" }, GrpcCallOptions.WithTimeout(TimeSpan.FromMinutes(5)));

        Assert.Matches("^[0-9]{1,8}m$", reply.Value);
        var milliseconds = int.Parse(reply.Value.TrimEnd('m'), System.Globalization.CultureInfo.InvariantCulture);
        Assert.InRange(milliseconds, 1, 300_000);
    }

    [Fact]
    public async Task HandlerSeesPeerInGrpcForm()
    {
        using var channel = _server.CreateChannel();

        var reply = await channel.UnaryAsync(TestService.Peer, new StringValue());

        Assert.StartsWith("ipv4:127.0.0.1:", reply.Value, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MessageCountersCountFramedBytesOnBothSides()
    {
        var serverCounter = new GrpcMessageCounter();
        await using var server = await TestGrpcServer.StartAsync(options => options.MessageCounter = serverCounter);
        var clientCounter = new GrpcMessageCounter();
        using var channel = server.CreateChannel(new GrpcChannelOptions { MessageCounter = clientCounter });
        var request = new StringValue { Value = "twelve bytes" };

        await channel.UnaryAsync(TestService.Echo, request);

        var framed = request.CalculateSize() + 5;
        Assert.Equal((1, framed, 1, framed), (clientCounter.MessagesSent, clientCounter.BytesSent, clientCounter.MessagesReceived, clientCounter.BytesReceived));
        Assert.Equal((1, framed, 1, framed), (serverCounter.MessagesReceived, serverCounter.BytesReceived, serverCounter.MessagesSent, serverCounter.BytesSent));
    }

    [Fact]
    public async Task CallingAStreamingMethodAsUnaryIsRejectedBeforeSending()
    {
        using var channel = _server.CreateChannel();

        var error = await Assert.ThrowsAsync<ArgumentException>(() => channel.UnaryAsync(TestService.Count, new Int64Value()));

        Assert.Contains("ServerStreamingAsync", error.Message, StringComparison.Ordinal);
    }
}

using System.Net;
using System.Net.Sockets;
using System.Text;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>What the server puts on the wire, and how it answers requests no well-behaved client sends.</summary>
public class GrpcWireFormatTests(GrpcServerFixture fixture) : IClassFixture<GrpcServerFixture>
{
    private readonly TestGrpcServer _server = fixture.Server;

    [Fact]
    public async Task UnaryResponseIsOneFramedMessageThenStatusTrailers()
    {
        using var client = RawHttp2.CreateClient();
        var payload = new StringValue { Value = "abc" }.ToByteArray();
        using var request = RawHttp2.Post(_server.Address, TestService.Echo.FullName, RawHttp2.Frame(payload));

        using var response = await client.SendAsync(request);
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(HttpVersion.Version20, response.Version);
        Assert.Equal("application/grpc", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(RawHttp2.Frame(payload), body);
        Assert.Null(RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal("0", RawHttp2.Header(response.TrailingHeaders, "grpc-status"));
        Assert.Null(RawHttp2.Header(response.TrailingHeaders, "grpc-message"));
    }

    [Fact]
    public async Task ErrorBeforeAnyMessageIsTrailersOnlyWithPercentEncodedMessage()
    {
        using var client = RawHttp2.CreateClient();
        var payload = new StringValue { Value = "InvalidArgument:bad 100% ✓" }.ToByteArray();
        using var request = RawHttp2.Post(_server.Address, TestService.Fail.FullName, RawHttp2.Frame(payload));

        using var response = await client.SendAsync(request);
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Empty(body);
        Assert.Equal("application/grpc", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("3", RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal("bad 100%25 %E2%9C%93", RawHttp2.Header(response.Headers, "grpc-message"));
        Assert.Empty(response.TrailingHeaders);
    }

    [Fact]
    public async Task ProtoSuffixedContentTypeIsAccepted()
    {
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(_server.Address, TestService.Echo.FullName, RawHttp2.Frame(new StringValue { Value = "p" }.ToByteArray()), "application/grpc+proto");

        using var response = await client.SendAsync(request);
        await response.Content.ReadAsByteArrayAsync();

        Assert.Equal("0", RawHttp2.Header(response.TrailingHeaders, "grpc-status"));
    }

    [Theory]
    [InlineData(new byte[] { 0, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF }, "13", "Failed to deserialize request message.")]
    [InlineData(new byte[] { 0, 0, 0, 0, 10, 0x0A, 0x01 }, "13", "Incomplete message.")]
    [InlineData(new byte[] { 0, 0, 0 }, "13", "Incomplete message.")]
    [InlineData(new byte[0], "13", "Request did not include a message.")]
    [InlineData(new byte[] { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, "13", "Additional data after the message received.")]
    [InlineData(new byte[] { 1, 0, 0, 0, 0 }, "13", "Message is compressed but the call did not negotiate a grpc-encoding other than identity.")]
    [InlineData(new byte[] { 7, 0, 0, 0, 0 }, "13", "Invalid compressed flag 7 in message prefix; only 0 and 1 are defined.")]
    public async Task MalformedBodiesGetTheirStatusAndServerKeepsServing(byte[] body, string status, string message)
    {
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(_server.Address, TestService.Echo.FullName, body);

        using var response = await client.SendAsync(request);
        await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(status, RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal(message, GrpcMessageEncoding.Decode(RawHttp2.Header(response.Headers, "grpc-message")!));
        await AssertServerStillServesAsync();
    }

    [Fact]
    public async Task CompressedRequestEncodingIsUnimplementedAndAdvertisesIdentity()
    {
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(_server.Address, TestService.Echo.FullName, RawHttp2.Frame([], flag: 1));
        request.Headers.TryAddWithoutValidation("grpc-encoding", "gzip");

        using var response = await client.SendAsync(request);
        await response.Content.ReadAsByteArrayAsync();

        Assert.Equal("12", RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal("identity", RawHttp2.Header(response.Headers, "grpc-accept-encoding"));
    }

    [Fact]
    public async Task MalformedTimeoutIsInternal()
    {
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(_server.Address, TestService.Echo.FullName, RawHttp2.Frame([]));
        request.Headers.TryAddWithoutValidation("grpc-timeout", "soon");

        using var response = await client.SendAsync(request);
        await response.Content.ReadAsByteArrayAsync();

        Assert.Equal("13", RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal("Invalid grpc-timeout header value 'soon'.", RawHttp2.Header(response.Headers, "grpc-message"));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/grpc+json")]
    [InlineData("application/grpcweb")]
    public async Task NonGrpcContentTypeIsUnsupportedMediaType(string contentType)
    {
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(_server.Address, TestService.Echo.FullName, RawHttp2.Frame([]), contentType);

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        Assert.Equal("13", RawHttp2.Header(response.Headers, "grpc-status"));
    }

    [Fact]
    public async Task Http11RequestToHttp2OnlyEndpointIsBadRequestAndServerKeepsServing()
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(IPAddress.Loopback, _server.Address.Port);
        var request = $"POST {TestService.Echo.FullName} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/grpc\r\nContent-Length: 5\r\n\r\n\0\0\0\0\0";
        await socket.SendAsync(Encoding.ASCII.GetBytes(request));

        var received = new List<byte>();
        var buffer = new byte[4096];
        int read;
        while ((read = await socket.ReceiveAsync(buffer.AsMemory()).AsTask().WaitAsync(TimeSpan.FromSeconds(30))) > 0)
        {
            received.AddRange(buffer.AsSpan(0, read).ToArray());
        }

        // Kestrel recognises HTTP/1.x on an HTTP/2-only endpoint, answers 400 and closes; no handler runs.
        Assert.StartsWith("HTTP/1.1 400 Bad Request\r\n", Encoding.ASCII.GetString([.. received]), StringComparison.Ordinal);
        await AssertServerStillServesAsync();
    }

    [Fact]
    public async Task Http11RequestReachingTheEndpointIsUpgradeRequired()
    {
        await using var server = await TestGrpcServer.StartAsync(protocols: HttpProtocols.Http1);
        using var client = new HttpClient(new SocketsHttpHandler { UseProxy = false });
        using var content = new ByteArrayContent(RawHttp2.Frame([]));
        content.Headers.ContentType = new("application/grpc");

        using var response = await client.PostAsync(new Uri(server.Address, TestService.Echo.FullName), content);

        Assert.Equal(HttpStatusCode.UpgradeRequired, response.StatusCode);
        Assert.Equal("13", RawHttp2.Header(response.Headers, "grpc-status"));
        Assert.Equal("Request protocol 'HTTP/1.1' is not supported.", RawHttp2.Header(response.Headers, "grpc-message"));
    }

    [Fact]
    public async Task NonGrpcRequestToUnknownPathIsPlainNotFound()
    {
        using var client = RawHttp2.CreateClient();
        using var request = RawHttp2.Post(_server.Address, "/some.Service/Method", [], "text/plain");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Null(RawHttp2.Header(response.Headers, "grpc-status"));
    }

    private async Task AssertServerStillServesAsync()
    {
        using var channel = _server.CreateChannel();
        Assert.Equal("still here", (await channel.UnaryAsync(TestService.Echo, new StringValue { Value = "still here" })).Value);
    }
}

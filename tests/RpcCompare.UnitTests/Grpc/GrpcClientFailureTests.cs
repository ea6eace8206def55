using System.Net;
using System.Net.Sockets;
using Google.Protobuf.WellKnownTypes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>How the client reports servers that are absent, or that answer with something other than gRPC.</summary>
public class GrpcClientFailureTests
{
    private static readonly GrpcMethod<StringValue, StringValue> Plain = new(GrpcMethodType.Unary, "plain.Http", "Answer");

    [Fact]
    public async Task RefusedConnectionIsUnavailable()
    {
        using var channel = GrpcChannel.ForAddress($"http://127.0.0.1:{UnusedPort()}");

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Echo, new StringValue()));

        Assert.Equal(GrpcStatusCode.Unavailable, error.StatusCode);
        Assert.StartsWith("Error starting gRPC call. HttpRequestException:", error.Detail, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(StatusCodes.Status400BadRequest, GrpcStatusCode.Internal)]
    [InlineData(StatusCodes.Status401Unauthorized, GrpcStatusCode.Unauthenticated)]
    [InlineData(StatusCodes.Status403Forbidden, GrpcStatusCode.PermissionDenied)]
    [InlineData(StatusCodes.Status404NotFound, GrpcStatusCode.Unimplemented)]
    [InlineData(StatusCodes.Status429TooManyRequests, GrpcStatusCode.Unavailable)]
    [InlineData(StatusCodes.Status502BadGateway, GrpcStatusCode.Unavailable)]
    [InlineData(StatusCodes.Status503ServiceUnavailable, GrpcStatusCode.Unavailable)]
    [InlineData(StatusCodes.Status504GatewayTimeout, GrpcStatusCode.Unavailable)]
    [InlineData(StatusCodes.Status500InternalServerError, GrpcStatusCode.Unknown)]
    public async Task HttpErrorStatusMapsAsTheSpecSays(int httpStatus, GrpcStatusCode expected)
    {
        await using var server = await TestGrpcServer.StartAsync(mapMore: app =>
            app.MapPost(Plain.FullName, (HttpContext context) => context.Response.StatusCode = httpStatus));
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(Plain, new StringValue()));

        Assert.Equal(expected, error.StatusCode);
        Assert.Equal($"Bad gRPC response. HTTP status code: {httpStatus}", error.Detail);
    }

    [Fact]
    public async Task NonGrpcContentTypeInResponseIsReported()
    {
        await using var server = await TestGrpcServer.StartAsync(mapMore: app => app.MapPost(Plain.FullName, () => "hello"));
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(Plain, new StringValue()));

        Assert.Equal(GrpcStatusCode.Unknown, error.StatusCode);
        Assert.StartsWith("Bad gRPC response. Invalid content-type value: text/plain", error.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ResponseWithoutStatusIsInternal()
    {
        await using var server = await TestGrpcServer.StartAsync(mapMore: app =>
            app.MapPost(Plain.FullName, async (HttpContext context) =>
            {
                context.Response.ContentType = "application/grpc";
                await context.Response.Body.WriteAsync(RawHttp2.Frame([]));
            }));
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(Plain, new StringValue()));

        Assert.Equal(GrpcStatusCode.Internal, error.StatusCode);
        Assert.Equal("No grpc-status found on response.", error.Detail);
    }

    [Fact]
    public async Task ServerThatOnlySpeaksHttp11IsInternalWithItsHttp2ErrorCode()
    {
        await using var server = await TestGrpcServer.StartAsync(protocols: Microsoft.AspNetCore.Server.Kestrel.Core.HttpProtocols.Http1);
        using var channel = server.CreateChannel();

        var error = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Echo, new StringValue()));

        // Kestrel answers the HTTP/2 preface with GOAWAY(HTTP_1_1_REQUIRED), which the spec maps to INTERNAL.
        Assert.Equal(GrpcStatusCode.Internal, error.StatusCode);
        Assert.Contains("HTTP_1_1_REQUIRED", error.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void ChannelRejectsAddressesItCannotCall()
    {
        Assert.Throws<ArgumentException>(() => GrpcChannel.ForAddress("127.0.0.1:5001"));
        Assert.Throws<ArgumentException>(() => GrpcChannel.ForAddress("ftp://127.0.0.1:5001"));
        Assert.Throws<ArgumentException>(() => GrpcChannel.ForAddress("http://127.0.0.1:5001", new GrpcChannelOptions { MaxReceiveMessageSize = -1 }));
    }

    [Fact]
    public async Task DisposedChannelRefusesCalls()
    {
        var channel = GrpcChannel.ForAddress("http://127.0.0.1:1");
        channel.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(() => channel.UnaryAsync(TestService.Echo, new StringValue()));
    }

    private static int UnusedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}

using System.Net;
using System.Text.Json;
using RpcCompare.LoadClient.Clients;

namespace RpcCompare.UnitTests.Clients;

public class TranscodingErrorsTests
{
    public static TheoryData<HttpStatusCode, string, ErrorKind> Statuses => new()
    {
        { HttpStatusCode.NotFound, """{"code":5,"message":"No node 9.","details":[]}""", ErrorKind.NotFound },
        { HttpStatusCode.BadRequest, """{"code":3,"message":"limit must be 1 to 100,000."}""", ErrorKind.InvalidArgument },
        { HttpStatusCode.TooManyRequests, """{"code":8,"message":"too many"}""", ErrorKind.OverLimit },
        { HttpStatusCode.Forbidden, """{"code":7,"message":"read-only"}""", ErrorKind.WritesDisabled },
        { HttpStatusCode.GatewayTimeout, """{"code":4,"message":"cut"}""", ErrorKind.Timeout },
        { HttpStatusCode.InternalServerError, """{"code":2,"message":"Exception was thrown by handler."}""", ErrorKind.Server },
    };

    [Theory]
    [MemberData(nameof(Statuses))]
    public void TheStatusCodeGivesTheKind(HttpStatusCode http, string body, ErrorKind expected)
    {
        var error = Read(http, body);

        Assert.Equal(expected, error.Kind);
        Assert.StartsWith($"http {(int)http} grpc ", error.NativeCode, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("db-pool", ErrorKind.DbPool)]
    [InlineData("db-timeout", ErrorKind.DbTimeout)]
    public void AnErrorInfoReasonNamesTheDatabaseCause(string cause, ErrorKind expected)
    {
        var body = $$$"""
            {"code":14,"message":"The database pool is exhausted.","details":[
              {"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"{{{cause}}}","domain":"rpccompare","metadata":{}}]}
            """;

        var error = Read(HttpStatusCode.ServiceUnavailable, body);

        Assert.Equal(expected, error.Kind);
        Assert.Equal("The database pool is exhausted.", error.Message);
    }

    [Fact]
    public void AnUnavailableStatusWithoutACauseIsAProtocolError() =>
        Assert.Equal(ErrorKind.Protocol, Read(HttpStatusCode.ServiceUnavailable, """{"code":14,"message":"down"}""").Kind);

    [Theory]
    [InlineData(HttpStatusCode.RequestUriTooLong, "", ErrorKind.OverLimit)]
    [InlineData(HttpStatusCode.RequestEntityTooLarge, "", ErrorKind.OverLimit)]
    [InlineData(HttpStatusCode.TooManyRequests, """{"title":"Too many streams","detail":"2 streams"}""", ErrorKind.OverLimit)]
    [InlineData(HttpStatusCode.BadGateway, "<html/>", ErrorKind.Server)]
    public void ARefusalBeforeTheServiceIsReadFromTheHttpStatus(HttpStatusCode http, string body, ErrorKind expected)
    {
        var error = Read(http, body);

        Assert.Equal(expected, error.Kind);
        Assert.Equal($"http {(int)http}", error.NativeCode);
    }

    private static GraphCallException Read(HttpStatusCode status, string body)
    {
        try
        {
            using var json = JsonDocument.Parse(body);
            return TranscodingErrors.Read(status, "reason", json.RootElement.Clone());
        }
        catch (JsonException)
        {
            return TranscodingErrors.Read(status, "reason", null);
        }
    }
}

using System.Net;
using System.Net.Sockets;
using RpcCompare.LoadClient.Clients;

namespace RpcCompare.UnitTests.Clients;

public class ErrorKindsTests
{
    [Fact]
    public void WireNamesAreTheResultsFormatNames()
    {
        Assert.Equal(
            ["timeout", "refused", "protocol", "server", "not-found", "invalid-argument", "cancelled", "writes-disabled", "db-pool", "db-timeout",
                "over-limit", "other"],
            ErrorKinds.All.Select(kind => kind.ToWireName()));
        Assert.Equal(RpcCompare.Reports.Results.ResultsFormat.ErrorKinds.All, ErrorKinds.All.Select(kind => kind.ToWireName()));
    }

    public static TheoryData<Exception, ErrorKind> Exceptions => new()
    {
        { new TimeoutException(), ErrorKind.Timeout },
        { new TaskCanceledException("HttpClient.Timeout", new TimeoutException()), ErrorKind.Timeout },
        { new OperationCanceledException(), ErrorKind.Cancelled },
        { new SocketException((int)SocketError.ConnectionRefused), ErrorKind.Refused },
        { new HttpRequestException(HttpRequestError.ConnectionError, "no", new SocketException((int)SocketError.ConnectionRefused)), ErrorKind.Refused },
        { new IOException("read failed", new SocketException((int)SocketError.TimedOut)), ErrorKind.Timeout },
        { new HttpRequestException("missing", null, HttpStatusCode.NotFound), ErrorKind.NotFound },
        { new HttpRequestException("bad", null, HttpStatusCode.BadRequest), ErrorKind.InvalidArgument },
        { new HttpRequestException("boom", null, HttpStatusCode.InternalServerError), ErrorKind.Server },
        { new HttpRequestException(HttpRequestError.ResponseEnded, "cut"), ErrorKind.Protocol },
        { new InvalidDataException("bad frame"), ErrorKind.Protocol },
        { new InvalidOperationException("?"), ErrorKind.Other },
    };

    [Theory]
    [MemberData(nameof(Exceptions))]
    public void CommonExceptionsAreClassified(Exception exception, ErrorKind expected)
    {
        Assert.Equal(expected, ErrorKinds.Classify(exception));
    }
}

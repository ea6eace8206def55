using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Clients;

/// <summary>Names and classification of <see cref="ErrorKind"/>.</summary>
public static class ErrorKinds
{
    /// <summary>Every kind, in the order summary.json lists them.</summary>
    public static IReadOnlyList<ErrorKind> All { get; } = Enum.GetValues<ErrorKind>();

    /// <summary>The name used in results files: "timeout", "refused", "protocol", "server", "not-found",
    /// "invalid-argument", "cancelled", "writes-disabled", "db-pool", "db-timeout", "over-limit", "other".</summary>
    public static string ToWireName(this ErrorKind kind) => kind switch
    {
        ErrorKind.Timeout => ResultsFormat.ErrorKinds.Timeout,
        ErrorKind.Refused => ResultsFormat.ErrorKinds.Refused,
        ErrorKind.Protocol => ResultsFormat.ErrorKinds.Protocol,
        ErrorKind.Server => ResultsFormat.ErrorKinds.Server,
        ErrorKind.NotFound => ResultsFormat.ErrorKinds.NotFound,
        ErrorKind.InvalidArgument => ResultsFormat.ErrorKinds.InvalidArgument,
        ErrorKind.Cancelled => ResultsFormat.ErrorKinds.Cancelled,
        ErrorKind.WritesDisabled => ResultsFormat.ErrorKinds.WritesDisabled,
        ErrorKind.DbPool => ResultsFormat.ErrorKinds.DbPool,
        ErrorKind.DbTimeout => ResultsFormat.ErrorKinds.DbTimeout,
        ErrorKind.OverLimit => ResultsFormat.ErrorKinds.OverLimit,
        ErrorKind.Other => ResultsFormat.ErrorKinds.Other,
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "Unknown error kind."),
    };

    /// <summary>The kind a host's named database cause stands for; null for a cause this client does not know.</summary>
    public static ErrorKind? FromCause(string? cause) => cause switch
    {
        Stacks.FailureCauses.DbPool => ErrorKind.DbPool,
        Stacks.FailureCauses.DbTimeout => ErrorKind.DbTimeout,
        _ => null,
    };

    /// <summary>Why a call failed: the kind a stack's client already gave it, else the BCL exception's.</summary>
    public static ErrorKind OfFailedCall(Exception exception) => exception is GraphCallException call ? call.Kind : Classify(exception);

    /// <summary>
    /// Classifies the exceptions the BCL throws (sockets, HttpClient, timeouts, cancellation, parsing). Protocol clients
    /// that know better (a gRPC status, a WCF fault) should map their own errors first and fall back to this.
    /// </summary>
    public static ErrorKind Classify(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        for (Exception? current = exception; current is not null; current = current.InnerException)
        {
            ErrorKind? kind = ClassifyOne(current);
            if (kind is not null)
            {
                return kind.Value;
            }
        }

        return ErrorKind.Other;
    }

    private static ErrorKind? ClassifyOne(Exception exception) => exception switch
    {
        TimeoutException => ErrorKind.Timeout,
        // HttpClient reports its own timeout as a TaskCanceledException wrapping a TimeoutException.
        OperationCanceledException { InnerException: TimeoutException } => ErrorKind.Timeout,
        OperationCanceledException => ErrorKind.Cancelled,
        SocketException socket => ClassifySocket(socket.SocketErrorCode),
        HttpRequestException { StatusCode: { } status } => ClassifyStatus(status),
        HttpRequestException { HttpRequestError: HttpRequestError.InvalidResponse or HttpRequestError.ResponseEnded
            or HttpRequestError.HttpProtocolError } => ErrorKind.Protocol,
        JsonException or FormatException or InvalidDataException or ProtocolViolationException or EndOfStreamException
            => ErrorKind.Protocol,
        _ => null,
    };

    private static ErrorKind? ClassifySocket(SocketError error) => error switch
    {
        SocketError.ConnectionRefused => ErrorKind.Refused,
        SocketError.TimedOut => ErrorKind.Timeout,
        SocketError.OperationAborted => ErrorKind.Cancelled,
        _ => ErrorKind.Other,
    };

    private static ErrorKind ClassifyStatus(HttpStatusCode status) => status switch
    {
        HttpStatusCode.NotFound => ErrorKind.NotFound,
        HttpStatusCode.BadRequest or HttpStatusCode.UnprocessableEntity => ErrorKind.InvalidArgument,
        HttpStatusCode.RequestTimeout or HttpStatusCode.GatewayTimeout => ErrorKind.Timeout,
        >= HttpStatusCode.InternalServerError => ErrorKind.Server,
        _ => ErrorKind.Other,
    };
}

using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Sockets;

namespace RpcCompare.Protocols.Grpc;

/// <summary>How a client reads a call's outcome from HTTP: grpc-status/grpc-message, HTTP errors, transport failures.</summary>
internal static class GrpcResponseStatus
{
    /// <summary>
    /// The status known from the response headers alone: a trailers-only response, or a response that is not a
    /// gRPC response at all. Null when the call goes on to its messages.
    /// </summary>
    public static (GrpcStatusCode Code, string Detail)? FromHeaders(HttpResponseMessage response)
    {
        // An explicit grpc-status wins over everything else, whatever the HTTP status says.
        if (TryRead(response.Headers, out var status))
        {
            return status;
        }

        if (response.Version < HttpVersion.Version20)
        {
            return (GrpcStatusCode.Internal, $"Bad gRPC response. Response protocol downgraded to HTTP/{response.Version.ToString(2)}.");
        }

        if (response.StatusCode != HttpStatusCode.OK)
        {
            return (FromHttpStatus(response.StatusCode), $"Bad gRPC response. HTTP status code: {(int)response.StatusCode}");
        }

        string? contentType = response.Content.Headers.NonValidated.TryGetValues("Content-Type", out var values) ? values.ToString() : null;
        if (!GrpcProtocol.IsGrpcContentType(contentType))
        {
            return (GrpcStatusCode.Unknown, contentType is null
                ? "Bad gRPC response. Response did not have a content-type header."
                : $"Bad gRPC response. Invalid content-type value: {contentType}");
        }

        if (response.Headers.NonValidated.TryGetValues(GrpcProtocol.EncodingHeader, out var encoding)
            && !string.Equals(encoding.ToString(), GrpcProtocol.IdentityEncoding, StringComparison.Ordinal))
        {
            return (GrpcStatusCode.Internal, $"Unsupported grpc-encoding value '{encoding}' in the response. Supported encodings: identity");
        }

        return null;
    }

    /// <summary>The status in the trailers, read once the response stream has ended.</summary>
    public static (GrpcStatusCode Code, string Detail) FromTrailers(HttpResponseMessage response) =>
        TryRead(response.TrailingHeaders, out var status)
            ? status
            : (GrpcStatusCode.Internal, "No grpc-status found on response.");

    /// <summary>
    /// The HTTP-to-gRPC mapping of grpc/grpc doc/http-grpc-status-mapping.md, for responses without a grpc-status.
    /// </summary>
    public static GrpcStatusCode FromHttpStatus(HttpStatusCode status) => (int)status switch
    {
        400 => GrpcStatusCode.Internal,
        401 => GrpcStatusCode.Unauthenticated,
        403 => GrpcStatusCode.PermissionDenied,
        404 => GrpcStatusCode.Unimplemented,
        429 or 502 or 503 or 504 => GrpcStatusCode.Unavailable,
        >= 100 and < 200 => GrpcStatusCode.Internal,
        _ => GrpcStatusCode.Unknown,
    };

    /// <summary>A transport failure as a status: a connection that cannot be made or is lost is UNAVAILABLE; an HTTP/2 reset uses its error code.</summary>
    public static GrpcStatusCode FromTransportException(Exception exception)
    {
        var transportFailure = false;
        for (var current = exception; current is not null; current = current.InnerException)
        {
            switch (current)
            {
                case HttpProtocolException protocol:
                    return FromHttp2ErrorCode(protocol.ErrorCode);
                case HttpRequestException { HttpRequestError: HttpRequestError.ConnectionError or HttpRequestError.NameResolutionError
                    or HttpRequestError.SecureConnectionError or HttpRequestError.ProxyTunnelError or HttpRequestError.ResponseEnded
                    or HttpRequestError.VersionNegotiationError }:
                case SocketException:
                case IOException:
                    transportFailure = true;
                    break;
            }
        }

        return transportFailure ? GrpcStatusCode.Unavailable : GrpcStatusCode.Internal;
    }

    /// <summary>RST_STREAM / GOAWAY error codes to gRPC statuses, as the gRPC HTTP/2 protocol document lists them.</summary>
    public static GrpcStatusCode FromHttp2ErrorCode(long errorCode) => errorCode switch
    {
        0x7 => GrpcStatusCode.Unavailable,        // REFUSED_STREAM
        0x8 => GrpcStatusCode.Cancelled,          // CANCEL
        0xB => GrpcStatusCode.ResourceExhausted,  // ENHANCE_YOUR_CALM
        0xC => GrpcStatusCode.PermissionDenied,   // INADEQUATE_SECURITY
        _ => GrpcStatusCode.Internal,             // NO_ERROR, PROTOCOL_ERROR, INTERNAL_ERROR, FLOW_CONTROL, ...
    };

    private static bool TryRead(HttpHeaders headers, out (GrpcStatusCode Code, string Detail) status)
    {
        if (!headers.NonValidated.TryGetValues(GrpcProtocol.StatusHeader, out var statusValues))
        {
            status = default;
            return false;
        }

        var detail = headers.NonValidated.TryGetValues(GrpcProtocol.MessageHeader, out var messageValues)
            ? GrpcMessageEncoding.Decode(messageValues.ToString())
            : string.Empty;
        var text = statusValues.ToString();
        status = int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var code)
            ? ((GrpcStatusCode)code, detail)
            : (GrpcStatusCode.Unknown, $"Unexpected grpc-status value '{text}'. {detail}".TrimEnd());
        return true;
    }
}

using Microsoft.AspNetCore.Http;

namespace RpcCompare.Protocols.Grpc;

/// <summary>Status headers/trailers and the HTTP-level error responses a gRPC server gives before a call starts.</summary>
internal static class GrpcResponses
{
    public static void SetStatus(IHeaderDictionary destination, GrpcStatusCode status, string detail)
    {
        destination[GrpcProtocol.StatusHeader] = GrpcProtocol.ToTrailerText(status);
        if (!string.IsNullOrEmpty(detail))
        {
            destination[GrpcProtocol.MessageHeader] = GrpcMessageEncoding.Encode(detail);
        }
    }

    /// <summary>
    /// A non-200 response that still carries a gRPC status in its headers, for requests that are not gRPC calls
    /// at all (wrong content type, HTTP/1.x). A gRPC client reads the grpc-status; anything else sees the HTTP status.
    /// </summary>
    public static void SetHttpError(HttpResponse response, int httpStatusCode, GrpcStatusCode status, string detail)
    {
        response.StatusCode = httpStatusCode;
        SetStatus(response.Headers, status, detail);
    }

    /// <summary>A trailers-only error: HTTP 200, content-type application/grpc, the status in the one HEADERS frame.</summary>
    public static void SetTrailersOnly(HttpResponse response, GrpcStatusCode status, string detail)
    {
        response.ContentType = GrpcProtocol.ContentType;
        SetStatus(response.Headers, status, detail);
    }
}

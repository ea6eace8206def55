using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.Net.Http.Headers;

namespace RpcCompare.Protocols.Grpc;

/// <summary>What every gRPC endpoint checks before it treats a request as a call.</summary>
internal static class GrpcServerChecks
{
    /// <summary>
    /// Rejects what is not a gRPC call we can serve, with the response real gRPC servers give, and reads grpc-timeout.
    /// Returns false when the response has already been set.
    /// </summary>
    public static bool TryAcceptCall(HttpContext httpContext, ILogger logger, out TimeSpan? timeout)
    {
        timeout = null;
        var request = httpContext.Request;
        var response = httpContext.Response;
        var contentType = request.ContentType;
        if (!GrpcProtocol.IsGrpcContentType(contentType) || GrpcProtocol.IsNonProtoFormat(contentType!))
        {
            logger.LogDebug("Rejected a request to {Path} with content type '{ContentType}'.", request.Path, contentType);
            GrpcResponses.SetHttpError(response, StatusCodes.Status415UnsupportedMediaType, GrpcStatusCode.Internal, $"Content-Type '{contentType}' is not supported.");
            return false;
        }

        if (!HttpProtocol.IsHttp2(request.Protocol) && !HttpProtocol.IsHttp3(request.Protocol))
        {
            logger.LogDebug("Rejected a {Protocol} request to {Path}; gRPC needs HTTP/2.", request.Protocol, request.Path);
            GrpcResponses.SetHttpError(response, StatusCodes.Status426UpgradeRequired, GrpcStatusCode.Internal, $"Request protocol '{request.Protocol}' is not supported.");
            response.Headers[HeaderNames.Upgrade] = "h2c";
            return false;
        }

        var encoding = request.Headers[GrpcProtocol.EncodingHeader].ToString();
        if (encoding.Length > 0 && !string.Equals(encoding, GrpcProtocol.IdentityEncoding, StringComparison.Ordinal))
        {
            response.Headers[GrpcProtocol.AcceptEncodingHeader] = GrpcProtocol.IdentityEncoding;
            GrpcResponses.SetTrailersOnly(response, GrpcStatusCode.Unimplemented, $"Unsupported grpc-encoding value '{encoding}'. Supported encodings: identity");
            return false;
        }

        var timeoutText = request.Headers[GrpcProtocol.TimeoutHeader].ToString();
        if (timeoutText.Length > 0)
        {
            if (!GrpcTimeout.TryParse(timeoutText, out var parsed))
            {
                GrpcResponses.SetTrailersOnly(response, GrpcStatusCode.Internal, $"Invalid grpc-timeout header value '{timeoutText}'.");
                return false;
            }

            timeout = parsed;
        }

        return true;
    }
}

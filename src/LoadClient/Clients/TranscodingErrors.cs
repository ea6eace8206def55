using System.Net;
using System.Text.Json;
using Grpc.Core;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// A failed transcoded call: gRPC JSON transcoding answers with the HTTP status of the gRPC code and a google.rpc.Status
/// body ({"code": 5, "message": "...", "details": [...]}), whose code is read as the gRPC client reads a status, and whose
/// google.rpc.ErrorInfo detail names a database failure's cause (the host puts it there: transcoding drops other trailers).
/// A refusal before the service (Kestrel's 413 and 414, the stream limiter's 429) has no such body: its HTTP status says it.
/// </summary>
public static class TranscodingErrors
{
    public const string ErrorInfoType = "type.googleapis.com/google.rpc.ErrorInfo";

    public static GraphCallException Read(HttpStatusCode status, string? reason, JsonElement? body)
    {
        var http = (int)status;
        if (body is not { ValueKind: JsonValueKind.Object } root
            || !root.TryGetProperty("code", out var codeElement) || !codeElement.TryGetInt32(out var code))
        {
            var detail = body is { } problem ? StringProperty(problem, "detail") : null;
            return new GraphCallException(JsonHttpGraphClientBase.KindOf(status), $"http {http}", detail ?? $"HTTP {http} {reason}");
        }
        var grpc = (StatusCode)code;
        var kind = ErrorKinds.FromCause(CauseOf(root)) ?? grpc switch
        {
            StatusCode.NotFound => ErrorKind.NotFound,
            StatusCode.InvalidArgument => ErrorKind.InvalidArgument,
            StatusCode.ResourceExhausted => ErrorKind.OverLimit,
            StatusCode.PermissionDenied => ErrorKind.WritesDisabled,
            StatusCode.DeadlineExceeded => ErrorKind.Timeout,
            StatusCode.Unavailable or StatusCode.Internal or StatusCode.Unimplemented => ErrorKind.Protocol,
            StatusCode.Unknown => ErrorKind.Server,
            _ => ErrorKind.Other,
        };
        return new GraphCallException(kind, $"http {http} grpc {grpc}", StringProperty(root, "message") ?? $"HTTP {http} {reason}");
    }

    /// <summary>The reason of the status's google.rpc.ErrorInfo detail; null when it has none.</summary>
    private static string? CauseOf(JsonElement status)
    {
        if (!status.TryGetProperty("details", out var details) || details.ValueKind != JsonValueKind.Array)
        {
            return null;
        }
        foreach (var detail in details.EnumerateArray())
        {
            if (StringProperty(detail, "@type") == ErrorInfoType)
            {
                return StringProperty(detail, "reason");
            }
        }
        return null;
    }

    /// <summary>A string property of a JSON object; null when absent or not a string.</summary>
    internal static string? StringProperty(JsonElement element, string name) =>
        element.ValueKind == JsonValueKind.Object && element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String
            ? value.GetString()
            : null;
}

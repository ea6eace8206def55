namespace RpcCompare.Protocols.Grpc;

/// <summary>Names and constants of gRPC over HTTP/2 (grpc/grpc doc/PROTOCOL-HTTP2.md).</summary>
internal static class GrpcProtocol
{
    public const string ContentType = "application/grpc";
    public const string ProtoContentType = "application/grpc+proto";

    public const string StatusHeader = "grpc-status";
    public const string MessageHeader = "grpc-message";
    public const string TimeoutHeader = "grpc-timeout";
    public const string EncodingHeader = "grpc-encoding";
    public const string AcceptEncodingHeader = "grpc-accept-encoding";

    /// <summary>Only identity is implemented: no message is ever compressed, and peers are told so.</summary>
    public const string IdentityEncoding = "identity";

    /// <summary>One compressed-flag byte and a four-byte big-endian length before every message.</summary>
    public const int MessagePrefixLength = 5;

    public const int DefaultMaxReceiveMessageSize = 4 * 1024 * 1024;

    public const string UserAgent = "grpc-dotnet-rpccompare/0.1";

    // Status codes as trailer text, so that ending a call allocates no string.
    private static readonly string[] StatusCodeText =
        [.. Enumerable.Range(0, 17).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture))];

    public static string ToTrailerText(GrpcStatusCode code)
    {
        var value = (int)code;
        return (uint)value < (uint)StatusCodeText.Length
            ? StatusCodeText[value]
            : value.ToString(System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// "application/grpc", optionally followed by "+proto" or another "+format" suffix and parameters
    /// (a real client may send "application/grpc; charset=utf-8"); compared case-insensitively.
    /// </summary>
    public static bool IsGrpcContentType(string? contentType)
    {
        if (contentType is null || !contentType.StartsWith(ContentType, StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        if (contentType.Length == ContentType.Length)
        {
            return true;
        }

        var next = contentType[ContentType.Length];
        return next is '+' or ';';
    }

    /// <summary>Whether a "+suffix" names a message format other than protobuf (e.g. application/grpc+json).</summary>
    public static bool IsNonProtoFormat(string contentType)
    {
        if (contentType.Length <= ContentType.Length || contentType[ContentType.Length] != '+')
        {
            return false;
        }

        var format = contentType.AsSpan(ContentType.Length + 1);
        var end = format.IndexOf(';');
        if (end >= 0)
        {
            format = format[..end];
        }

        return !format.Trim().Equals("proto", StringComparison.OrdinalIgnoreCase);
    }
}

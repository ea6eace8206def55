using System.Net;
using System.Net.Http.Headers;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>Hand-made HTTP/2 requests, for what our own client would never send (bad bodies, wrong headers).</summary>
internal static class RawHttp2
{
    public static HttpClient CreateClient() => new(new SocketsHttpHandler(), disposeHandler: true)
    {
        DefaultRequestVersion = HttpVersion.Version20,
        DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
    };

    public static HttpRequestMessage Post(Uri address, string path, byte[] body, string contentType = "application/grpc")
    {
        var request = new HttpRequestMessage(HttpMethod.Post, new Uri(address, path))
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = new ByteArrayContent(body),
        };
        request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        request.Headers.TE.ParseAdd("trailers");
        return request;
    }

    public static byte[] Frame(byte[] payload, byte flag = 0)
    {
        var framed = new byte[5 + payload.Length];
        framed[0] = flag;
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(framed.AsSpan(1), (uint)payload.Length);
        payload.CopyTo(framed, 5);
        return framed;
    }

    public static string? Header(HttpHeaders headers, string name) =>
        headers.TryGetValues(name, out var values) ? string.Join(",", values) : null;
}

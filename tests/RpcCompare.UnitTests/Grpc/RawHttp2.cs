using System.Net;
using System.Net.Http.Headers;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>Hand-made HTTP/2 requests, for what our own client would never send (bad bodies, wrong headers).</summary>
internal static class RawHttp2
{
    public static HttpClient CreateClient() => new(new SocketsHttpHandler { UseProxy = false }, disposeHandler: true)
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

    /// <summary>Splits a response body into its messages' payloads, failing on a partial frame.</summary>
    public static List<byte[]> SplitFrames(byte[] body)
    {
        var payloads = new List<byte[]>();
        var offset = 0;
        while (offset < body.Length)
        {
            Assert.True(body.Length - offset >= 5, "Partial message prefix at the end of the body.");
            var length = (int)System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(body.AsSpan(offset + 1));
            Assert.True(body.Length - offset - 5 >= length, "Partial message at the end of the body.");
            payloads.Add(body.AsSpan(offset + 5, length).ToArray());
            offset += 5 + length;
        }

        return payloads;
    }

    public static string? Header(HttpHeaders headers, string name) =>
        headers.TryGetValues(name, out var values) ? string.Join(",", values) : null;
}

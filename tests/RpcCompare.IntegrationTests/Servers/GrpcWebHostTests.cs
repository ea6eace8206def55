using System.Buffers.Binary;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using RpcCompare.Contracts;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;
using Proto = RpcCompare.Contracts.Grpc;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// The grpc stack's service over gRPC-Web on the fixture's grpc-web host: what an independent client sends by hand over
/// HTTP/1.1 (a 5-byte frame prefix, protobuf, the status in a trailer frame), the failure causes grpc reports, and
/// malformed frames, each answered with a status while the host keeps serving.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class GrpcWebHostTests(DatabaseFixture db)
{
    private const string GetNodePath = "/rpccompare.v1.Graph/GetNode";

    [Fact]
    public async Task AHandBuiltFrameGetsTheNodeAndStatusZero()
    {
        var hub = db.Generator.HubIds[0];
        // GetNodeRequest { int64 id = 1 } written by hand: the field's tag (1 << 3 | varint) and the id as a varint.
        byte[] request = [0x08, .. Varint((ulong)hub)];

        var answer = await PostAsync(GetNodePath, Frame(0x00, request));

        Assert.Equal(HttpStatusCode.OK, answer.Status);
        Assert.Equal("application/grpc-web", answer.ContentType);
        Assert.Equal(2, answer.Frames.Count);
        Assert.Equal(0x00, answer.Frames[0].Flags);
        Assert.Equal(await db.CreateQueries().GetNodeAsync(hub, default),
            Proto.NodeDetails.Parser.ParseFrom(answer.Frames[0].Payload).FromProto());
        Assert.Equal(0x80, answer.Frames[1].Flags);
        Assert.Equal("0", answer.Trailers["grpc-status"]);
    }

    [Fact]
    public async Task GrpcWebTrailersCarryTheFailureCausesOfGrpc()
    {
        var clients = await db.ClientsAsync();
        Func<IGraphClient, Task>[] calls =
        [
            c => c.GetNodeAsync(987_654_321, default),
            c => c.SearchNodesAsync("amber", -1, default),
            c => c.StreamSearchNodesAsync("", 10, default),
            c => c.PingAsync(new string('p', GrpcStackHostLimit + 1), default),
        ];

        var grpc = new List<(ErrorKind, string, string)>();
        var web = new List<(ErrorKind, string, string)>();
        foreach (var call in calls)
        {
            grpc.Add(Error(await Assert.ThrowsAsync<GraphCallException>(() => call(clients[StackCatalog.Grpc]))));
            web.Add(Error(await Assert.ThrowsAsync<GraphCallException>(() => call(clients[StackCatalog.GrpcWeb]))));
        }

        Assert.Equal([ErrorKind.NotFound, ErrorKind.InvalidArgument, ErrorKind.InvalidArgument, ErrorKind.OverLimit],
            web.Select(e => e.Item1));
        Assert.Equal(grpc, web);
        await AssertStillServingAsync();
    }

    [Theory]
    [InlineData("a length prefix beyond the body", new byte[] { 0, 0, 0, 0, 100, 0x08, 0x01 }, "13")]
    [InlineData("a length over the message limit", new byte[] { 0, 0x7f, 0xff, 0xff, 0xff, 0x08, 0x01 }, "8")]
    [InlineData("a frame cut inside its prefix", new byte[] { 0, 0, 0 }, "13")]
    public async Task AMalformedFrameEndsInAStatusAndTheHostServes(string what, byte[] body, string status)
    {
        var answer = await PostAsync(GetNodePath, body);

        Assert.True(answer.Trailers.TryGetValue("grpc-status", out var actual), $"{what}: no grpc-status");
        Assert.Equal(status, actual);
        Assert.DoesNotContain("   at ", answer.Trailers.GetValueOrDefault("grpc-message", ""), StringComparison.Ordinal);
        await AssertStillServingAsync();
    }

    [Fact]
    public async Task TextModeBodyThatIsNoBase64EndsInAStatus()
    {
        var answer = await PostAsync(GetNodePath, Encoding.ASCII.GetBytes("%%% not base64 %%%"), "application/grpc-web-text");

        // The decoding fails inside the call, so the answer is the one a garbage gRPC message gets: Unknown, and no detail
        // while detailed errors are off.
        Assert.Equal(HttpStatusCode.OK, answer.Status);
        Assert.Equal("2", answer.Trailers["grpc-status"]);
        Assert.Equal("Exception was thrown by handler.", answer.Trailers["grpc-message"]);
        await AssertStillServingAsync();
    }

    /// <summary>One byte over the shared gRPC receive limit (an ASCII payload is a byte a character).</summary>
    private const int GrpcStackHostLimit = 8 * 1024 * 1024;

    private static (ErrorKind, string, string) Error(GraphCallException e) => (e.Kind, e.NativeCode, e.Message);

    private async Task AssertStillServingAsync() =>
        Assert.Equal("still here", await (await db.ClientsAsync())[StackCatalog.GrpcWeb].PingAsync("still here", default));

    /// <summary>One POST over HTTP/1.1 as a gRPC-Web client sends it; the answer's frames, and its status from the trailer
    /// frame or, for a trailers-only answer, from the headers.</summary>
    private async Task<WebAnswer> PostAsync(string path, byte[] body, string contentType = "application/grpc-web")
    {
        var endpoint = (await db.HostAsync(StackCatalog.GrpcWeb)).Ready.Endpoints[EndpointNames.Http];
        using var http = new HttpClient
        {
            BaseAddress = new Uri(endpoint),
            DefaultRequestVersion = HttpVersion.Version11,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue(contentType);
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.Add("X-Grpc-Web", "1");
        using var response = await http.SendAsync(request);
        var bytes = await response.Content.ReadAsByteArrayAsync();

        var frames = Frames(bytes);
        var trailers = new Dictionary<string, string>();
        foreach (var (name, values) in response.Headers.Where(h => h.Key.StartsWith("grpc-", StringComparison.Ordinal)))
        {
            trailers[name] = values.Single();
        }
        foreach (var line in frames.Where(f => f.Flags == 0x80).SelectMany(f => Encoding.ASCII.GetString(f.Payload).Split("\r\n")))
        {
            if (line.Split(':', 2) is [var name, var value])
            {
                trailers[name.Trim()] = value.Trim();
            }
        }
        return new WebAnswer(response.StatusCode, response.Content.Headers.ContentType?.MediaType, frames, trailers);
    }

    private static byte[] Frame(byte flags, byte[] payload)
    {
        var frame = new byte[5 + payload.Length];
        frame[0] = flags;
        BinaryPrimitives.WriteInt32BigEndian(frame.AsSpan(1), payload.Length);
        payload.CopyTo(frame, 5);
        return frame;
    }

    private static List<(byte Flags, byte[] Payload)> Frames(byte[] body)
    {
        var frames = new List<(byte, byte[])>();
        for (var i = 0; i + 5 <= body.Length;)
        {
            var length = BinaryPrimitives.ReadInt32BigEndian(body.AsSpan(i + 1));
            frames.Add((body[i], body[(i + 5)..(i + 5 + length)]));
            i += 5 + length;
        }
        return frames;
    }

    private static IEnumerable<byte> Varint(ulong value)
    {
        for (; value >= 0x80; value >>= 7)
        {
            yield return (byte)(value | 0x80);
        }
        yield return (byte)value;
    }

    private sealed record WebAnswer(HttpStatusCode Status, string? ContentType, List<(byte Flags, byte[] Payload)> Frames,
        Dictionary<string, string> Trailers);
}

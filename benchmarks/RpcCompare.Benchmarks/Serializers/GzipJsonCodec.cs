using System.IO.Compression;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// Source-generated JSON through gzip. <see cref="CompressionLevel.Optimal"/> is zlib's default level 6, what the mobile
/// study's GZIPOutputStream used; ASP.NET Core's response compression defaults to Fastest instead.
/// </summary>
public sealed class GzipJsonCodec<T>(JsonTypeInfo<T> typeInfo) : Codec<T>
{
    public override void Serialize(T message, PayloadBuffer destination)
    {
        using var gzip = new GZipStream(destination, CompressionLevel.Optimal, leaveOpen: true);
        JsonSerializer.Serialize(gzip, message, typeInfo);
    }

    public override T Deserialize(byte[] payload)
    {
        using var gzip = new GZipStream(new MemoryStream(payload, writable: false), CompressionMode.Decompress);
        return JsonSerializer.Deserialize(gzip, typeInfo) ?? throw new JsonException($"The payload held a JSON null, not a {typeof(T).Name}.");
    }
}

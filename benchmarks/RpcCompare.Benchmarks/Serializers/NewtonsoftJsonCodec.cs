using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Serialization;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>Newtonsoft.Json streaming through its text writer and reader, camelCase names like the web defaults.</summary>
public sealed class NewtonsoftJsonCodec<T> : Codec<T>
{
    private static readonly Encoding Utf8 = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false);

    // The contract resolver caches per-type contracts; one serializer for the process keeps that cache warm.
    private static readonly JsonSerializer Serializer = JsonSerializer.Create(new JsonSerializerSettings
    {
        ContractResolver = new CamelCasePropertyNamesContractResolver(),
    });

    public override void Serialize(T message, PayloadBuffer destination)
    {
        using var text = new StreamWriter(destination, Utf8, bufferSize: -1, leaveOpen: true);
        using var writer = new JsonTextWriter(text);
        Serializer.Serialize(writer, message);
    }

    public override T Deserialize(byte[] payload)
    {
        using var text = new StreamReader(new MemoryStream(payload, writable: false), Utf8);
        using var reader = new JsonTextReader(text);
        return Serializer.Deserialize<T>(reader) ?? throw new JsonSerializationException(
            $"The payload held a JSON null, not a {typeof(T).Name}.");
    }
}

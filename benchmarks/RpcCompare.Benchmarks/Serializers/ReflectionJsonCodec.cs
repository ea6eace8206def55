using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>System.Text.Json with metadata built by reflection at run time, same web defaults as the source-generated context.</summary>
public sealed class ReflectionJsonCodec<T> : Codec<T>
{
    // One options instance for the process: its metadata cache is what makes reflection affordable after the first call.
    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
    {
        TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
    };

    public override void Serialize(T message, PayloadBuffer destination) => JsonSerializer.Serialize(destination, message, Options);

    public override T Deserialize(byte[] payload) =>
        JsonSerializer.Deserialize<T>(payload, Options) ?? throw new JsonException($"The payload held a JSON null, not a {typeof(T).Name}.");
}

using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>System.Text.Json with compile-time metadata: what the REST and GraphQL hosts use.</summary>
public sealed class SourceGenJsonCodec<T>(JsonTypeInfo<T> typeInfo) : Codec<T>
{
    public override void Serialize(T message, PayloadBuffer destination) => JsonSerializer.Serialize(destination, message, typeInfo);

    public override T Deserialize(byte[] payload) =>
        JsonSerializer.Deserialize(payload, typeInfo) ?? throw new JsonException($"The payload held a JSON null, not a {typeof(T).Name}.");
}

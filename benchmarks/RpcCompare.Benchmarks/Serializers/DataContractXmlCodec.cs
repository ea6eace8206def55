using System.Runtime.Serialization;
using System.Xml;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>DataContractSerializer as UTF-8 text XML: WCF's text message encoding without the SOAP envelope.</summary>
public sealed class DataContractXmlCodec<T> : Codec<T>
{
    private readonly DataContractSerializer _serializer = new(typeof(T));

    public override void Serialize(T message, PayloadBuffer destination) => _serializer.WriteObject(destination, message);

    public override T Deserialize(byte[] payload)
    {
        // Max quotas: a 250,000-link message is far beyond WCF's default reader quotas, as the studied system's was.
        using var reader = XmlDictionaryReader.CreateTextReader(payload, XmlDictionaryReaderQuotas.Max);
        return (T)(_serializer.ReadObject(reader) ?? throw new SerializationException($"The payload held no {typeof(T).Name}."));
    }
}

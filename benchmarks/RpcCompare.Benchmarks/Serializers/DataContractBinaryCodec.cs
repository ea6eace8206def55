using System.Runtime.Serialization;
using System.Xml;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// DataContractSerializer through .NET Binary XML ([MC-NBFX]) with no dictionary: the encoding WCF NetTcp uses, but
/// with every element name written out in each message.
/// </summary>
public sealed class DataContractBinaryCodec<T> : Codec<T>
{
    private readonly DataContractSerializer _serializer = new(typeof(T));

    public override void Serialize(T message, PayloadBuffer destination)
    {
        using var writer = XmlDictionaryWriter.CreateBinaryWriter(destination, dictionary: null, session: null, ownsStream: false);
        _serializer.WriteObject(writer, message);
    }

    public override T Deserialize(byte[] payload)
    {
        using var reader = XmlDictionaryReader.CreateBinaryReader(payload, 0, payload.Length, dictionary: null, XmlDictionaryReaderQuotas.Max);
        return (T)(_serializer.ReadObject(reader) ?? throw new SerializationException($"The payload held no {typeof(T).Name}."));
    }
}

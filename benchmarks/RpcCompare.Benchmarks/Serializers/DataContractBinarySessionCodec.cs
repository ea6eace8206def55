using System.Runtime.Serialization;
using System.Xml;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// DataContractSerializer as WCF NetTcp sends it: .NET Binary XML whose element and namespace names go into a session
/// dictionary, announced in a string table ahead of the first message that uses them ([MC-NBFSE]). One instance holds
/// both ends of one connection. After <see cref="Prime"/> the names are known on both sides, so every message measured
/// is what a long-lived connection carries: an empty string table and names as small numbers.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "The buffer holds only managed memory (a pooled array it never returns early); a codec lives as long as its benchmark.")]
public sealed class DataContractBinarySessionCodec<T> : Codec<T>
{
    private readonly DataContractSerializer _serializer = new(typeof(T));
    private readonly RecordingWriterSession _writerSession = new();
    private readonly XmlBinaryReaderSession _readerSession = new();
    private readonly PayloadBuffer _body = new();
    private int _readerStrings;

    public override void Serialize(T message, PayloadBuffer destination)
    {
        // The table must precede the body but is only known once the body is written, so the body goes to a buffer
        // first; WCF's binary session encoder does the same and copies both into the outgoing buffer.
        _body.Clear();
        using (var writer = XmlDictionaryWriter.CreateBinaryWriter(_body, dictionary: null, _writerSession, ownsStream: false))
        {
            _serializer.WriteObject(writer, message);
        }
        SessionStringTable.Write(destination, _writerSession.NewStrings);
        _writerSession.NewStrings.Clear();
        destination.Write(_body.WrittenSpan);
    }

    public override T Deserialize(byte[] payload)
    {
        var start = SessionStringTable.Read(payload, _readerSession, ref _readerStrings);
        using var reader = XmlDictionaryReader.CreateBinaryReader(
            payload, start, payload.Length - start, dictionary: null, XmlDictionaryReaderQuotas.Max, _readerSession);
        return (T)(_serializer.ReadObject(reader) ?? throw new SerializationException($"The payload held no {typeof(T).Name}."));
    }

    /// <summary>Sends one message through both ends so that every name of <typeparamref name="T"/> is in the session.</summary>
    public override void Prime(T message)
    {
        using var first = new PayloadBuffer();
        Serialize(message, first);
        Deserialize(first.ToArray());
    }

    /// <summary>Remembers which strings the writer added to the session since the last message, in key order.</summary>
    private sealed class RecordingWriterSession : XmlBinaryWriterSession
    {
        public List<string> NewStrings { get; } = [];

        public override bool TryAdd(XmlDictionaryString value, out int key)
        {
            if (!base.TryAdd(value, out key))
            {
                return false;
            }
            NewStrings.Add(value.Value);
            return true;
        }
    }
}

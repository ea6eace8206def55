using Google.Protobuf;
using MessagePack;
using RpcCompare.Benchmarks.FlatBuffers;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.Benchmarks.Messages;

/// <summary>One message of the benchmark, able to bind itself to any of the compared serializers.</summary>
public abstract class BenchmarkMessage
{
    protected BenchmarkMessage(MessageKind kind, int itemCount)
    {
        Kind = kind;
        ItemCount = itemCount;
    }

    public MessageKind Kind { get; }

    /// <summary>Links, records or articles in the message.</summary>
    public int ItemCount { get; }

    public abstract SerializerCase CreateCase(SerializerKind serializer);
}

public sealed class BenchmarkMessage<T, TProto> : BenchmarkMessage
    where T : class
    where TProto : IMessage<TProto>
{
    private readonly T _value;
    private readonly MessageShape<T, TProto> _shape;

    public BenchmarkMessage(MessageKind kind, int itemCount, T value, MessageShape<T, TProto> shape) : base(kind, itemCount)
    {
        _value = value;
        _shape = shape;
    }

    public override SerializerCase CreateCase(SerializerKind serializer) => serializer switch
    {
        SerializerKind.Protobuf => SerializerCase.Create(serializer, new ProtobufCodec<TProto>(_shape.Parser), _shape.ToProto(_value)),
        SerializerKind.ProtobufMapped => SerializerCase.Create(
            serializer, new MappedProtobufCodec<T, TProto>(_shape.ToProto, _shape.FromProto, _shape.Parser), _value),
        SerializerKind.StjSourceGen => SerializerCase.Create(serializer, new SourceGenJsonCodec<T>(_shape.Json), _value),
        SerializerKind.StjReflection => SerializerCase.Create(serializer, new ReflectionJsonCodec<T>(), _value),
        SerializerKind.NewtonsoftJson => SerializerCase.Create(serializer, new NewtonsoftJsonCodec<T>(), _value),
        SerializerKind.DcsXml => SerializerCase.Create(serializer, new DataContractXmlCodec<T>(), _value),
        SerializerKind.DcsBinary => SerializerCase.Create(serializer, new DataContractBinaryCodec<T>(), _value),
        SerializerKind.DcsBinarySession => SerializerCase.Create(serializer, new DataContractBinarySessionCodec<T>(), _value),
        SerializerKind.GzipJson => SerializerCase.Create(serializer, new GzipJsonCodec<T>(_shape.Json), _value),
        SerializerKind.MessagePack => SerializerCase.Create(serializer, new MessagePackCodec<T>(MessagePackSerializerOptions.Standard), _value),
        SerializerKind.ProtobufNet => SerializerCase.Create(serializer, new ProtobufNetCodec<T>(), _value),
        SerializerKind.FlatBuffers => SerializerCase.Create(serializer, new FlatBuffersCodec<T>(_shape.FlatBuffersWrite, _shape.FlatBuffersRead), _value),
        _ => throw new ArgumentOutOfRangeException(nameof(serializer), serializer, "Unknown serializer."),
    };
}

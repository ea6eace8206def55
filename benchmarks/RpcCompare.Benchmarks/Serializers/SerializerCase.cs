using System.Collections;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// One serializer bound to one message, ready to be timed: the message is built (and, for plain protobuf, converted)
/// before the measurement starts, so only the serializer's work is timed.
/// </summary>
public abstract class SerializerCase
{
    protected SerializerCase(SerializerKind serializer) => Serializer = serializer;

    public SerializerKind Serializer { get; }

    /// <summary>The object the serializer writes: the contract object, or the protobuf message for plain protobuf.</summary>
    public abstract object Message { get; }

    /// <summary>Writes <see cref="Message"/>.</summary>
    public abstract void Serialize(PayloadBuffer destination);

    /// <summary>Writes another object of the message's type, e.g. one that was read back.</summary>
    public abstract void Serialize(object message, PayloadBuffer destination);

    public abstract object Deserialize(byte[] payload);

    public byte[] SerializeToArray()
    {
        using var buffer = new PayloadBuffer();
        Serialize(buffer);
        return buffer.ToArray();
    }

    /// <summary>Value equality, item by item for arrays (records compare arrays by reference).</summary>
    public bool IsEqualToMessage(object other) =>
        Message is IStructuralEquatable structural
            ? structural.Equals(other, EqualityComparer<object>.Default)
            : Message.Equals(other);

    public static SerializerCase Create<T>(SerializerKind serializer, Codec<T> codec, T message) where T : notnull =>
        new Bound<T>(serializer, codec, message);

    private sealed class Bound<T> : SerializerCase where T : notnull
    {
        private readonly Codec<T> _codec;
        private readonly T _message;

        public Bound(SerializerKind serializer, Codec<T> codec, T message) : base(serializer)
        {
            _codec = codec;
            _message = message;
            codec.Prime(message);
        }

        public override object Message => _message;

        public override void Serialize(PayloadBuffer destination) => _codec.Serialize(_message, destination);

        public override void Serialize(object message, PayloadBuffer destination) => _codec.Serialize((T)message, destination);

        public override object Deserialize(byte[] payload) => _codec.Deserialize(payload);
    }
}

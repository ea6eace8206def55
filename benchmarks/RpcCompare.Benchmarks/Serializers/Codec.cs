namespace RpcCompare.Benchmarks.Serializers;

/// <summary>One serializer for one message type: message to bytes and back, as a stack does it at each end of a call.</summary>
public abstract class Codec<T>
{
    /// <summary>Writes <paramref name="message"/> to <paramref name="destination"/> and leaves the stream open.</summary>
    public abstract void Serialize(T message, PayloadBuffer destination);

    public abstract T Deserialize(byte[] payload);

    /// <summary>
    /// Brings state that lives as long as a connection to its steady state, outside any measurement. Stateless
    /// serializers have nothing to do.
    /// </summary>
    public virtual void Prime(T message)
    {
    }
}

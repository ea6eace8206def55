namespace RpcCompare.Protocols.NetTcp;

/// <summary>A fault carrying a DataContract detail, serialized into the SOAP Detail element.</summary>
public class FaultException<TDetail> : FaultException
{
    public FaultException(TDetail detail, string reason)
        : this(detail, reason, FaultCode.CreateSenderFaultCode(null))
    {
    }

    public FaultException(TDetail detail, string reason, FaultCode code)
        : base(reason, code)
    {
        ArgumentNullException.ThrowIfNull(detail);
        Detail = detail;
    }

    public TDetail Detail { get; }

    public override bool HasDetail => true;

    public override T GetDetail<T>() =>
        Detail is T typed ? typed : throw new InvalidOperationException($"The fault detail is a {typeof(TDetail).Name}, not a {typeof(T).Name}.");

    internal override (object Detail, Type Type)? DetailToSend => (Detail!, typeof(TDetail));
}

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// A SOAP fault code with an optional chain of subcodes, like System.ServiceModel.FaultCode.
/// SOAP 1.2 only allows the five predefined codes at the top; any other code is sent as a subcode of Sender,
/// so the client sees <c>Code.Name == "Sender"</c> and <c>Code.SubCode.Name == "YourCode"</c>.
/// </summary>
public sealed class FaultCode
{
    internal const string Soap12Namespace = "http://www.w3.org/2003/05/soap-envelope";

    public FaultCode(string name)
        : this(name, string.Empty, null)
    {
    }

    public FaultCode(string name, FaultCode? subCode)
        : this(name, string.Empty, subCode)
    {
    }

    public FaultCode(string name, string @namespace, FaultCode? subCode = null)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentNullException.ThrowIfNull(@namespace);
        if (name.Contains(':', StringComparison.Ordinal))
        {
            throw new ArgumentException($"Fault code name '{name}' must be a local name without a prefix; pass the namespace separately.", nameof(name));
        }

        Name = name;
        Namespace = @namespace;
        SubCode = subCode;
    }

    public string Name { get; }

    /// <summary>The code's namespace; empty means "predefined SOAP code" for Sender/Receiver/MustUnderstand/...</summary>
    public string Namespace { get; }

    public FaultCode? SubCode { get; }

    public bool IsPredefinedFault => Namespace.Length == 0 || Namespace == Soap12Namespace;

    public bool IsSenderFault => IsPredefinedFault && Name == "Sender";

    public bool IsReceiverFault => IsPredefinedFault && Name == "Receiver";

    public static FaultCode CreateSenderFaultCode(FaultCode? subCode) => new("Sender", Soap12Namespace, subCode);

    public static FaultCode CreateReceiverFaultCode(FaultCode? subCode) => new("Receiver", Soap12Namespace, subCode);

    public override string ToString() => SubCode is null ? Name : $"{Name}/{SubCode}";
}

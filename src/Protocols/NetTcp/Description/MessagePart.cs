using System.Runtime.Serialization;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// One parameter or result element of an operation body, with its cached DataContractSerializer
/// (rooted at the part's element name in the contract namespace, as WCF's DataContractSerializerOperationFormatter does).
/// </summary>
internal sealed class MessagePart
{
    public MessagePart(XmlDictionaryString name, XmlDictionaryString @namespace, Type type)
    {
        Name = name;
        Type = type;
        Serializer = new DataContractSerializer(type, new DataContractSerializerSettings
        {
            RootName = name,
            RootNamespace = @namespace,
            MaxItemsInObjectGraph = int.MaxValue,
        });
        DefaultValue = type.IsValueType && Nullable.GetUnderlyingType(type) is null ? Activator.CreateInstance(type) : null;
    }

    public XmlDictionaryString Name { get; }

    public Type Type { get; }

    public DataContractSerializer Serializer { get; }

    /// <summary>What a missing or nil element means: default(T).</summary>
    public object? DefaultValue { get; }

    public void Write(XmlDictionaryWriter writer, object? value) => Serializer.WriteObject(writer, value);

    public object? Read(XmlDictionaryReader reader) => Serializer.ReadObject(reader, verifyObjectName: false) ?? DefaultValue;
}

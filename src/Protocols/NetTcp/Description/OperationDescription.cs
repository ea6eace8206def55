using System.Reflection;
using System.Runtime.Serialization;
using System.Xml;
using RpcCompare.Stacks;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// One operation of a contract: its WCF names and the wrapped document/literal body it reads and writes,
/// <c>&lt;Op xmlns="ns"&gt;&lt;param&gt;…&lt;/param&gt;&lt;/Op&gt;</c> and <c>&lt;OpResponse&gt;&lt;OpResult&gt;…&lt;/OpResult&gt;&lt;/OpResponse&gt;</c>.
/// </summary>
public sealed class OperationDescription
{
    private OperationInvoker? _invoker;

    internal OperationDescription(MethodInfo method, string name, Type? resultType, string contractAction, XmlDictionary dictionary, XmlDictionaryString @namespace)
    {
        Method = method;
        Name = name;
        ResultType = resultType;
        Action = contractAction + "/" + name;
        ReplyAction = Action + "Response";
        ActionString = dictionary.Add(Action);
        ReplyActionString = dictionary.Add(ReplyAction);
        Namespace = @namespace;
        RequestWrapper = dictionary.Add(XmlConvert.EncodeLocalName(name));
        ResponseWrapper = dictionary.Add(XmlConvert.EncodeLocalName(name + "Response"));
        Parameters = method.GetParameters()
            .Select(p => new MessagePart(dictionary.Add(XmlConvert.EncodeLocalName(p.Name!)), @namespace, p.ParameterType))
            .ToArray();
        Result = resultType is null ? null : new MessagePart(dictionary.Add(XmlConvert.EncodeLocalName(name + "Result")), @namespace, resultType);
    }

    /// <summary>The operation name: the method name without its Async suffix.</summary>
    public string Name { get; }

    /// <summary>"{ns}{ContractName}/{Name}".</summary>
    public string Action { get; }

    /// <summary><see cref="Action"/> + "Response".</summary>
    public string ReplyAction { get; }

    public MethodInfo Method { get; }

    /// <summary>The T of Task&lt;T&gt;, or null for an operation returning Task.</summary>
    public Type? ResultType { get; }

    internal XmlDictionaryString ActionString { get; }

    internal XmlDictionaryString ReplyActionString { get; }

    internal XmlDictionaryString Namespace { get; }

    internal XmlDictionaryString RequestWrapper { get; }

    internal XmlDictionaryString ResponseWrapper { get; }

    internal MessagePart[] Parameters { get; }

    internal MessagePart? Result { get; }

    // Compiled on first use, on the side that needs it; a race only compiles twice.
    internal OperationInvoker Invoker => _invoker ??= OperationInvoker.Create(this);

    internal void WriteRequestBody(XmlDictionaryWriter writer, object?[] args)
    {
        writer.WriteStartElement(RequestWrapper, Namespace);
        for (var i = 0; i < Parameters.Length; i++)
        {
            Parameters[i].Write(writer, args[i]);
        }

        writer.WriteEndElement();
    }

    /// <exception cref="SerializationException">The body does not hold this operation's request.</exception>
    internal object?[] ReadRequestBody(XmlDictionaryReader reader)
    {
        try
        {
            return ReadArguments(reader);
        }
        catch (InvalidOperationException ex) when (ex.InnerException is XmlException malformed)
        {
            // As in EnvelopeReader.ReadToBody: a prefix that is not valid UTF-8 among many namespace declarations makes the
            // binary reader's duplicate-attribute sort throw, wrapped by Array.Sort (found by tests/fuzz): malformed input.
            throw new XmlException(malformed.Message, ex);
        }
    }

    private object?[] ReadArguments(XmlDictionaryReader reader)
    {
        var args = new object?[Parameters.Length];
        for (var i = 0; i < args.Length; i++)
        {
            args[i] = Parameters[i].DefaultValue;
        }

        if (!reader.IsStartElement(RequestWrapper, Namespace))
        {
            throw UnexpectedElement(reader, RequestWrapper.Value);
        }

        if (reader.IsEmptyElement)
        {
            reader.Read();
            return args;
        }

        reader.ReadStartElement();
        var next = 0;
        while (reader.IsStartElement())
        {
            // Parameters normally arrive in order; unknown elements are skipped and missing ones stay default, as in WCF.
            var index = FindParameter(reader, next);
            if (index < 0)
            {
                reader.Skip();
                continue;
            }

            args[index] = Parameters[index].Read(reader);
            next = index + 1;
        }

        reader.ReadEndElement();
        return args;
    }

    internal void WriteReplyBody(XmlDictionaryWriter writer, object? result)
    {
        writer.WriteStartElement(ResponseWrapper, Namespace);
        Result?.Write(writer, result);
        writer.WriteEndElement();
    }

    /// <exception cref="SerializationException">The body does not hold this operation's response.</exception>
    internal object? ReadReplyBody(XmlDictionaryReader reader)
    {
        var result = Result?.DefaultValue;
        if (!reader.IsStartElement(ResponseWrapper, Namespace))
        {
            throw UnexpectedElement(reader, ResponseWrapper.Value);
        }

        if (reader.IsEmptyElement)
        {
            reader.Read();
            return result;
        }

        reader.ReadStartElement();
        while (reader.IsStartElement())
        {
            if (Result is not null && reader.IsStartElement(Result.Name, Namespace))
            {
                result = Result.Read(reader);
            }
            else
            {
                reader.Skip();
            }
        }

        reader.ReadEndElement();
        return result;
    }

    public override string ToString() => Action;

    private int FindParameter(XmlDictionaryReader reader, int start)
    {
        for (var n = 0; n < Parameters.Length; n++)
        {
            var i = (start + n) % Parameters.Length;
            if (reader.IsStartElement(Parameters[i].Name, Namespace))
            {
                return i;
            }
        }

        return -1;
    }

    private SerializationException UnexpectedElement(XmlDictionaryReader reader, string expected) =>
        new($"Expecting element '{expected}' from namespace '{Namespace.Value}' for operation '{Name}', " +
            $"found {reader.NodeType} '{WireText.Escape(reader.LocalName)}' from namespace '{WireText.Escape(reader.NamespaceURI)}'.");
}

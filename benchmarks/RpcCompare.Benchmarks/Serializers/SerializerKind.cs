namespace RpcCompare.Benchmarks.Serializers;

/// <summary>The serializers compared, each configured the way the stack that uses it configures it.</summary>
public enum SerializerKind
{
    /// <summary>Google.Protobuf on a ready-built protobuf message (what the studies timed): gRPC's wire format.</summary>
    Protobuf,

    /// <summary>Google.Protobuf including the contract-to-message mapping the project's gRPC host and client do.</summary>
    ProtobufMapped,

    /// <summary>System.Text.Json with the source-generated context (REST and GraphQL), web defaults.</summary>
    StjSourceGen,

    /// <summary>System.Text.Json with reflection metadata, web defaults.</summary>
    StjReflection,

    /// <summary>Newtonsoft.Json, camelCase names.</summary>
    NewtonsoftJson,

    /// <summary>DataContractSerializer as UTF-8 text XML (WCF's text encoding).</summary>
    DcsXml,

    /// <summary>DataContractSerializer through the binary XML writer, no dictionary: every name written out.</summary>
    DcsBinary,

    /// <summary>
    /// DataContractSerializer through the binary XML writer with a session dictionary, as WCF NetTcp's binary session
    /// encoding sends it: names go once per connection, so this is every message after the first.
    /// </summary>
    DcsBinarySession,

    /// <summary>System.Text.Json (source-generated) compressed with gzip at its default level: the mobile study's third format.</summary>
    GzipJson,

    /// <summary>MessagePack-CSharp, attributed: the DataContract orders as integer keys (standard resolver). Its
    /// contractless resolver writes the same bytes for these types, because it too honours their DataContract.</summary>
    MessagePack,

    /// <summary>protobuf-net, code-first over the data contracts: protobuf without generated messages.</summary>
    ProtobufNet,

    /// <summary>Google.FlatBuffers over flatc-generated tables (the Go study's fastest format): the buffer built from
    /// the contract objects and read back into them in full.</summary>
    FlatBuffers,
}

namespace RpcCompare.Protocols.NetTcp;

/// <summary>Record types of the .NET Message Framing Protocol ([MC-NMF] 2.2.3).</summary>
internal enum FramingRecordType : byte
{
    Version = 0x00,
    Mode = 0x01,
    Via = 0x02,
    KnownEncoding = 0x03,
    ExtensibleEncoding = 0x04,
    UnsizedEnvelope = 0x05,
    SizedEnvelope = 0x06,
    End = 0x07,
    Fault = 0x08,
    UpgradeRequest = 0x09,
    UpgradeResponse = 0x0A,
    PreambleAck = 0x0B,
    PreambleEnd = 0x0C,
}

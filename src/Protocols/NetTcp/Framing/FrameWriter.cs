using System.Buffers;
using System.Text;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>Writes [MC-NMF] records into a buffer writer (the caller flushes).</summary>
internal static class FrameWriter
{
    /// <summary>The client preamble of a duplex session: Version 1.0, Mode Duplex, Via, Known Encoding 0x08, Preamble End.</summary>
    public static void WriteDuplexPreamble(IBufferWriter<byte> output, string via)
    {
        var span = output.GetSpan(5);
        span[0] = (byte)FramingRecordType.Version;
        span[1] = FramingConstants.MajorVersion;
        span[2] = FramingConstants.MinorVersion;
        span[3] = (byte)FramingRecordType.Mode;
        span[4] = FramingConstants.DuplexMode;
        output.Advance(5);
        WriteStringRecord(output, FramingRecordType.Via, via);
        span = output.GetSpan(3);
        span[0] = (byte)FramingRecordType.KnownEncoding;
        span[1] = FramingConstants.BinarySessionEncoding;
        span[2] = (byte)FramingRecordType.PreambleEnd;
        output.Advance(3);
    }

    public static void WriteRecord(IBufferWriter<byte> output, FramingRecordType type)
    {
        output.GetSpan(1)[0] = (byte)type;
        output.Advance(1);
    }

    public static void WriteFault(IBufferWriter<byte> output, string fault) => WriteStringRecord(output, FramingRecordType.Fault, fault);

    public static void WriteSizedEnvelopeHeader(IBufferWriter<byte> output, int size)
    {
        var span = output.GetSpan(1 + MultiByteInt31.MaxEncodedSize);
        span[0] = (byte)FramingRecordType.SizedEnvelope;
        output.Advance(1 + MultiByteInt31.Encode(size, span[1..]));
    }

    private static void WriteStringRecord(IBufferWriter<byte> output, FramingRecordType type, string value)
    {
        var byteCount = Encoding.UTF8.GetByteCount(value);
        WriteRecord(output, type);
        MultiByteInt31.Write(output, byteCount);
        var span = output.GetSpan(byteCount);
        output.Advance(Encoding.UTF8.GetBytes(value, span));
    }
}

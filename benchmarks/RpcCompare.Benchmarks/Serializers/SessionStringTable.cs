using System.Text;
using System.Xml;

namespace RpcCompare.Benchmarks.Serializers;

/// <summary>
/// The string table that leads every message of WCF's binary session encoding ([MC-NBFSE] 2.1): the byte size of the
/// strings as a 7-bit variable-length integer, then each string new to the session as a variable-length byte count and
/// its UTF-8 bytes. Both ends number the strings in order of arrival, so the binary XML can name them by number.
/// </summary>
public static class SessionStringTable
{
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    public static void Write(Stream destination, IReadOnlyList<string> strings)
    {
        var size = 0;
        foreach (var value in strings)
        {
            var length = StrictUtf8.GetByteCount(value);
            size += VarIntLength(length) + length;
        }
        WriteVarInt(destination, size);
        foreach (var value in strings)
        {
            WriteVarInt(destination, StrictUtf8.GetByteCount(value));
            destination.Write(StrictUtf8.GetBytes(value));
        }
    }

    /// <summary>
    /// Adds the table's strings to <paramref name="session"/> with the numbers after <paramref name="knownStrings"/>
    /// (which it advances) and returns where the binary XML starts.
    /// </summary>
    public static int Read(byte[] payload, XmlBinaryReaderSession session, ref int knownStrings)
    {
        var position = 0;
        var size = ReadVarInt(payload, ref position, "string table size");
        if (size > payload.Length - position)
        {
            throw new InvalidDataException(
                $"The session string table claims {size:N0} bytes but only {payload.Length - position:N0} follow it.");
        }
        var end = position + size;
        while (position < end)
        {
            var length = ReadVarInt(payload, ref position, "string length");
            if (length > end - position)
            {
                throw new InvalidDataException(
                    $"A session string of {length:N0} bytes runs past the end of its table at byte {end:N0}.");
            }
            session.Add(knownStrings++, StrictUtf8.GetString(payload, position, length));
            position += length;
        }
        return end;
    }

    private static int VarIntLength(int value)
    {
        var length = 1;
        while ((uint)value >= 0x80)
        {
            value = (int)((uint)value >> 7);
            length++;
        }
        return length;
    }

    private static void WriteVarInt(Stream destination, int value)
    {
        var remaining = (uint)value;
        while (remaining >= 0x80)
        {
            destination.WriteByte((byte)(remaining | 0x80));
            remaining >>= 7;
        }
        destination.WriteByte((byte)remaining);
    }

    private static int ReadVarInt(byte[] payload, ref int position, string what)
    {
        uint value = 0;
        for (var shift = 0; shift < 35; shift += 7)
        {
            if (position >= payload.Length)
            {
                throw new InvalidDataException($"The payload ends inside the session {what} at byte {position:N0}.");
            }
            var next = payload[position++];
            value |= (uint)(next & 0x7F) << shift;
            if ((next & 0x80) == 0)
            {
                return value <= int.MaxValue
                    ? (int)value
                    : throw new InvalidDataException($"The session {what} {value:N0} is larger than {int.MaxValue:N0}.");
            }
        }
        throw new InvalidDataException($"The session {what} at byte {position:N0} is longer than five bytes.");
    }
}

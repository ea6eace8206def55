using System.Buffers;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The variable-length integer of [MC-NMF] 2.2.2 and [MC-NBFX]: 7 bits per byte, least significant group first,
/// high bit set on every byte but the last, at most 5 bytes, values 0 to 2^31-1.
/// </summary>
internal static class MultiByteInt31
{
    public const int MaxEncodedSize = 5;

    public static int GetEncodedSize(int value)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(value);
        var size = 1;
        while ((value >>= 7) != 0)
        {
            size++;
        }

        return size;
    }

    public static int Encode(int value, Span<byte> destination)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(value);
        var uvalue = (uint)value;
        var i = 0;
        while (uvalue >= 0x80)
        {
            destination[i++] = (byte)(uvalue | 0x80);
            uvalue >>= 7;
        }

        destination[i++] = (byte)uvalue;
        return i;
    }

    public static void Write(IBufferWriter<byte> output, int value)
    {
        var span = output.GetSpan(MaxEncodedSize);
        output.Advance(Encode(value, span));
    }

    /// <summary>Decodes from the reader; false when more bytes are needed (the reader is then left where it was).</summary>
    /// <exception cref="ProtocolException">The encoding is longer than 5 bytes or exceeds 2^31-1.</exception>
    public static bool TryRead(ref SequenceReader<byte> reader, out int value)
    {
        var start = reader.Consumed;
        uint result = 0;
        for (var i = 0; i < MaxEncodedSize; i++)
        {
            if (!reader.TryRead(out var b))
            {
                reader.Rewind(reader.Consumed - start);
                value = 0;
                return false;
            }

            if (i == MaxEncodedSize - 1 && b > 0x07)
            {
                throw new ProtocolException("A framing size is larger than 2^31-1 or longer than 5 bytes.");
            }

            result |= (uint)(b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0)
            {
                value = (int)result;
                return true;
            }
        }

        throw new ProtocolException("A framing size is larger than 2^31-1 or longer than 5 bytes.");
    }

    /// <summary>Decodes from a complete buffer (the in-band dictionary); returns the bytes used.</summary>
    /// <exception cref="InvalidDataException">Truncated or over-long encoding.</exception>
    public static int Decode(ReadOnlySpan<byte> source, out int value)
    {
        uint result = 0;
        for (var i = 0; i < MaxEncodedSize && i < source.Length; i++)
        {
            var b = source[i];
            if (i == MaxEncodedSize - 1 && b > 0x07)
            {
                break;
            }

            result |= (uint)(b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0)
            {
                value = (int)result;
                return i + 1;
            }
        }

        throw new InvalidDataException("A size in the binary session dictionary is truncated or exceeds 2^31-1.");
    }
}

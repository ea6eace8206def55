using System.Buffers;
using System.Text;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// Percent-encoding of grpc-message: the UTF-8 bytes of the text, with every byte outside printable ASCII
/// (0x20..0x7E) and '%' itself written as %XX. Decoding is lenient as the spec asks: a '%' not followed by
/// two hex digits is kept as is, so a peer's bad encoding never loses the status.
/// </summary>
internal static class GrpcMessageEncoding
{
    public static string Encode(string text)
    {
        if (!NeedsEncoding(text))
        {
            return text;
        }

        var maxBytes = Encoding.UTF8.GetMaxByteCount(text.Length);
        var rented = ArrayPool<byte>.Shared.Rent(maxBytes);
        try
        {
            var length = Encoding.UTF8.GetBytes(text, rented);
            var builder = new StringBuilder(length * 2);
            foreach (var b in rented.AsSpan(0, length))
            {
                if (IsUnreserved(b))
                {
                    builder.Append((char)b);
                }
                else
                {
                    builder.Append('%').Append(HexDigit(b >> 4)).Append(HexDigit(b & 0xF));
                }
            }

            return builder.ToString();
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    public static string Decode(string value)
    {
        if (!value.Contains('%', StringComparison.Ordinal))
        {
            return value;
        }

        var rented = ArrayPool<byte>.Shared.Rent(Encoding.UTF8.GetMaxByteCount(value.Length));
        try
        {
            var count = 0;
            for (var i = 0; i < value.Length; i++)
            {
                var c = value[i];
                if (c == '%' && i + 2 < value.Length && TryHex(value[i + 1], out var high) && TryHex(value[i + 2], out var low))
                {
                    rented[count++] = (byte)((high << 4) | low);
                    i += 2;
                }
                else if (c < 0x80)
                {
                    rented[count++] = (byte)c;
                }
                else
                {
                    // Not valid on the wire, but keep the text rather than lose it.
                    var length = char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]) ? 2 : 1;
                    count += Encoding.UTF8.GetBytes(value.AsSpan(i, length), rented.AsSpan(count));
                    i += length - 1;
                }
            }

            return Encoding.UTF8.GetString(rented, 0, count);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    private static bool NeedsEncoding(string text)
    {
        foreach (var c in text)
        {
            if (c is < ' ' or > '~' or '%')
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsUnreserved(byte b) => b is >= 0x20 and <= 0x7E and not (byte)'%';

    private static char HexDigit(int value) => (char)(value < 10 ? '0' + value : 'A' + value - 10);

    private static bool TryHex(char c, out int value)
    {
        value = c switch
        {
            >= '0' and <= '9' => c - '0',
            >= 'A' and <= 'F' => c - 'A' + 10,
            >= 'a' and <= 'f' => c - 'a' + 10,
            _ => -1,
        };
        return value >= 0;
    }
}

using System.Buffers.Binary;
using System.IO.Compression;

namespace RpcCompare.TestSupport;

/// <summary>
/// Just enough of a PNG decoder (8-bit grey, RGB or RGBA, not interlaced) to tell a blank image from a drawn one,
/// since no image library is available here.
/// </summary>
public sealed class PngPixels
{
    private PngPixels(int width, int height, int channels, byte[] pixels)
    {
        Width = width;
        Height = height;
        Channels = channels;
        Pixels = pixels;
    }

    public int Width { get; }
    public int Height { get; }
    public int Channels { get; }
    public byte[] Pixels { get; }

    public static PngPixels Decode(byte[] png)
    {
        ReadOnlySpan<byte> signature = [137, 80, 78, 71, 13, 10, 26, 10];
        if (!png.AsSpan(0, 8).SequenceEqual(signature))
        {
            throw new InvalidDataException("Not a PNG file.");
        }

        int width = 0, height = 0, channels = 0;
        using var compressed = new MemoryStream();
        for (var offset = 8; offset < png.Length;)
        {
            var length = BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(offset));
            var type = System.Text.Encoding.ASCII.GetString(png, offset + 4, 4);
            var data = png.AsSpan(offset + 8, length);
            if (type == "IHDR")
            {
                width = BinaryPrimitives.ReadInt32BigEndian(data);
                height = BinaryPrimitives.ReadInt32BigEndian(data[4..]);
                if (data[8] != 8 || data[12] != 0)
                {
                    throw new InvalidDataException($"Only 8-bit, non-interlaced PNGs are supported (bit depth {data[8]}, interlace {data[12]}).");
                }

                channels = data[9] switch
                {
                    0 => 1,
                    2 => 3,
                    6 => 4,
                    _ => throw new InvalidDataException($"Unsupported PNG colour type {data[9]}."),
                };
            }
            else if (type == "IDAT")
            {
                compressed.Write(data);
            }

            offset += 12 + length;
        }

        compressed.Position = 0;
        using var inflated = new MemoryStream();
        using (var zlib = new ZLibStream(compressed, CompressionMode.Decompress))
        {
            zlib.CopyTo(inflated);
        }

        var raw = inflated.ToArray();
        var stride = width * channels;
        var pixels = new byte[height * stride];
        for (var y = 0; y < height; y++)
        {
            var filter = raw[y * (stride + 1)];
            var line = raw.AsSpan((y * (stride + 1)) + 1, stride);
            var current = pixels.AsSpan(y * stride, stride);
            var previous = y == 0 ? new byte[stride] : pixels.AsSpan((y - 1) * stride, stride);
            for (var x = 0; x < stride; x++)
            {
                var left = x >= channels ? current[x - channels] : 0;
                var up = previous[x];
                var upLeft = x >= channels ? previous[x - channels] : 0;
                current[x] = (byte)(line[x] + filter switch
                {
                    0 => 0,
                    1 => left,
                    2 => up,
                    3 => (left + up) / 2,
                    4 => Paeth(left, up, upLeft),
                    _ => throw new InvalidDataException($"Unknown PNG filter {filter}."),
                });
            }
        }

        return new PngPixels(width, height, channels, pixels);
    }

    /// <summary>The share of pixels that differ from the most common colour (the background).</summary>
    public double InkShare()
    {
        var counts = new Dictionary<int, int>();
        for (var i = 0; i < Pixels.Length; i += Channels)
        {
            var key = 0;
            for (var c = 0; c < Math.Min(Channels, 3); c++)
            {
                key = (key << 8) | Pixels[i + c];
            }

            counts[key] = counts.GetValueOrDefault(key) + 1;
        }

        return 1 - (counts.Values.Max() / (double)(Width * Height));
    }

    /// <summary>How many distinct colours the image uses.</summary>
    public int ColourCount()
    {
        var colours = new HashSet<int>();
        for (var i = 0; i < Pixels.Length; i += Channels)
        {
            colours.Add((Pixels[i] << 16) | (Pixels[i + Math.Min(1, Channels - 1)] << 8) | Pixels[i + Math.Min(2, Channels - 1)]);
        }

        return colours.Count;
    }

    private static int Paeth(int a, int b, int c)
    {
        var p = a + b - c;
        int pa = Math.Abs(p - a), pb = Math.Abs(p - b), pc = Math.Abs(p - c);
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
}

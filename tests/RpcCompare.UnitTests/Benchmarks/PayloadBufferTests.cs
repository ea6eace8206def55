using System.Text;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.UnitTests.Benchmarks;

public sealed class PayloadBufferTests
{
    [Fact]
    public void StreamWritesAndBufferWriterWritesAppendInOrder()
    {
        using var buffer = new PayloadBuffer(capacity: 4);

        buffer.Write("ab"u8);
        buffer.WriteByte((byte)'c');
        "defghijklmnop"u8.CopyTo(buffer.GetSpan(13));
        buffer.Advance(13);
        buffer.Write(Encoding.ASCII.GetBytes("xyz"), 1, 2);

        Assert.Equal("abcdefghijklmnopyz", Encoding.ASCII.GetString(buffer.WrittenSpan));
        Assert.Equal(18, buffer.Length);
    }

    [Fact]
    public void ClearKeepsTheMemorySoTheSameMessageNeedsNoNewBuffer()
    {
        using var buffer = new PayloadBuffer(capacity: 16);
        buffer.Write(new byte[1_000]);
        var grown = buffer.GetMemory();

        buffer.Clear();
        buffer.Write(new byte[1_000]);

        Assert.Equal(1_000, buffer.WrittenCount);
        Assert.True(buffer.GetMemory().Span.Overlaps(grown.Span));
    }

    [Fact]
    public void AdvancingPastWhatWasHandedOutIsRejected()
    {
        using var buffer = new PayloadBuffer(capacity: 16);
        var available = buffer.GetSpan().Length;

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => buffer.Advance(available + 1));

        Assert.Contains("Advance must be between 0", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadingAndSeekingAreRefused()
    {
        using var buffer = new PayloadBuffer();

        Assert.False(buffer.CanRead);
        Assert.Throws<NotSupportedException>(() => buffer.Read(new byte[1], 0, 1));
        Assert.Throws<NotSupportedException>(() => buffer.Seek(0, SeekOrigin.Begin));
        Assert.Throws<NotSupportedException>(() => buffer.Position = 0);
    }
}

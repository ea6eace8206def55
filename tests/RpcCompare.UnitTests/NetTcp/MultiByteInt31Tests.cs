using System.Buffers;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class MultiByteInt31Tests
{
    [Theory]
    [InlineData(0, new byte[] { 0x00 })]
    [InlineData(0x7F, new byte[] { 0x7F })]
    [InlineData(0x80, new byte[] { 0x80, 0x01 })]
    [InlineData(0x3FFF, new byte[] { 0xFF, 0x7F })]
    [InlineData(0x4000, new byte[] { 0x80, 0x80, 0x01 })]
    [InlineData(int.MaxValue, new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x07 })]
    public void EncodesAndDecodesTheSpecExamples(int value, byte[] encoded)
    {
        var buffer = new byte[5];

        var written = MultiByteInt31.Encode(value, buffer);
        var read = MultiByteInt31.Decode(encoded, out var decoded);
        var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(encoded));

        Assert.Equal(encoded, buffer[..written]);
        Assert.Equal(encoded.Length, MultiByteInt31.GetEncodedSize(value));
        Assert.Equal((encoded.Length, value), (read, decoded));
        Assert.True(MultiByteInt31.TryRead(ref reader, out var fromSequence));
        Assert.Equal(value, fromSequence);
    }

    [Theory]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x08 })]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 })]
    public void RejectsValuesAboveInt31(byte[] encoded)
    {
        Assert.Throws<ProtocolException>(() =>
        {
            var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(encoded));
            MultiByteInt31.TryRead(ref reader, out _);
        });
        Assert.Throws<InvalidDataException>(() => MultiByteInt31.Decode(encoded, out _));
    }

    [Fact]
    public void AsksForMoreBytesWhenTheValueIsIncomplete()
    {
        var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(new byte[] { 0x80, 0x80 }));

        Assert.False(MultiByteInt31.TryRead(ref reader, out _));
        Assert.Equal(0, reader.Consumed);
    }
}

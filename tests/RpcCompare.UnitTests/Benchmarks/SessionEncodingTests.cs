using System.Runtime.Serialization;
using System.Xml;
using RpcCompare.Benchmarks.Messages;
using RpcCompare.Benchmarks.Serializers;
using RpcCompare.Contracts;

namespace RpcCompare.UnitTests.Benchmarks;

public sealed class SessionEncodingTests
{
    [Fact]
    public void NamesTravelOnlyWithTheFirstMessageOfAConnection()
    {
        // Arrange
        var codec = new DataContractBinarySessionCodec<LinkView[]>();
        var links = MessageFactory.Links(3);

        // Act
        var first = Write(codec, links);
        var second = Write(codec, links);

        // Assert
        Assert.NotEqual(0, first[0]);
        Assert.Equal(0, second[0]);
        Assert.True(second.Length < first.Length);
        Assert.True(first.AsSpan().IndexOf("LinkView"u8) >= 0, "The first message should name LinkView in its string table.");
        Assert.Equal(links, codec.Deserialize(first));
        Assert.Equal(links, codec.Deserialize(second));
    }

    [Fact]
    public void AReaderThatMissedTheFirstMessageCannotReadTheNames()
    {
        var sender = new DataContractBinarySessionCodec<LinkView[]>();
        var links = MessageFactory.Links(3);
        Write(sender, links);
        var second = Write(sender, links);

        var freshReader = new DataContractBinarySessionCodec<LinkView[]>();

        var error = Assert.Throws<SerializationException>(() => freshReader.Deserialize(second));
        Assert.IsType<XmlException>(error.InnerException);
    }

    [Fact]
    public void StringTableCarriesNonAsciiStrings()
    {
        using var buffer = new PayloadBuffer();
        SessionStringTable.Write(buffer, ["a", "grüne", "東京都", new string('x', 200)]);
        buffer.WriteByte(0x42);
        var payload = buffer.ToArray();
        var session = new XmlBinaryReaderSession();
        var known = 0;

        var start = SessionStringTable.Read(payload, session, ref known);

        Assert.Equal(4, known);
        Assert.Equal(payload.Length - 1, start);
        Assert.True(session.TryLookup(1, out var second));
        Assert.Equal("grüne", second!.Value);
        Assert.True(session.TryLookup(3, out var long200));
        Assert.Equal(200, long200!.Value.Length);
    }

    [Theory]
    [InlineData(new byte[] { 0x05, 0x01, 0x61 }, "claims 5 bytes")]
    [InlineData(new byte[] { 0x03, 0x07, 0x61, 0x62 }, "runs past the end")]
    [InlineData(new byte[] { 0x80 }, "ends inside")]
    [InlineData(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01 }, "longer than five bytes")]
    public void StringTableRejectsMalformedInputWithAClearMessage(byte[] payload, string expected)
    {
        var known = 0;

        var error = Assert.Throws<InvalidDataException>(() => SessionStringTable.Read(payload, new XmlBinaryReaderSession(), ref known));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    private static byte[] Write<T>(Codec<T> codec, T message)
    {
        using var buffer = new PayloadBuffer();
        codec.Serialize(message, buffer);
        return buffer.ToArray();
    }
}

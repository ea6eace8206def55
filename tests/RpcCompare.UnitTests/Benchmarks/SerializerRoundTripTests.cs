using RpcCompare.Benchmarks.Messages;
using RpcCompare.Benchmarks.Serializers;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Benchmarks;

public sealed class SerializerRoundTripTests(MessageFixture messages) : IClassFixture<MessageFixture>
{
    public static TheoryData<MessageKind, SerializerKind> EveryMessageWithEverySerializer()
    {
        var data = new TheoryData<MessageKind, SerializerKind>();
        foreach (var message in Enum.GetValues<MessageKind>())
        {
            foreach (var serializer in Enum.GetValues<SerializerKind>())
            {
                data.Add(message, serializer);
            }
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(EveryMessageWithEverySerializer))]
    public void SerializerReadsBackExactlyTheMessageItWrote(MessageKind message, SerializerKind serializer)
    {
        // Arrange
        var benchmark = messages[message].CreateCase(serializer);

        // Act
        var payload = benchmark.SerializeToArray();
        var copy = benchmark.Deserialize(payload);
        using var again = new PayloadBuffer();
        benchmark.Serialize(copy, again);

        // Assert
        Assert.NotSame(benchmark.Message, copy);
        Assert.True(benchmark.IsEqualToMessage(copy), $"{serializer} changed the {message} message on the way through.");
        // Why: record equality ignores DateTime.Kind; equal bytes prove kinds, precision and order survived too.
        Assert.True(payload.AsSpan().SequenceEqual(again.WrittenSpan), $"{serializer} wrote the read-back {message} differently.");
    }

    [Theory]
    [InlineData(MessageKind.LeafLinks)]
    [InlineData(MessageKind.WideRecord)]
    [InlineData(MessageKind.Articles100k)]
    public void ProtobufWithAndWithoutMappingWritesTheSameBytes(MessageKind message)
    {
        var plain = messages[message].CreateCase(SerializerKind.Protobuf).SerializeToArray();
        var mapped = messages[message].CreateCase(SerializerKind.ProtobufMapped).SerializeToArray();

        Assert.Equal(plain, mapped);
    }

    /// <summary>
    /// protobuf-net over the data contracts (CompatibilityLevel 300: DateTime as Timestamp) is the code-first gRPC stack's
    /// encoding; for these messages it writes Google.Protobuf's bytes exactly.
    /// </summary>
    [Theory]
    [MemberData(nameof(EveryMessage))]
    public void ProtobufNetWritesGoogleProtobufsBytes(MessageKind message)
    {
        var google = messages[message].CreateCase(SerializerKind.Protobuf).SerializeToArray();
        var codeFirst = messages[message].CreateCase(SerializerKind.ProtobufNet).SerializeToArray();

        Assert.Equal(google, codeFirst);
    }

    public static TheoryData<MessageKind> EveryMessage() => [.. Enum.GetValues<MessageKind>()];

    [Fact]
    public void EachSerializerCanSerializeTheSameCaseRepeatedly()
    {
        // The benchmark reuses one case for millions of operations; state must not leak between them.
        foreach (var serializer in Enum.GetValues<SerializerKind>())
        {
            var benchmark = messages[MessageKind.LeafLinks].CreateCase(serializer);
            var first = benchmark.SerializeToArray();

            var tenth = Enumerable.Range(0, 10).Select(_ => benchmark.SerializeToArray()).Last();

            Assert.Equal(first, tenth);
            Assert.True(benchmark.IsEqualToMessage(benchmark.Deserialize(tenth)));
        }
    }
}

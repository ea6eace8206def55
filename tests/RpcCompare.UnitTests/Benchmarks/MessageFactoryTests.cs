using RpcCompare.Benchmarks.Messages;

namespace RpcCompare.UnitTests.Benchmarks;

public sealed class MessageFactoryTests
{
    [Fact]
    public void TheSameSeedGivesTheSameMessages()
    {
        Assert.Equal(MessageFactory.Links(500), MessageFactory.Links(500));
        Assert.Equal(MessageFactory.WideRecords(20), MessageFactory.WideRecords(20));
        Assert.Equal(MessageFactory.Articles(500), MessageFactory.Articles(500));
    }

    [Fact]
    public void AnotherSeedGivesOtherMessages()
    {
        Assert.NotEqual(MessageFactory.Articles(10, seed: 1), MessageFactory.Articles(10, seed: 2));
    }

    [Theory]
    [InlineData(MessageKind.LeafLinks, 2)]
    [InlineData(MessageKind.HubLinks10k, 10_000)]
    [InlineData(MessageKind.HubLinks250k, 250_000)]
    [InlineData(MessageKind.WideRecord, 1)]
    [InlineData(MessageKind.WideRecords4000, 4_000)]
    [InlineData(MessageKind.Articles100k, 100_000)]
    public void EachMessageHasTheStudiesItemCount(MessageKind kind, int expected)
    {
        Assert.Equal(expected, MessageCatalog.ItemCount(kind));
    }

    [Fact]
    public void ArticlesLookLikeTheJavaStudysObjects()
    {
        var articles = MessageFactory.Articles(1_000);

        Assert.Equal(Enumerable.Range(1, 1_000).Select(i => (long)i), articles.Select(a => a.Id));
        Assert.All(articles, a =>
        {
            Assert.False(string.IsNullOrWhiteSpace(a.Title));
            Assert.EndsWith(".", a.Content, StringComparison.Ordinal);
            Assert.InRange(a.Tags.Length, 0, 5);
            Assert.Equal(DateTimeKind.Utc, a.CreatedAt.Kind);
            Assert.True(a.UpdatedAt >= a.CreatedAt);
        });
    }

    [Fact]
    public void NegativeCountsAreRejected()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => MessageFactory.Links(-1));
    }
}

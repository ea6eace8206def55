using System.Security.Cryptography;
using RpcCompare.Data.Generation;

namespace RpcCompare.UnitTests.Data;

public sealed class GraphGeneratorTests
{
    private static readonly GraphGenerator Tiny = new(DatasetSpec.Tiny);

    [Fact]
    public void NinetyEightPercentOfNodesHaveFewerThanTwoLinks()
    {
        var spec = DatasetSpec.Tiny;
        var sparse = Enumerable.Range(1, spec.Nodes).Count(id => Tiny.DegreeOf(id) < 2);

        Assert.Equal(0.98, sparse / (double)spec.Nodes, precision: 3);
    }

    [Fact]
    public void TheDefaultPresetHasHubsOfUpTo250000Links()
    {
        var generator = new GraphGenerator(DatasetSpec.Default);

        Assert.Equal(100, generator.HubIds.Count);
        Assert.Equal(250_000, generator.DegreeOf(generator.HubIds[0]));
        Assert.All(generator.HubIds, hub => Assert.True(generator.DegreeOf(hub) >= GraphGenerator.MinHubDegree));
        Assert.Equal(0.98, Enumerable.Range(1, 1_000_000).Count(id => generator.DegreeOf(id) < 2) / 1e6, precision: 3);
    }

    [Fact]
    public void HubDegreesFallLikeAZipfLawFromTheMaximum()
    {
        var degrees = Tiny.HubIds.Select(Tiny.DegreeOf).ToArray();

        Assert.Equal(Enumerable.Range(1, DatasetSpec.Tiny.Hubs).Select(rank => GraphGenerator.HubDegree(DatasetSpec.Tiny, rank)), degrees);
        Assert.Equal(DatasetSpec.Tiny.MaxDegree, degrees[0]);
        Assert.True(degrees.Zip(degrees.Skip(1)).All(pair => pair.First >= pair.Second));
    }

    [Fact]
    public void EveryHubLinksToEveryOtherHub()
    {
        var hubs = Tiny.HubIds.ToHashSet();
        var hubTargets = Tiny.Links().Where(l => hubs.Contains(l.SourceId) && hubs.Contains(l.TargetId))
            .Select(l => (l.SourceId, l.TargetId)).ToHashSet();

        foreach (var source in hubs)
        {
            foreach (var target in hubs.Where(t => t != source))
            {
                Assert.Contains((source, target), hubTargets);
            }
        }
    }

    [Fact]
    public void LinksNeverLoopAndPointInsideTheGraph()
    {
        var links = Tiny.Links().ToList();

        Assert.Equal(Tiny.LinkCount, links.Count);
        Assert.All(links, l => Assert.NotEqual(l.SourceId, l.TargetId));
        Assert.All(links, l => Assert.InRange(l.TargetId, 1, DatasetSpec.Tiny.Nodes));
        Assert.Equal(Enumerable.Range(1, links.Count).Select(i => (long)i), links.Select(l => l.Id));
    }

    [Fact]
    public void HubsAreAlsoTheMostLinkedTo()
    {
        var incoming = Tiny.Links().GroupBy(l => l.TargetId).ToDictionary(g => g.Key, g => g.Count());
        var topTargets = incoming.OrderByDescending(p => p.Value).Take(5).Select(p => p.Key);

        Assert.All(topTargets, target => Assert.Contains(target, Tiny.HubIds));
    }

    [Fact]
    public void TheGraphDependsOnlyOnTheSeed()
    {
        var again = new GraphGenerator(DatasetSpec.Tiny);
        var other = new GraphGenerator(DatasetSpec.Tiny with { Seed = 7 });

        Assert.Equal(Hash(Tiny), Hash(again));
        Assert.NotEqual(Hash(Tiny), Hash(other));
        Assert.Equal(RecordGenerator.Records(DatasetSpec.Tiny).Take(50), RecordGenerator.Records(DatasetSpec.Tiny).Take(50));
    }

    [Fact]
    public void NamesComeFromTheVocabulary()
    {
        Assert.All(Tiny.Nodes().Take(500), node =>
        {
            var parts = node.Name.Split('-');
            Assert.Contains(parts[0], Vocabulary.Adjectives);
            Assert.Contains(parts[1], Vocabulary.Nouns);
        });
    }

    [Fact]
    public void WideRecordsHaveSixtyAttributesAndVariedStrings()
    {
        var records = RecordGenerator.Records(DatasetSpec.Tiny).Take(200).ToList();

        Assert.Equal(60, typeof(RpcCompare.Contracts.WideRecord).GetProperties().Count(p => p.Name != "EqualityContract"));
        Assert.True(records.Select(r => r.Description.Length).Distinct().Count() > 50);
        Assert.All(records, r => Assert.Equal(DateTimeKind.Utc, r.CreatedAt.Kind));
    }

    [Theory]
    [InlineData(50, 10, 1_000, 10, "nodes must be at least 100")]
    [InlineData(5_000, 1, 1_000, 10, "hubs must be at least 2")]
    [InlineData(5_000, 500, 1_000, 10, "at most 2%")]
    [InlineData(5_000, 10, 10, 10, "max degree must be at least")]
    [InlineData(5_000, 10, 5_000, 10, "below the number of nodes")]
    [InlineData(5_000, 10, 1_000, 0, "records must be at least 1")]
    public void ImpossibleSizesAreRefusedWithTheReason(int nodes, int hubs, int maxDegree, int records, string reason)
    {
        var spec = new DatasetSpec("custom", nodes, hubs, maxDegree, records, 1);

        Assert.Contains(spec.Validate(), problem => problem.Contains(reason, StringComparison.Ordinal));
        Assert.Throws<ArgumentException>(() => new GraphGenerator(spec));
    }

    [Fact]
    public void UnknownPresetsAreRefusedNamingTheChoices()
    {
        var error = Assert.Throws<ArgumentException>(() => DatasetSpec.FromPreset("huge"));

        Assert.Contains("tiny, default, large", error.Message, StringComparison.Ordinal);
    }

    private static string Hash(GraphGenerator generator)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        foreach (var node in generator.Nodes())
        {
            hash.AppendData(System.Text.Encoding.UTF8.GetBytes($"{node}"));
        }
        foreach (var link in generator.Links())
        {
            hash.AppendData(System.Text.Encoding.UTF8.GetBytes($"{link}"));
        }
        return Convert.ToHexString(hash.GetHashAndReset());
    }
}

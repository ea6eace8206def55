using System.Text;
using RpcCompare.Contracts;
using RpcCompare.Data.Generation;

namespace RpcCompare.Benchmarks.Messages;

/// <summary>
/// Deterministic message contents: the same seed gives the same bytes in every run, so payload sizes are exact and
/// results from different days compare. Values look like the database's (names from the generator's vocabulary,
/// microsecond timestamps, weights with three decimals), including its few non-ASCII words.
/// </summary>
public static class MessageFactory
{
    public const int Seed = DatasetSpec.DefaultSeed;

    private static readonly DateTime Epoch = new(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc);
    private const long SixYearsOfMicroseconds = 6L * 365 * 24 * 3600 * 1_000_000;

    /// <summary>The links of one node, as GetLinks returns them (link, link type, target node and its type).</summary>
    public static LinkView[] Links(int count, int seed = Seed)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        var random = new Random(seed);
        var links = new LinkView[count];
        var firstId = random.NextInt64(1, 1_000_000_000);
        for (var i = 0; i < count; i++)
        {
            links[i] = new LinkView
            {
                Id = firstId + i,
                Type = Pick(random, Vocabulary.LinkTypes),
                Weight = Math.Round(random.NextDouble(), 3),
                CreatedAt = RandomTime(random, Epoch, SixYearsOfMicroseconds),
                Target = new NodeSummary
                {
                    Id = random.NextInt64(1, 1_000_001),
                    Name = NodeName(random),
                    Type = Pick(random, Vocabulary.NodeTypes),
                },
            };
        }
        return links;
    }

    /// <summary>Wide records from the same generator that seeds the database's bulk-transfer table.</summary>
    public static WideRecord[] WideRecords(int count, int seed = Seed)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        return [.. RecordGenerator.Records(DatasetSpec.Default with { Records = count, Seed = seed })];
    }

    /// <summary>Short blog-like articles: a title, one to four sentences, an author, up to five tags.</summary>
    public static Article[] Articles(int count, int seed = Seed)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        var random = new Random(seed);
        var text = new StringBuilder(512);
        var articles = new Article[count];
        for (var i = 0; i < count; i++)
        {
            var created = RandomTime(random, Epoch, SixYearsOfMicroseconds);
            articles[i] = new Article
            {
                Id = i + 1,
                Title = Sentence(random, text, 3, 8, period: false),
                Content = Paragraph(random, text, random.Next(1, 5)),
                Author = $"{Capitalize(Pick(random, Vocabulary.Adjectives))} {Capitalize(Pick(random, Vocabulary.Nouns))}",
                Tags = [.. Enumerable.Range(0, random.Next(0, 6)).Select(_ => Pick(random, Vocabulary.Nouns))],
                CreatedAt = created,
                UpdatedAt = RandomTime(random, created, 365L * 24 * 3600 * 1_000_000),
                Views = random.Next(0, 100_000),
                Published = random.Next(5) != 0,
            };
        }
        return articles;
    }

    private static string NodeName(Random random) =>
        $"{Pick(random, Vocabulary.Adjectives)}-{Pick(random, Vocabulary.Nouns)}-{Base36(random.Next(1_679_616))}";

    private static string Paragraph(Random random, StringBuilder text, int sentences)
    {
        var paragraph = new StringBuilder();
        for (var i = 0; i < sentences; i++)
        {
            if (i > 0)
            {
                paragraph.Append(' ');
            }
            paragraph.Append(Sentence(random, text, 6, 18, period: true));
        }
        return paragraph.ToString();
    }

    private static string Sentence(Random random, StringBuilder text, int minWords, int maxWords, bool period)
    {
        text.Clear();
        var words = random.Next(minWords, maxWords + 1);
        for (var i = 0; i < words; i++)
        {
            var word = Pick(random, i % 2 == 0 ? Vocabulary.Adjectives : Vocabulary.Nouns);
            text.Append(i == 0 ? Capitalize(word) : word);
            text.Append(i == words - 1 ? (period ? "." : "") : " ");
        }
        return text.ToString();
    }

    private static string Pick(Random random, IReadOnlyList<string> words) => words[random.Next(words.Count)];

    private static string Capitalize(string word) => char.ToUpperInvariant(word[0]) + word[1..];

    private static DateTime RandomTime(Random random, DateTime from, long spanMicroseconds) =>
        from.AddTicks(random.NextInt64(spanMicroseconds) * 10);

    private static string Base36(int value)
    {
        Span<char> digits = stackalloc char[4];
        for (var i = digits.Length - 1; i >= 0; i--)
        {
            var digit = value % 36;
            digits[i] = (char)(digit < 10 ? '0' + digit : 'a' + digit - 10);
            value /= 36;
        }
        return new string(digits);
    }
}

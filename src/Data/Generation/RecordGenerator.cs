using System.Text;
using RpcCompare.Contracts;

namespace RpcCompare.Data.Generation;

/// <summary>
/// Deterministic wide records for the bulk-transfer scenario: short codes and names, medium addresses, and a few long
/// free-text fields, so a record weighs about 2 KB as JSON and the strings vary in length as real ones do.
/// </summary>
public static class RecordGenerator
{
    private static readonly string[] Statuses = ["draft", "active", "review", "approved", "archived", "rejected"];
    private static readonly string[] Currencies = ["EUR", "USD", "GBP", "CHF", "JPY", "SEK"];
    private static readonly string[] Countries = ["DE", "FR", "US", "GB", "CH", "JP", "SE", "NL", "IT", "ES"];
    private static readonly DateTime Epoch = new(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    public static IEnumerable<WideRecord> Records(DatasetSpec spec)
    {
        var random = new Random(unchecked(spec.Seed * 31 + 3));
        var text = new StringBuilder(2048);
        for (var id = 1L; id <= spec.Records; id++)
        {
            var created = Time(random, Epoch, 4 * 365);
            yield return new WideRecord
            {
                Id = id,
                Code = $"REC-{id:D8}",
                Title = Words(random, text, 3, 10),
                Description = Words(random, text, 20, 150),
                Category = Pick(random, Vocabulary.NodeTypes),
                Subcategory = Pick(random, Vocabulary.Nouns),
                Status = Statuses[random.Next(Statuses.Length)],
                Owner = $"{Pick(random, Vocabulary.Adjectives)} {Pick(random, Vocabulary.Nouns)}",
                Email = $"{Pick(random, Vocabulary.Nouns)}.{random.Next(10_000)}@example.org",
                Phone = $"+{random.Next(1, 99)} {random.Next(100, 999)} {random.Next(1_000_000, 9_999_999)}",
                AddressLine1 = $"{random.Next(1, 400)} {Pick(random, Vocabulary.Adjectives)} {Pick(random, Vocabulary.Nouns)} street",
                AddressLine2 = random.Next(3) == 0 ? $"Floor {random.Next(1, 40)}, unit {random.Next(1, 200)}" : "",
                City = Capitalize(Pick(random, Vocabulary.Nouns)) + "ton",
                Region = Capitalize(Pick(random, Vocabulary.Adjectives)) + " county",
                PostalCode = random.Next(10_000, 99_999).ToString(System.Globalization.CultureInfo.InvariantCulture),
                Country = Countries[random.Next(Countries.Length)],
                Currency = Currencies[random.Next(Currencies.Length)],
                Tags = string.Join(',', Enumerable.Range(0, random.Next(0, 6)).Select(_ => Pick(random, Vocabulary.Nouns))),
                Notes = random.Next(4) == 0 ? "" : Words(random, text, 5, 300),
                ExternalRef = $"{random.NextInt64():x16}{random.NextInt64():x16}"[..random.Next(8, 32)],
                Checksum = random.NextInt64().ToString("x16", System.Globalization.CultureInfo.InvariantCulture),
                Quantity = random.Next(0, 10_000),
                Priority = random.Next(1, 6),
                Revision = random.Next(1, 50),
                Rank = random.Next(1, 1_000_000),
                Score = random.Next(-1000, 1000),
                Flags = random.Next(),
                Year = created.Year,
                Month = created.Month,
                Day = created.Day,
                Bucket = random.Next(0, 64),
                ParentId = random.Next(3) == 0 ? 0 : random.NextInt64(1, spec.Records + 1),
                GroupId = random.NextInt64(1, 1_000),
                Version = random.NextInt64(1, 1L << 40),
                Sequence = id * 10,
                Price = Math.Round(random.NextDouble() * 10_000, 2),
                Cost = Math.Round(random.NextDouble() * 8_000, 2),
                Weight = Math.Round(random.NextDouble() * 100, 3),
                Width = Math.Round(random.NextDouble() * 300, 1),
                Height = Math.Round(random.NextDouble() * 300, 1),
                Depth = Math.Round(random.NextDouble() * 300, 1),
                Latitude = Math.Round(random.NextDouble() * 180 - 90, 6),
                Longitude = Math.Round(random.NextDouble() * 360 - 180, 6),
                Ratio = random.NextDouble(),
                Confidence = Math.Round(random.NextDouble(), 4),
                IsActive = random.Next(10) != 0,
                IsArchived = random.Next(10) == 0,
                IsPublic = random.Next(2) == 0,
                IsVerified = random.Next(3) != 0,
                IsDeleted = random.Next(50) == 0,
                HasAttachments = random.Next(4) == 0,
                IsFlagged = random.Next(20) == 0,
                IsLocked = random.Next(30) == 0,
                CreatedAt = created,
                UpdatedAt = Time(random, created, 365),
                PublishedAt = Time(random, created, 60),
                ExpiresAt = Time(random, created, 3 * 365),
                ReviewedAt = Time(random, created, 200),
                SyncedAt = Time(random, created, 500),
                ValidFrom = Time(random, Epoch, 5 * 365),
            };
        }
    }

    private static string Pick(Random random, IReadOnlyList<string> words) => words[random.Next(words.Count)];

    private static string Words(Random random, StringBuilder text, int min, int max)
    {
        text.Clear();
        var count = random.Next(min, max + 1);
        for (var i = 0; i < count; i++)
        {
            if (i > 0)
            {
                text.Append(' ');
            }
            text.Append(Pick(random, i % 2 == 0 ? Vocabulary.Adjectives : Vocabulary.Nouns));
        }
        return text.ToString();
    }

    private static string Capitalize(string word) => char.ToUpperInvariant(word[0]) + word[1..];

    private static DateTime Time(Random random, DateTime from, int days) =>
        from.AddTicks(random.NextInt64((long)days * 24 * 3600 * 1_000_000) * 10);
}

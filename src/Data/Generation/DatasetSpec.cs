using System.Security.Cryptography;
using System.Text;

namespace RpcCompare.Data.Generation;

/// <summary>
/// What to generate: sizes and the seed. Two specs with the same fingerprint produce the same rows, so a database that
/// already holds that fingerprint is not loaded again.
/// </summary>
public sealed record DatasetSpec(string Preset, int Nodes, int Hubs, int MaxDegree, int Records, int Seed)
{
    /// <summary>Bump when the generator's output or the schema it loads into changes for the same sizes and seed.</summary>
    public const int GeneratorVersion = 2;

    public const int DefaultSeed = 20_260_101;

    /// <summary>Seconds to load, for tests: still a rich club, with 10 hubs of up to 1,000 links.</summary>
    public static DatasetSpec Tiny { get; } = new("tiny", 5_000, 10, 1_000, 5_000, DefaultSeed);

    /// <summary>The runs' dataset: a million nodes and hubs of up to 250,000 links, as in the studied system's worst case.</summary>
    public static DatasetSpec Default { get; } = new("default", 1_000_000, 100, 250_000, 20_000, DefaultSeed);

    public static DatasetSpec Large { get; } = new("large", 5_000_000, 300, 250_000, 100_000, DefaultSeed);

    public static IReadOnlyList<string> PresetNames { get; } = ["tiny", "default", "large"];

    public static DatasetSpec FromPreset(string preset) => preset.ToLowerInvariant() switch
    {
        "tiny" => Tiny,
        "default" => Default,
        "large" => Large,
        _ => throw new ArgumentException(
            $"Unknown dataset preset '{preset}'; choose one of {string.Join(", ", PresetNames)}.", nameof(preset)),
    };

    /// <summary>Share of nodes with at least two links: the remaining 98% have zero or one, as in the studied graph.</summary>
    public const double ConnectedShare = 0.02;

    public string Fingerprint
    {
        get
        {
            var text = $"v{GeneratorVersion};nodes={Nodes};hubs={Hubs};maxDegree={MaxDegree};records={Records};seed={Seed}";
            return Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text)))[..16];
        }
    }

    /// <summary>Every reason the sizes cannot make a rich-club graph, one sentence each; empty when they can.</summary>
    public IReadOnlyList<string> Validate()
    {
        var problems = new List<string>();
        if (Nodes < 100)
        {
            problems.Add($"nodes must be at least 100 (was {Nodes:N0}).");
        }
        if (Hubs < 2)
        {
            problems.Add($"hubs must be at least 2 so that hubs can link to each other (was {Hubs:N0}).");
        }
        else if (Nodes >= 100 && Hubs > (int)(Nodes * ConnectedShare))
        {
            problems.Add($"hubs must be at most 2% of the nodes ({(int)(Nodes * ConnectedShare):N0}) (was {Hubs:N0}).");
        }
        if (MaxDegree < GraphGenerator.MinHubDegree)
        {
            problems.Add($"max degree must be at least {GraphGenerator.MinHubDegree} (was {MaxDegree:N0}).");
        }
        else if (MaxDegree >= Nodes)
        {
            problems.Add($"max degree must be below the number of nodes {Nodes:N0} (was {MaxDegree:N0}).");
        }
        if (Records < 1)
        {
            problems.Add($"records must be at least 1 (was {Records:N0}).");
        }
        return problems;
    }
}

using System.Globalization;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>One kind of request in a mix: a scenario's request (its first variant, or the one named) and its weight.</summary>
public sealed record MixPart(string Scenario, string? Variant, int Weight)
{
    /// <summary>The kind's name in results: "search", or "bulk-transfer/x=1000" when a variant was named.</summary>
    public string Label => Variant is null ? Scenario : $"{Scenario}/{Variant}";
}

/// <summary>
/// --mix base-case=70,search=20,bulk-transfer=10: the traffic a team has, as weights of the scenarios' requests. Each
/// request of the mix is drawn by weight from the worker's seeded random source, so every stack gets the same sequence.
/// </summary>
public sealed record RequestMix(IReadOnlyList<MixPart> Parts)
{
    public const string Help = "Instead of --scenario: one interleaved workload drawn by weight from several scenarios' requests, " +
        "e.g. base-case=70,search=20,bulk-transfer=10 (a scenario's first variant; name another as bulk-transfer/x=1000=10). " +
        "Results per request kind and for the whole mix.";

    private const int MaxWeight = 1_000_000;

    public int TotalWeight => Parts.Sum(p => p.Weight);

    /// <summary>"base-case 70%, search 20%, bulk-transfer 10%".</summary>
    public string Describe() => string.Join(", ",
        Parts.Select(p => string.Create(CultureInfo.InvariantCulture, $"{p.Label} {100.0 * p.Weight / TotalWeight:0.#}%")));

    /// <summary>The part a draw from 0 to <see cref="TotalWeight"/> (exclusive) falls in.</summary>
    public int PartAt(int draw)
    {
        for (var i = 0; i < Parts.Count; i++)
        {
            draw -= Parts[i].Weight;
            if (draw < 0)
            {
                return i;
            }
        }
        throw new ArgumentOutOfRangeException(nameof(draw), draw, $"A draw lies from 0 to {TotalWeight - 1}.");
    }

    /// <summary>Parses the --mix text; the error names the part that is wrong.</summary>
    public static RequestMix Parse(string text)
    {
        var parts = new List<MixPart>();
        foreach (var item in text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            // The weight follows the last '=': a variant's own name may hold one (x=1000).
            var equals = item.LastIndexOf('=');
            if (equals <= 0 || !int.TryParse(item[(equals + 1)..], NumberStyles.None, CultureInfo.InvariantCulture, out var weight)
                || weight < 1 || weight > MaxWeight)
            {
                throw new UserFacingException(
                    $"--mix: '{item}' is not scenario=weight with a whole weight from 1 to {MaxWeight:N0} (e.g. base-case=70).");
            }
            var name = item[..equals].Trim();
            var slash = name.IndexOf('/', StringComparison.Ordinal);
            var (scenario, variant) = slash < 0 ? (name, (string?)null) : (name[..slash], name[(slash + 1)..]);
            if (!ScenarioCatalog.Names.Contains(scenario))
            {
                throw new UserFacingException(
                    $"--mix: '{scenario}' is not a scenario; choose from {string.Join(", ", ScenarioCatalog.Names)}.");
            }
            if (scenario == OverloadScenario.ScenarioName)
            {
                throw new UserFacingException("--mix: overload is a ramp of rates, not a kind of request; run it with --scenario overload.");
            }
            if (variant is { Length: 0 })
            {
                throw new UserFacingException($"--mix: '{name}' names no variant after the '/'.");
            }
            var part = new MixPart(scenario, variant, weight);
            if (parts.Any(p => p.Label == part.Label))
            {
                throw new UserFacingException($"--mix: '{part.Label}' is given twice.");
            }
            parts.Add(part);
        }
        if (parts.Count == 0)
        {
            throw new UserFacingException("--mix: give at least one scenario=weight, e.g. base-case=70,search=30.");
        }
        return new RequestMix(parts);
    }
}

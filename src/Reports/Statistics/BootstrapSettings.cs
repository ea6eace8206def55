namespace RpcCompare.Reports.Statistics;

/// <summary>How the shift function's band is bootstrapped. The defaults are what every report uses.</summary>
public sealed record BootstrapSettings
{
    /// <summary>Fixed so that the same results always give the same band, byte for byte.</summary>
    public const ulong DefaultSeed = 0x5250_4343_4F4D_5052; // "RPCCOMPR"

    /// <summary>
    /// Resamples per group. 2,000 is Wilcox's choice for percentile-bootstrap quantile intervals; with a simultaneous
    /// band the envelope is read near the 0.2% tails of 2,000 curves, so fewer would make the band edges jumpy.
    /// </summary>
    public int Resamples { get; init; } = 2000;

    public double ConfidenceLevel { get; init; } = 0.95;

    /// <summary>
    /// The equivalence margin of every verdict, as a fraction of the baseline's figure: two stacks whose difference's
    /// interval lies inside ±margin are "equivalent". 5% is what one 2-core machine can resolve between trials, and a
    /// difference a team would not act on.
    /// </summary>
    public double EquivalenceMargin { get; init; } = 0.05;

    /// <summary>These settings with the margin given, else the one a run recorded as its --margin option (in percent), else
    /// as they are: a run's report and a later `report` of it judge alike.</summary>
    public BootstrapSettings WithMargin(double? given, IReadOnlyDictionary<string, string> runOptions) =>
        given is { } margin ? this with { EquivalenceMargin = margin }
        : runOptions.TryGetValue("margin", out var text)
          && double.TryParse(text, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var percent)
          && percent is > 0 and < 100
            ? this with { EquivalenceMargin = percent / 100 }
            : this;

    /// <summary>"95%" for 0.95: how every sentence and table names a band's level.</summary>
    public static string Percent(double confidenceLevel) =>
        (confidenceLevel * 100).ToString("0.#", System.Globalization.CultureInfo.InvariantCulture) + "%";
    public ulong Seed { get; init; } = DefaultSeed;
}

using Pragmastat;

namespace RpcCompare.Reports.Statistics;

/// <summary>
/// The one-number answer to "how much faster is A than B": Pragmastat's Shift estimator (Hodges-Lehmann, the median of
/// every pairwise difference a - b), robust to the tail that moves a mean. Pragmastat 3.2.4, the newest version in the
/// feed, has no interval for it; the shift function's band carries the confidence statements.
/// </summary>
public static class TypicalShift
{
    /// <summary>The shift of <paramref name="a"/> against <paramref name="b"/> in their unit; negative: A is lower.</summary>
    public static double Estimate(SortedSample a, SortedSample b) =>
        Toolkit.Shift(a.ToPerfolizer(), b.ToPerfolizer()).NominalValue;

    /// <summary>"Typically (...), gRPC answers 1.2 ms sooner than WCF."</summary>
    public static string Sentence(SortedSample a, SortedSample b, string nameA, string nameB)
    {
        var shift = Estimate(a, b);
        var how = "the median of all pairwise differences, Pragmastat's Shift estimator";
        return shift == 0
            ? $"Typically ({how}), {nameA} and {nameB} answer equally fast."
            : $"Typically ({how}), {nameA} answers {DurationText.Format(Math.Abs(shift))} {(shift < 0 ? "sooner" : "later")} than {nameB}.";
    }
}

using System.Globalization;

namespace RpcCompare.Reports.Statistics;

/// <summary>
/// Plain sentences from a shift function, for people who will repeat them. Unpaired samples support statements about
/// quantiles only ("from the 80th percentile up, A answers at least ... sooner"), never about individual requests,
/// so that is all these say. Each sentence covers a run of consecutive grid quantiles where the band lies wholly
/// below zero, wholly above it, or includes it; because the band is simultaneous, all sentences hold together.
/// The figure quoted for a run is its smallest estimated difference, with the band at that quantile as its interval.
/// </summary>
public static class ShiftSentences
{
    /// <summary>
    /// Runs where the band includes zero at no more than this many consecutive quantiles, between two runs of the same
    /// direction, are told as one run with an exception ("except at the 19th percentile"), not as three sentences.
    /// </summary>
    public const int MaxGapInARun = 2;

    public static IReadOnlyList<string> Describe(QuantileShift shift, string nameA, string nameB)
    {
        var count = shift.Probabilities.Count;
        if (count == 0)
        {
            return [$"There are too few requests to compare {nameA} with {nameB} quantile by quantile."];
        }

        var level = BootstrapSettings.Percent(shift.ConfidenceLevel);
        var sentences = new List<string>();
        foreach (var run in Runs(shift))
        {
            var range = RangePhrase(shift.Probabilities, run.Start, run.End);
            if (run.Sign == 0)
            {
                sentences.Add(run.Start == 0 && run.End == count - 1
                    ? $"{range}, {nameA} and {nameB} are indistinguishable (the band includes zero everywhere)."
                    : $"{range}, the two are indistinguishable (the band includes zero).");
                continue;
            }

            // The weakest point of the run: where the estimated difference is closest to zero.
            var weakest = -1;
            for (var i = run.Start; i <= run.End; i++)
            {
                if (!run.Gaps.Contains(i) && (weakest < 0 || Math.Abs(shift.Delta[i]) < Math.Abs(shift.Delta[weakest])))
                {
                    weakest = i;
                }
            }

            var size = Math.Abs(shift.Delta[weakest]);
            var low = Math.Min(Math.Abs(shift.Lower[weakest]), Math.Abs(shift.Upper[weakest]));
            var high = Math.Max(Math.Abs(shift.Lower[weakest]), Math.Abs(shift.Upper[weakest]));
            var (numbers, unit) = DurationText.FormatAll(Math.Max(size, high), size, low, high);
            var direction = run.Sign < 0 ? "sooner" : "later";
            var except = run.Gaps.Count == 0
                ? ""
                : $" (except at the {string.Join(" and the ", run.Gaps.Select(g => PercentileName(shift.Probabilities[g])))}, where the band includes zero)";
            sentences.Add(
                $"{range}{except}, {nameA} answers at least {numbers[0]} {unit} {direction} than {nameB} " +
                $"({level} simultaneous band {numbers[1]}\u2013{numbers[2]} {unit}).");
        }

        return sentences;
    }

    /// <summary>"median", "80th percentile", "99.9th percentile".</summary>
    public static string PercentileName(double probability) =>
        Math.Abs(probability - 0.5) < 1e-12 ? "median" : $"{Ordinal(probability)} percentile";

    /// <summary>"1st", "22nd", "99.9th".</summary>
    public static string Ordinal(double probability)
    {
        var percent = Math.Round(probability * 100, 3);
        var text = percent.ToString("0.###", CultureInfo.InvariantCulture);
        if (percent != Math.Floor(percent))
        {
            return text + "th";
        }

        var whole = (int)percent;
        var suffix = (whole % 100) is 11 or 12 or 13 ? "th" : (whole % 10) switch
        {
            1 => "st",
            2 => "nd",
            3 => "rd",
            _ => "th",
        };
        return text + suffix;
    }

    private static string RangePhrase(IReadOnlyList<double> probabilities, int start, int end)
    {
        var last = probabilities.Count - 1;
        if (start == 0 && end == last)
        {
            return $"Across the whole distribution ({Ordinal(probabilities[0])} to {Ordinal(probabilities[last])} percentile)";
        }

        if (start == end)
        {
            return $"At the {PercentileName(probabilities[start])}";
        }

        if (start == 0)
        {
            return $"Up to the {PercentileName(probabilities[end])}";
        }

        return end == last
            ? $"From the {PercentileName(probabilities[start])} up"
            : $"From the {PercentileName(probabilities[start])} to the {PercentileName(probabilities[end])}";
    }

    private sealed record Run(int Sign, int Start, int End, List<int> Gaps);

    private static List<Run> Runs(QuantileShift shift)
    {
        var runs = new List<Run>();
        for (var start = 0; start < shift.Probabilities.Count;)
        {
            var sign = shift.Sign(start);
            var end = start;
            while (end + 1 < shift.Probabilities.Count && shift.Sign(end + 1) == sign)
            {
                end++;
            }

            runs.Add(new Run(sign, start, end, []));
            start = end + 1;
        }

        // Fold short "includes zero" gaps into the same-direction runs around them.
        var merged = new List<Run>();
        foreach (var run in runs)
        {
            if (merged.Count >= 2 && run.Sign != 0 && merged[^1] is { Sign: 0 } gap && gap.End - gap.Start + 1 <= MaxGapInARun && merged[^2].Sign == run.Sign)
            {
                var before = merged[^2];
                merged.RemoveRange(merged.Count - 2, 2);
                merged.Add(new Run(run.Sign, before.Start, run.End, [.. before.Gaps, .. Enumerable.Range(gap.Start, gap.End - gap.Start + 1), .. run.Gaps]));
                continue;
            }

            merged.Add(run);
        }

        return merged;
    }
}

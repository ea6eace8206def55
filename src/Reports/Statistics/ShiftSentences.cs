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
    public static IReadOnlyList<string> Describe(QuantileShift shift, string nameA, string nameB)
    {
        var count = shift.Probabilities.Count;
        if (count == 0)
        {
            return [$"There are too few requests to compare {nameA} with {nameB} quantile by quantile."];
        }

        var level = (shift.ConfidenceLevel * 100).ToString("0.#", CultureInfo.InvariantCulture);
        var sentences = new List<string>();
        for (var start = 0; start < count;)
        {
            var sign = shift.Sign(start);
            var end = start;
            while (end + 1 < count && shift.Sign(end + 1) == sign)
            {
                end++;
            }

            var range = RangePhrase(shift.Probabilities, start, end);
            if (sign == 0)
            {
                sentences.Add(start == 0 && end == count - 1
                    ? $"{range}, {nameA} and {nameB} are indistinguishable (the band includes zero everywhere)."
                    : $"{range}, the two are indistinguishable (the band includes zero).");
            }
            else
            {
                // The weakest point of the run: where the estimated difference is closest to zero.
                var weakest = start;
                for (var i = start + 1; i <= end; i++)
                {
                    if (Math.Abs(shift.Delta[i]) < Math.Abs(shift.Delta[weakest]))
                    {
                        weakest = i;
                    }
                }

                var size = Math.Abs(shift.Delta[weakest]);
                var low = Math.Min(Math.Abs(shift.Lower[weakest]), Math.Abs(shift.Upper[weakest]));
                var high = Math.Max(Math.Abs(shift.Lower[weakest]), Math.Abs(shift.Upper[weakest]));
                var (numbers, unit) = DurationText.FormatAll(Math.Max(size, high), size, low, high);
                var direction = sign < 0 ? "sooner" : "later";
                sentences.Add(
                    $"{range}, {nameA} answers at least {numbers[0]} {unit} {direction} than {nameB} " +
                    $"({level}% CI {numbers[1]}\u2013{numbers[2]} {unit}).");
            }

            start = end + 1;
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
}

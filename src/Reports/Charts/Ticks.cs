using System.Globalization;

namespace RpcCompare.Reports.Charts;

/// <summary>A fitted axis range and the ticks to label it with.</summary>
public sealed record TickSet(double Min, double Max, IReadOnlyList<double> Major, IReadOnlyList<double> Minor, IReadOnlyList<string> Labels);

/// <summary>"Nice" ticks: steps of 1, 2 or 5 times a power of ten (Heckbert's nice numbers); decades on log axes.</summary>
public static class Ticks
{
    public static TickSet Linear(double min, double max, int target = 6)
    {
        if (!double.IsFinite(min) || !double.IsFinite(max))
        {
            throw new ArgumentException($"Axis range [{min}, {max}] is not finite.", nameof(min));
        }

        if (max < min)
        {
            (min, max) = (max, min);
        }

        if (max - min < Math.Max(Math.Abs(max), 1.0) * 1e-12)
        {
            // A flat series still gets a readable axis around its value.
            var pad = min == 0 ? 1.0 : Math.Abs(min) * 0.1;
            min -= pad;
            max += pad;
        }

        var step = NiceStep((max - min) / Math.Max(1, target - 1));
        var first = Math.Floor((min / step) + 1e-9) * step;
        var last = Math.Ceiling((max / step) - 1e-9) * step;
        var major = new List<double>();
        for (var i = 0; first + (i * step) <= last + (step * 1e-9); i++)
        {
            major.Add(Clean(first + (i * step), step));
        }

        var decimals = Math.Max(0, -(int)Math.Floor(Math.Log10(step) + 1e-9));
        return new TickSet(major[0], major[^1], major, [], [.. major.Select(v => Format(v, decimals))]);
    }

    public static TickSet Log10(double min, double max)
    {
        if (!(min > 0) || !(max > 0) || !double.IsFinite(min) || !double.IsFinite(max))
        {
            throw new ArgumentException($"A log axis needs a positive finite range, not [{min}, {max}].", nameof(min));
        }

        if (max < min)
        {
            (min, max) = (max, min);
        }

        // Round out to the nearest 1, 2 or 5 times a power of ten, so the plot is not mostly empty decades.
        var low = NiceFloor(min);
        var high = NiceCeiling(max);
        if (high <= low)
        {
            high = NiceCeiling(low * 1.5);
        }

        var decades = Math.Log10(high / low);
        var mantissas = decades <= 1.5 ? new[] { 1.0, 2, 3, 5 } : decades <= 4 ? [1.0, 2, 5] : [1.0];
        var major = new List<double>();
        var minor = new List<double>();
        for (var exponent = (int)Math.Floor(Math.Log10(low) + 1e-9); exponent <= (int)Math.Ceiling(Math.Log10(high) - 1e-9); exponent++)
        {
            var decade = Math.Pow(10, exponent);
            for (var m = 1; m <= 9; m++)
            {
                var value = Clean(m * decade, decade);
                if (value < low * (1 - 1e-9) || value > high * (1 + 1e-9))
                {
                    continue;
                }

                (mantissas.Contains(m) ? major : minor).Add(value);
            }
        }

        return new TickSet(low, high, major, decades <= 6 ? minor : [], [.. major.Select(v => Format(v, Math.Max(0, -(int)Math.Floor(Math.Log10(v) + 1e-9))))]);
    }

    /// <summary>Tick text: thousands separated (10,000), decimals only as many as the step needs.</summary>
    public static string Format(double value, int decimals)
    {
        var text = value.ToString("#,0." + new string('0', Math.Min(decimals, 12)), CultureInfo.InvariantCulture);
        if (decimals == 0)
        {
            text = value.ToString("#,0", CultureInfo.InvariantCulture);
        }

        return text.StartsWith('-') && text.Trim('-', '0', '.', ',').Length == 0 ? text[1..] : text;
    }

    internal static double NiceStep(double rough)
    {
        if (!(rough > 0))
        {
            return 1;
        }

        var power = Math.Pow(10, Math.Floor(Math.Log10(rough)));
        var fraction = rough / power;
        var nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return nice * power;
    }

    private static double NiceFloor(double value)
    {
        var power = Math.Pow(10, Math.Floor(Math.Log10(value) + 1e-12));
        var fraction = value / power;
        var nice = fraction >= 5 ? 5 : fraction >= 2 ? 2 : 1;
        return Clean(nice * power, power);
    }

    private static double NiceCeiling(double value)
    {
        var power = Math.Pow(10, Math.Floor(Math.Log10(value) - 1e-12));
        var fraction = value / power;
        var nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return Clean(nice * power, power);
    }

    // Removes the binary noise of i * step (0.30000000000000004), relative to the step.
    private static double Clean(double value, double step)
    {
        var digits = Math.Clamp(2 - (int)Math.Floor(Math.Log10(step)), 0, 15);
        return Math.Round(value, digits);
    }
}

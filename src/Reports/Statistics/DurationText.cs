using System.Globalization;

namespace RpcCompare.Reports.Statistics;

/// <summary>Durations for people: µs below a millisecond, s from a second up, two significant digits or whole units.</summary>
public static class DurationText
{
    public static string Format(double milliseconds) => Format(milliseconds, UnitFor(milliseconds));

    /// <summary>Formats several durations in the unit that suits <paramref name="reference"/>, e.g. "0.9", "0.7", "1.1" and "s".</summary>
    public static (IReadOnlyList<string> Numbers, string Unit) FormatAll(double reference, params double[] milliseconds)
    {
        var unit = UnitFor(reference);
        return ([.. milliseconds.Select(m => Number(m / Scale(unit)))], unit);
    }

    public static string Format(double milliseconds, string unit) => $"{Number(InUnit(milliseconds, unit))} {unit}";

    /// <summary>Milliseconds expressed in <paramref name="unit"/> (s, ms or µs).</summary>
    public static double InUnit(double milliseconds, string unit) => milliseconds / Scale(unit);

    public static string UnitFor(double milliseconds)
    {
        var magnitude = Math.Abs(milliseconds);
        return magnitude >= 1000 ? "s" : magnitude >= 1 || magnitude == 0 ? "ms" : "µs";
    }

    /// <summary>Two significant digits below 10, whole numbers above, trailing zeros dropped: 0.0043, 0.93, 1.1, 12,
    /// 930. A small non-zero bound never prints as 0, which would read as "the band touches zero".</summary>
    public static string Number(double value)
    {
        var magnitude = Math.Abs(value);
        var decimals = magnitude >= 10 ? 0
            : magnitude >= 1 ? 1
            : magnitude == 0 ? 0
            : Math.Min(MaxDecimals, 1 - (int)Math.Floor(Math.Log10(magnitude)));
        var text = Math.Round(value, decimals).ToString("0." + new string('#', decimals), CultureInfo.InvariantCulture);
        return text == "-0" ? "0" : text;
    }

    private const int MaxDecimals = 6;

    private static double Scale(string unit) => unit switch
    {
        "s" => 1000,
        "ms" => 1,
        "µs" => 0.001,
        _ => throw new ArgumentOutOfRangeException(nameof(unit), unit, "Unit must be s, ms or µs."),
    };
}

using System.Globalization;

namespace RpcCompare.Reports.Reporting;

/// <summary>Fixed, invariant number formats for tables, so the same results always print the same text.</summary>
internal static class Formats
{
    public const string Dash = "\u2014";
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>Milliseconds with three significant digits or more: 0.123, 1.23, 12.3, 1,234.</summary>
    public static string Ms(double value)
    {
        var magnitude = Math.Abs(value);
        var format = magnitude >= 100 ? "#,0" : magnitude >= 10 ? "0.0" : magnitude >= 1 ? "0.00" : "0.000";
        return value.ToString(format, Invariant);
    }

    public static string Ms(double? value) => value is { } v ? Ms(v) : Dash;

    public static string Whole(double? value) => value is { } v ? v.ToString("#,0", Invariant) : Dash;

    public static string Whole(long value) => value.ToString("#,0", Invariant);

    public static string OneDecimal(double? value) => value is { } v ? v.ToString("#,0.0", Invariant) : Dash;

    public static string Percent(double value) => value.ToString("0.#", Invariant) + "%";

    public static string Signed(double value, string format) =>
        (value > 0 ? "+" : "") + value.ToString(format, Invariant);

    /// <summary>"2026-11-22 10:15:00 UTC".</summary>
    public static string Time(DateTimeOffset? value) =>
        value is { } v ? v.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", Invariant) + " UTC" : Dash;

    public static string Duration(TimeSpan span) =>
        span.TotalHours >= 1 ? $"{(int)span.TotalHours} h {span.Minutes} min"
        : span.TotalMinutes >= 1 ? $"{(int)span.TotalMinutes} min {span.Seconds} s"
        : $"{span.TotalSeconds.ToString("0.#", Invariant)} s";

    /// <summary>"3 (timeout 2, refused 1)".</summary>
    public static string Errors(long errors, IReadOnlyDictionary<string, long> byKind)
    {
        var kinds = byKind.Where(k => k.Value > 0).OrderByDescending(k => k.Value).ThenBy(k => k.Key, StringComparer.Ordinal)
            .Select(k => $"{k.Key} {Whole(k.Value)}").ToList();
        return kinds.Count == 0 ? Whole(errors) : $"{Whole(errors)} ({string.Join(", ", kinds)})";
    }
}

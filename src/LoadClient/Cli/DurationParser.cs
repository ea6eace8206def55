using System.Globalization;
using System.Text.RegularExpressions;

namespace RpcCompare.LoadClient.Cli;

/// <summary>Durations as people write them: 500ms, 30s, 5m, 1.5h. A bare number or another unit is refused with an example.</summary>
public static partial class DurationParser
{
    public static bool TryParse(string text, out TimeSpan value, out string? error)
    {
        value = default;
        var match = Pattern().Match(text.Trim());
        if (!match.Success)
        {
            error = $"'{text}' is not a duration; write a number with a unit: 500ms, 30s, 5m or 1h.";
            return false;
        }
        var number = double.Parse(match.Groups["number"].Value, CultureInfo.InvariantCulture);
        value = match.Groups["unit"].Value switch
        {
            "ms" => TimeSpan.FromMilliseconds(number),
            "s" => TimeSpan.FromSeconds(number),
            "m" => TimeSpan.FromMinutes(number),
            _ => TimeSpan.FromHours(number),
        };
        error = null;
        return true;
    }

    public static string Format(TimeSpan value) => value.TotalHours >= 1 && value.TotalHours == Math.Floor(value.TotalHours)
        ? $"{value.TotalHours:0}h"
        : value.TotalMinutes >= 1 && value.TotalMinutes == Math.Floor(value.TotalMinutes)
            ? $"{value.TotalMinutes:0}m"
            : value.TotalSeconds == Math.Floor(value.TotalSeconds)
                ? $"{value.TotalSeconds:0}s"
                : $"{value.TotalMilliseconds:0}ms";

    [GeneratedRegex(@"^(?<number>\d+(\.\d+)?)(?<unit>ms|s|m|h)$", RegexOptions.CultureInvariant)]
    private static partial Regex Pattern();
}

using System.Globalization;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// The grpc-timeout header: at most eight ASCII digits followed by one unit letter
/// (H hours, M minutes, S seconds, m milliseconds, u microseconds, n nanoseconds).
/// </summary>
internal static class GrpcTimeout
{
    private const int MaxDigits = 8;
    private const long MaxValue = 99_999_999;

    public static bool TryParse(string? text, out TimeSpan timeout)
    {
        timeout = default;
        if (text is null || text.Length < 2 || text.Length > MaxDigits + 1)
        {
            return false;
        }

        long value = 0;
        for (var i = 0; i < text.Length - 1; i++)
        {
            var c = text[i];
            if (c is < '0' or > '9')
            {
                return false;
            }

            value = (value * 10) + (c - '0');
        }

        // Sub-tick units round up, so that a positive timeout never becomes "no time at all".
        long? ticks = text[^1] switch
        {
            'H' => value * TimeSpan.TicksPerHour,
            'M' => value * TimeSpan.TicksPerMinute,
            'S' => value * TimeSpan.TicksPerSecond,
            'm' => value * TimeSpan.TicksPerMillisecond,
            'u' => value * TimeSpan.TicksPerMicrosecond,
            'n' => (value + 99) / 100,
            _ => null,
        };

        if (ticks is null)
        {
            return false;
        }

        timeout = TimeSpan.FromTicks(ticks.Value);
        return true;
    }

    /// <summary>The shortest honest text for a positive timeout: rounded up, in the finest unit that fits eight digits.</summary>
    public static string Format(TimeSpan timeout)
    {
        var ticks = Math.Max(timeout.Ticks, 1);
        ReadOnlySpan<(long TicksPerUnit, char Unit)> units =
        [
            (TimeSpan.TicksPerMillisecond, 'm'),
            (TimeSpan.TicksPerSecond, 'S'),
            (TimeSpan.TicksPerMinute, 'M'),
        ];

        foreach (var (ticksPerUnit, unit) in units)
        {
            var value = (ticks + ticksPerUnit - 1) / ticksPerUnit;
            if (value <= MaxValue)
            {
                return string.Create(CultureInfo.InvariantCulture, $"{value}{unit}");
            }
        }

        var hours = Math.Min((ticks + TimeSpan.TicksPerHour - 1) / TimeSpan.TicksPerHour, MaxValue);
        return string.Create(CultureInfo.InvariantCulture, $"{hours}H");
    }
}

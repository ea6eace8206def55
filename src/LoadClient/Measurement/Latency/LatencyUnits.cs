using System.Diagnostics;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The load client records latencies in <see cref="Stopwatch"/> ticks (1 ns on Linux, 100 ns on Windows): the finest
/// clock there is, read without conversion on the hot path. These helpers convert for output.
/// </summary>
public static class LatencyUnits
{
    /// <summary>Stopwatch ticks per millisecond: the .hgrm scaling ratio that prints ticks as milliseconds.</summary>
    public static double TicksPerMillisecond { get; } = Stopwatch.Frequency / 1000.0;

    /// <summary>Stopwatch ticks in one hour: the default highest trackable latency.</summary>
    public static long TicksPerHour { get; } = Stopwatch.Frequency * 3600;

    /// <summary>Converts Stopwatch ticks to milliseconds.</summary>
    public static double TicksToMilliseconds(long ticks) => ticks / TicksPerMillisecond;

    /// <summary>Converts a duration to Stopwatch ticks.</summary>
    public static long ToTicks(TimeSpan duration) => (long)Math.Round(duration.TotalSeconds * Stopwatch.Frequency);

    /// <summary>Converts Stopwatch ticks to whole microseconds, rounding half up (the latencies CSV resolution).</summary>
    public static long TicksToMicroseconds(long ticks)
    {
        long frequency = Stopwatch.Frequency;
        if (frequency % 1_000_000 == 0)
        {
            long ticksPerMicrosecond = frequency / 1_000_000;
            return (ticks + (ticksPerMicrosecond / 2)) / ticksPerMicrosecond;
        }

        return (long)((((Int128)ticks * 1_000_000) + (frequency / 2)) / frequency);
    }
}

using System.Globalization;

namespace RpcCompare.Network;

/// <summary>
/// The link between the load client and a host: a one-way delay (added in each direction, so a round trip pays it twice)
/// and a rate per direction in bits per second (0: not limited). "Down" is host to client, "up" client to host.
/// </summary>
public sealed record NetworkProfile(string Name, TimeSpan OneWayDelay, long DownBitsPerSecond, long UpBitsPerSecond)
{
    public static readonly NetworkProfile Loopback = new("loopback", TimeSpan.Zero, 0, 0);
    public static readonly NetworkProfile Lan = new("lan", TimeSpan.FromMicroseconds(200), 1_000_000_000, 1_000_000_000);
    public static readonly NetworkProfile Wan = new("wan", TimeSpan.FromMilliseconds(10), 100_000_000, 100_000_000);
    public static readonly NetworkProfile Mobile = new("mobile", TimeSpan.FromMilliseconds(40), 10_000_000, 2_000_000);

    public static IReadOnlyList<NetworkProfile> Named { get; } = [Loopback, Lan, Wan, Mobile];

    /// <summary>What --help says the option takes.</summary>
    public static string Help =>
        "The link between the client and every host, in both directions: " +
        string.Join("; ", Named.Select(p => $"{p.Name} ({p.Describe()})")) +
        "; or explicit values, e.g. delay=10ms,rate=100mbit (keys: delay, rate, down, up; units: us, ms, s and bit, kbit, mbit, gbit). " +
        "Emulated by a relay process in front of each host (docs/network.md).";

    /// <summary>Nothing to emulate: the client talks to the host directly.</summary>
    public bool IsLoopback => OneWayDelay == TimeSpan.Zero && DownBitsPerSecond == 0 && UpBitsPerSecond == 0;

    public string Describe() => IsLoopback
        ? "no emulation, the machine's own loopback"
        : $"{Delay(OneWayDelay)} one way, {Rate(DownBitsPerSecond)} down, {Rate(UpBitsPerSecond)} up";

    /// <summary>A named profile or explicit key=value pairs; the error names the part that is wrong.</summary>
    public static bool TryParse(string text, out NetworkProfile profile, out string error)
    {
        profile = Loopback;
        error = "";
        var trimmed = text.Trim();
        if (Named.FirstOrDefault(p => string.Equals(p.Name, trimmed, StringComparison.OrdinalIgnoreCase)) is { } named)
        {
            profile = named;
            return true;
        }
        if (!trimmed.Contains('=', StringComparison.Ordinal))
        {
            error = $"'{text}' is neither a profile ({string.Join(", ", Named.Select(p => p.Name))}) nor key=value pairs such as delay=10ms,rate=100mbit.";
            return false;
        }

        var delay = TimeSpan.Zero;
        long? rate = null, down = null, up = null;
        var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var part in trimmed.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            var pair = part.Split('=', 2, StringSplitOptions.TrimEntries);
            var key = pair[0].ToLowerInvariant();
            if (pair.Length != 2 || pair[1].Length == 0)
            {
                error = $"'{part}' has no value: write {key}=VALUE.";
                return false;
            }
            if (!seen.Add(key))
            {
                error = $"'{key}' is given twice.";
                return false;
            }
            switch (key)
            {
                case "delay":
                    if (!TryParseDelay(pair[1], out delay, out error))
                    {
                        error = $"{part}: {error}";
                        return false;
                    }
                    break;
                case "rate" or "down" or "up":
                    if (!TryParseRate(pair[1], out var bits, out error))
                    {
                        error = $"{part}: {error}";
                        return false;
                    }
                    (rate, down, up) = key switch
                    {
                        "rate" => (bits, down, up),
                        "down" => (rate, bits, up),
                        _ => (rate, down, (long?)bits),
                    };
                    break;
                default:
                    error = $"'{pair[0]}' is not a key of a network; use delay, rate, down or up.";
                    return false;
            }
        }
        if (rate is not null && (down is not null || up is not null))
        {
            error = "rate sets both directions: give rate, or down and up, not both.";
            return false;
        }
        profile = new NetworkProfile(trimmed.ToLowerInvariant(), delay, down ?? rate ?? 0, up ?? rate ?? 0);
        return true;
    }

    private static readonly (string Suffix, double Seconds)[] DelayUnits = [("us", 1e-6), ("ms", 1e-3), ("s", 1)];
    private static readonly (string Suffix, long Bits)[] RateUnits = [("gbit", 1_000_000_000), ("mbit", 1_000_000), ("kbit", 1_000), ("bit", 1)];

    // A minute of delay and 100 Gbit/s are past anything a link between a client and its servers has.
    private static readonly TimeSpan MaxDelay = TimeSpan.FromMinutes(1);
    private const double MaxRateBits = 100e9;

    private static bool TryParseDelay(string text, out TimeSpan delay, out string error)
    {
        delay = TimeSpan.Zero;
        error = "";
        if (!TryNumberWithUnit(text, DelayUnits, out var seconds))
        {
            error = "a delay is a number with a unit: us, ms or s (e.g. 10ms).";
            return false;
        }
        if (seconds < 0 || seconds > MaxDelay.TotalSeconds)
        {
            error = $"a delay lies between 0 and {MaxDelay.TotalSeconds:0} s.";
            return false;
        }
        delay = TimeSpan.FromSeconds(seconds);
        return true;
    }

    private static bool TryParseRate(string text, out long bits, out string error)
    {
        bits = 0;
        error = "";
        if (!TryNumberWithUnit(text, RateUnits.Select(u => (u.Suffix, (double)u.Bits)).ToArray(), out var value))
        {
            error = "a rate is a number with a unit: bit, kbit, mbit or gbit per second (e.g. 100mbit).";
            return false;
        }
        if (value < 1000 || value > MaxRateBits)
        {
            error = "a rate lies between 1kbit and 100gbit.";
            return false;
        }
        bits = (long)Math.Round(value);
        return true;
    }

    private static bool TryNumberWithUnit(string text, IEnumerable<(string Suffix, double Scale)> units, out double value)
    {
        value = 0;
        var lower = text.Trim().ToLowerInvariant();
        foreach (var (suffix, scale) in units)
        {
            if (lower.EndsWith(suffix, StringComparison.Ordinal)
                && double.TryParse(lower[..^suffix.Length], NumberStyles.Float, CultureInfo.InvariantCulture, out var number)
                && double.IsFinite(number))
            {
                value = number * scale;
                return true;
            }
        }
        return false;
    }

    private static string Delay(TimeSpan delay) => delay.TotalMilliseconds >= 1
        ? string.Create(CultureInfo.InvariantCulture, $"{delay.TotalMilliseconds:0.###} ms")
        : string.Create(CultureInfo.InvariantCulture, $"{delay.TotalMicroseconds:0} µs");

    private static string Rate(long bits) => bits switch
    {
        0 => "unlimited",
        >= 1_000_000_000 => string.Create(CultureInfo.InvariantCulture, $"{bits / 1e9:0.###} Gbit/s"),
        >= 1_000_000 => string.Create(CultureInfo.InvariantCulture, $"{bits / 1e6:0.###} Mbit/s"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{bits / 1e3:0.###} kbit/s"),
    };
}

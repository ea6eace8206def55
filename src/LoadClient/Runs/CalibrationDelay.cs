using System.Globalization;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// --calibration-delay: an effect injected on purpose, to measure whether the verdict finds one. The replica entry
/// <see cref="Stack"/> is slowed by <see cref="Delay"/> on each call: its relay holds every segment from the client to
/// the host that long (<see cref="Network.TcpRelay"/>), so a call cannot start on the host sooner. Only a replica
/// (<see cref="StackReplica"/>) can be slowed, so no comparison between two real stacks can ever carry an injected effect;
/// every spawned host of such a run is reached through a relay of its own, so its entries differ by the delay alone.
/// </summary>
public sealed record CalibrationDelay(string Stack, TimeSpan Delay)
{
    /// <summary>The key of --calibration-delay among the manifest's options, which the reports read.</summary>
    public const string OptionKey = "calibration-delay";

    /// <summary>A calibration has no use for more: a second per call is past any effect a verdict must find.</summary>
    public static readonly TimeSpan MaxDelay = TimeSpan.FromSeconds(1);

    /// <summary>The extra delay of <paramref name="stack"/>'s relay: the delay for the slowed replica, zero for the others.</summary>
    public TimeSpan DelayFor(string stack) => stack == Stack ? Delay : TimeSpan.Zero;

    /// <summary>"calibration: gRPC (replica 2) slowed by 0.2 ms per call", for the console and the manifest.</summary>
    public string Describe() =>
        $"calibration: {StackCatalog.DisplayName(Stack)} ({StackReplica.CommandLineName(Stack)}) slowed by {Milliseconds(Delay)} ms per call";

    /// <summary>The delay of a manifest's calibration-delay option as `calibrate` writes it ("grpc#2=0.212ms"); null when
    /// it is not in that form.</summary>
    public static TimeSpan? DelayOf(string option)
    {
        var at = option.IndexOf('=', StringComparison.Ordinal);
        var text = at < 0 ? "" : option[(at + 1)..].Trim();
        return text.EndsWith("ms", StringComparison.Ordinal)
            && double.TryParse(text[..^2], NumberStyles.Float, CultureInfo.InvariantCulture, out var ms) && ms >= 0
            ? TimeSpan.FromMilliseconds(ms)
            : null;
    }

    /// <summary>"0.2": how the relay's command line and the sentences write the delay.</summary>
    public static string Milliseconds(TimeSpan delay) => delay.TotalMilliseconds.ToString("0.######", CultureInfo.InvariantCulture);
}

using System.CommandLine;
using System.Globalization;

namespace RpcCompare.LoadClient.Cli;

/// <summary>--start-at: a UTC time (2026-11-26T09:30:00Z) or a delay from now (+30s) at which the first measurement
/// begins, every later one in a slot computed from the plan, so several load clients measure together.</summary>
public static class StartAtOption
{
    public const string Help =
        "Begin the first measurement at this UTC time (2026-11-26T09:30:00Z) or after this delay (+30s), and every later one " +
        "in a slot computed from the plan, so several clients given the same command line (on one machine or several, with " +
        "synchronised clocks) measure each stack together and `merge` can pool them. Needs --duration; the trial orders' seed " +
        "comes from this time unless --trial-seed is given.";

    public static Option<string?> Create()
    {
        var option = new Option<string?>("--start-at") { Description = Help, HelpName = "time|+duration" };
        option.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<string?>() is { } text && !TryParse(text, DateTimeOffset.UtcNow, out _, out var error))
            {
                r.AddError($"--start-at: {error}");
            }
        });
        return option;
    }

    public static bool TryParse(string text, DateTimeOffset now, out DateTimeOffset value, out string? error)
    {
        value = default;
        error = null;
        if (text.StartsWith('+'))
        {
            if (!DurationParser.TryParse(text[1..], out var delay, out var durationError))
            {
                error = durationError;
                return false;
            }
            // Whole seconds, so clients started by one script within the same second agree on the slots and the seed.
            value = DateTimeOffset.FromUnixTimeSeconds((now + delay).ToUnixTimeSeconds());
            return true;
        }
        if (!DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out value))
        {
            error = $"'{text}' is neither a UTC time (2026-11-26T09:30:00Z) nor a delay (+30s).";
            return false;
        }
        if (value < now - TimeSpan.FromSeconds(1))
        {
            error = $"{value.UtcDateTime:yyyy-MM-dd'T'HH:mm:ss'Z'} is already past (it is {now.UtcDateTime:HH:mm:ss} UTC now).";
            return false;
        }
        return true;
    }

    public static DateTimeOffset? Parse(string? text) => text is null
        ? null
        : TryParse(text, DateTimeOffset.UtcNow, out var value, out var error) ? value : throw new UserFacingException($"--start-at: {error}");
}

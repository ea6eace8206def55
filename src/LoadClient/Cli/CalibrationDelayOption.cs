using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>--calibration-delay replica=delay, read against the run's --stacks (<see cref="CalibrationDelay"/>).</summary>
public static class CalibrationDelayOption
{
    public const string Name = "--calibration-delay";

    /// <summary>"grpc#2=0.2ms" against the run's stacks; the sentence names what is wrong.</summary>
    public static CalibrationDelay Parse(string text, IReadOnlyList<string> stacks)
    {
        var parts = text.Split('=', 2, StringSplitOptions.TrimEntries);
        if (parts.Length != 2 || parts[1].Length == 0)
        {
            throw new UserFacingException($"{Name} '{text}' must look like replica=delay, e.g. grpc#2=0.2ms.");
        }
        var name = parts[0].ToLowerInvariant();
        var id = StackReplica.FromCommandLine(name, out var error);
        if (id is null)
        {
            throw new UserFacingException(error is null
                ? $"{Name} slows a replica entry only (e.g. grpc#2), never a stack itself, so no comparison of two stacks can carry it; '{parts[0]}' is not one."
                : $"{Name}: {error}");
        }
        if (!stacks.Contains(id))
        {
            throw new UserFacingException($"{Name} slows {StackReplica.CommandLineName(id)}, which --stacks does not name (e.g. --stacks {StackReplica.BaseOf(id)},{StackReplica.CommandLineName(id)}).");
        }
        return new CalibrationDelay(id, ParseDelay(parts[1]));
    }

    /// <summary>The delay alone (the relay's option): a duration from 0 to 1s; null is no delay.</summary>
    public static TimeSpan ParseDelay(string? text)
    {
        if (text is null)
        {
            return TimeSpan.Zero;
        }
        if (!DurationParser.TryParse(text, out var delay, out var error))
        {
            throw new UserFacingException($"{Name}: {error}");
        }
        if (delay > CalibrationDelay.MaxDelay)
        {
            throw new UserFacingException($"{Name} must be at most 1s per call (was {text}).");
        }
        return delay;
    }
}

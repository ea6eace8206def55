namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// Per-call settings. A deadline travels to the server as grpc-timeout and is enforced on both sides; when both
/// <see cref="Timeout"/> and <see cref="Deadline"/> are set the earlier one wins. The default has no deadline.
/// </summary>
public readonly record struct GrpcCallOptions
{
    /// <summary>How long the call may take from the moment it starts.</summary>
    public TimeSpan? Timeout { get; init; }

    /// <summary>An absolute point in time (local times are converted to UTC) by which the call must end.</summary>
    public DateTime? Deadline { get; init; }

    /// <summary>Custom metadata sent as request headers (names in lower case; "-bin" values base64).</summary>
    public IReadOnlyList<KeyValuePair<string, string>>? Headers { get; init; }

    public static GrpcCallOptions WithTimeout(TimeSpan timeout) => new() { Timeout = timeout };

    /// <summary>Time left before the deadline, or null for none; zero or less means it has already passed.</summary>
    internal TimeSpan? RemainingTime()
    {
        TimeSpan? remaining = Timeout;
        if (Deadline is { } deadline && deadline != DateTime.MaxValue)
        {
            var untilDeadline = deadline.ToUniversalTime() - DateTime.UtcNow;
            if (remaining is null || untilDeadline < remaining)
            {
                remaining = untilDeadline;
            }
        }

        return remaining;
    }
}

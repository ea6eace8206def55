using System.Text.Json;
using System.Text.Json.Serialization;

namespace RpcCompare.Reports.Results;

/// <summary>
/// restart.json: what `--scenario restart` measured, one <see cref="StackRestart"/> per stack, rewritten whole after
/// each stack (and when the run is interrupted), so a stopped run keeps every stack it measured.
/// </summary>
public sealed record RestartResults
{
    public const string FileName = "restart.json";

    public const int Version = 1;

    public int FormatVersion { get; init; } = Version;

    /// <summary>"SIGTERM" (a graceful stop, the default) or "SIGKILL" (--kill).</summary>
    public required string Signal { get; init; }

    /// <summary>Callers connected and calling (--threads; 200 by default).</summary>
    public required int Callers { get; init; }

    /// <summary>How long every caller called the first host before it was stopped.</summary>
    public required double SteadySeconds { get; init; }

    /// <summary>The longest a run waits, from the stop, for every caller to succeed again.</summary>
    public required double RecoveryTimeoutSeconds { get; init; }

    /// <summary>The width of a timeline bucket.</summary>
    public required double BucketMilliseconds { get; init; }

    /// <summary>What a caller calls (the light operation), and what "connections opened" counts, in words.</summary>
    public required string Method { get; init; }

    public required IReadOnlyList<StackRestart> Stacks { get; init; }

    public static async Task WriteAsync(string folder, RestartResults results, CancellationToken cancellationToken) =>
        await AtomicFile.WriteAsync(Path.Combine(folder, FileName), async (stream, ct) =>
        {
            await JsonSerializer.SerializeAsync(stream, results, RestartJsonContext.Default.RestartResults, ct);
            stream.WriteByte((byte)'\n');
        }, cancellationToken);

    /// <summary>The folder's restart results; null when the run was not a restart run.</summary>
    /// <exception cref="ResultsFormatException">The file is damaged or of another version.</exception>
    public static async Task<RestartResults?> ReadAsync(string folder, CancellationToken cancellationToken)
    {
        var path = Path.Combine(folder, FileName);
        if (!File.Exists(path))
        {
            return null;
        }
        var bytes = await ResultsFolderFile.ReadAllBytesAsync(path, ResultsFolderFile.JsonLimit, cancellationToken);
        try
        {
            var results = JsonSerializer.Deserialize(bytes, RestartJsonContext.Default.RestartResults);
            return results is { FormatVersion: Version }
                ? results
                : throw new ResultsFormatException(path, $"this build reads restart results of formatVersion {Version} only.");
        }
        catch (JsonException e)
        {
            throw new ResultsFormatException(path, $"the restart results are not valid JSON of their shape ({e.Message}).", e);
        }
    }
}

/// <summary>One stack's restart: its calls, each counted once, its recovery and its timeline.</summary>
public sealed record StackRestart
{
    public required string Stack { get; init; }

    /// <summary>The host's pid before the stop and after the start; null where that host never ran.</summary>
    public int? PidBefore { get; init; }

    public int? PidAfter { get; init; }

    /// <summary>Why the stack has no (or only part of its) figures: its host failed, or the run was interrupted; null when whole.</summary>
    public string? Failure { get; init; }

    public bool Interrupted { get; init; }

    /// <summary>Every call a caller began; each ended as exactly one of <see cref="Succeeded"/> or a <see cref="FailedByKind"/>.</summary>
    public long CallsIssued { get; init; }

    public long Succeeded { get; init; }

    /// <summary>Failed calls by error kind (summary.json's names), kinds without a failure left out.</summary>
    public IReadOnlyDictionary<string, long> FailedByKind { get; init; } = new Dictionary<string, long>();

    [JsonIgnore]
    public long Failed => FailedByKind.Values.Sum();

    /// <summary>Seconds from the first call to the stop signal, to the restarted host's ready line (null: never ready).</summary>
    public double? StopAtSeconds { get; init; }

    public double? ReadyAtSeconds { get; init; }

    /// <summary>Seconds from the stop until the last caller's first success on the restarted host; null when some caller never recovered.</summary>
    public double? RecoveredAfterSeconds { get; init; }

    /// <summary>The p50 and p99 of each caller's first successful call on the restarted host (connection set-up included).</summary>
    public double? FirstCallP50Ms { get; init; }

    public double? FirstCallP99Ms { get; init; }

    public int CallersRecovered { get; init; }

    /// <summary>The callers (0-based) that had no successful call on the restarted host before the run stopped waiting.</summary>
    public IReadOnlyList<int> NeverRecovered { get; init; } = [];

    /// <summary>TCP connections the client process established, in all and from the stop on.</summary>
    public long ConnectionsOpened { get; init; }

    public long ConnectionsOpenedAfterStop { get; init; }

    /// <summary>How this stack's client library finds its host again, as this project configures it.</summary>
    public string Reconnect { get; init; } = "";

    public IReadOnlyList<RestartBucket> Timeline { get; init; } = [];
}

/// <summary>Calls that ended, and connections established, in one bucket starting <paramref name="AtSeconds"/> after the first call.</summary>
public sealed record RestartBucket(double AtSeconds, long Succeeded, long Failed, long Connections);

[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    WriteIndented = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.Never,
    NumberHandling = JsonNumberHandling.Strict)]
[JsonSerializable(typeof(RestartResults))]
internal sealed partial class RestartJsonContext : JsonSerializerContext;

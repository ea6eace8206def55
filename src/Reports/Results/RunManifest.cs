using System.Text.Json.Serialization;

namespace RpcCompare.Reports.Results;

/// <summary>manifest.json: what was run, where, with which settings, and how it ended.</summary>
public sealed class RunManifest
{
    public required int FormatVersion { get; init; }

    /// <summary>A GUID drawn by each run (each load client process, each merge): a folder's copy carries its run's id, so
    /// merge tells a copy or a link from another client. Null in results written before the field existed.</summary>
    public string? RunId { get; init; }

    public required ToolInfo Tool { get; init; }
    public required DateTimeOffset StartedUtc { get; init; }

    /// <summary>Null while the run is still going (or when the client died before it could finish).</summary>
    public DateTimeOffset? FinishedUtc { get; init; }

    /// <summary>One of <see cref="ResultsFormat.RunStatus"/>.</summary>
    public required string Status { get; init; }

    public string? StatusReason { get; init; }
    public required string Scenario { get; init; }

    /// <summary>One of <see cref="ResultsFormat.LoadModel"/>.</summary>
    public required string LoadModel { get; init; }

    public double? TargetRateRps { get; init; }
    public required MachineInfo Machine { get; init; }
    public required DatasetInfo Dataset { get; init; }

    /// <summary>Every CLI option as given or defaulted, passwords masked.</summary>
    public required IReadOnlyDictionary<string, string> Options { get; init; }

    /// <summary>Which CPUs the client and the hosts ran on; null in results written before --cpus existed.</summary>
    public CpuPlacementInfo? CpuPlacement { get; init; }

    /// <summary>The network between the client and the hosts; null in results written before --network existed (loopback).</summary>
    public NetworkInfo? Network { get; init; }

    /// <summary>Whether the client talked to the hosts over TLS (--security); null in results written before the field
    /// existed, which ran with security off (<see cref="SecurityInfo.Of"/> reads them so).</summary>
    public SecurityInfo? Security { get; init; }

    /// <summary>How the run was repeated (--trials, --trial-seed, --fresh-hosts) and each trial's order; null in results from
    /// before trials (format 1: one trial, stacks in <see cref="StackOrder"/>).</summary>
    public TrialsInfo? Trials { get; init; }

    public required IReadOnlyList<string> StackOrder { get; init; }
    public required IReadOnlyList<HostInfo> Hosts { get; init; }
    public required IReadOnlyList<string> Notes { get; init; }

    /// <summary>Results merged from several load clients (<c>merge</c>) only: where they came from and how well the clients'
    /// measured windows overlapped. Left out of manifest.json otherwise.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public MergeInfo? Merge { get; init; }

    /// <summary>The overload scenario only: each stack's probed capacity and the rate each step offered it. Left out of
    /// manifest.json otherwise.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public OverloadInfo? Overload { get; init; }
}

/// <summary>The load clients a merged run was made from, and how far they measured at the same time.</summary>
public sealed class MergeInfo
{
    public required IReadOnlyList<MergeSourceInfo> Sources { get; init; }

    /// <summary>Per entry and trial, how well the clients' measured windows overlapped.</summary>
    public required IReadOnlyList<WindowOverlap> Overlaps { get; init; }

    /// <summary>The smallest of <see cref="Overlaps"/>; null when no trial had windows from two clients.</summary>
    public double? WorstOverlap { get; init; }
}

public sealed class MergeSourceInfo
{
    /// <summary>The client's results folder (its name, or the path given when two folders share a name).</summary>
    public required string Folder { get; init; }

    /// <summary>The client's <see cref="RunManifest.RunId"/>; null when its results predate the field.</summary>
    public string? RunId { get; init; }

    public required DateTimeOffset StartedUtc { get; init; }
    public required MachineInfo Machine { get; init; }
}

/// <summary>
/// One entry's trial in a merged run: the union of the clients' measured windows (earliest start to latest end, what its
/// throughput is counted over) and <see cref="Fraction"/>, their intersection over that union (1: they measured over the
/// same time; 0.5: half of the union had every client measuring).
/// </summary>
public sealed class WindowOverlap
{
    public required string Stack { get; init; }
    public required string Variant { get; init; }
    public required int Trial { get; init; }

    /// <summary>Null when fewer than two clients logged the trial's intervals.</summary>
    public double? Fraction { get; init; }

    public DateTimeOffset? StartUtc { get; init; }
    public DateTimeOffset? EndUtc { get; init; }
}

/// <summary>The trials of a run: every stack and variant measured once per trial, in an order drawn from the seed.</summary>
public sealed class TrialsInfo
{
    public required int Count { get; init; }

    /// <summary>The seed the orders were drawn from (--trial-seed replays them).</summary>
    public required int Seed { get; init; }

    /// <summary>True when each host was restarted before each of its trials (--fresh-hosts).</summary>
    public required bool FreshHosts { get; init; }

    /// <summary>Per trial, the entries in the order they were measured, as "stack" or "stack/variant".</summary>
    public required IReadOnlyList<IReadOnlyList<string>> Orders { get; init; }

    /// <summary>True with --trials auto: trials after the planned ones were added while a headline comparison was inconclusive.</summary>
    public bool Auto { get; init; }

    /// <summary>With --trials auto, why no more trials were added ("decided: ...", "inconclusive (budget): ...").</summary>
    public string? StoppedBecause { get; init; }
}

public sealed class CpuPlacementInfo
{
    /// <summary>The client's CPU list ("0", "0-1"), or "all" when it was not pinned.</summary>
    public required string Client { get; init; }

    /// <summary>The spawned hosts' CPU list, or "all".</summary>
    public required string Hosts { get; init; }

    public required string PostgreSql { get; init; }

    /// <summary>The whole placement in one sentence, with what decided it.</summary>
    public required string Description { get; init; }
}

/// <summary>The emulated network a run crossed (--network) and how it was emulated.</summary>
public sealed class NetworkInfo
{
    /// <summary>loopback, lan, wan, mobile, or the explicit values as given (delay=10ms,rate=100mbit).</summary>
    public required string Profile { get; init; }

    public required double OneWayDelayMs { get; init; }

    /// <summary>Host to client; null: not limited.</summary>
    public double? DownMbitPerSecond { get; init; }

    /// <summary>Client to host; null: not limited.</summary>
    public double? UpMbitPerSecond { get; init; }

    /// <summary>none (loopback) or relay (<see cref="ResultsFormat.NetworkMechanism"/>).</summary>
    public required string Mechanism { get; init; }

    /// <summary>What the kernel offered for shaping (tc netem, tbf), asked at the start of the run; null on loopback.</summary>
    public string? KernelShaping { get; init; }

    /// <summary>One sentence: the profile, its figures and the mechanism.</summary>
    public required string Description { get; init; }

    public bool IsEmulated => Mechanism != ResultsFormat.NetworkMechanism.None;
}

/// <summary>The run's transport security (--security): none, or TLS with the certificate's key kind.</summary>
public sealed class SecurityInfo
{
    /// <summary>none or tls (<see cref="ResultsFormat.SecurityMode"/>).</summary>
    public required string Mode { get; init; }

    /// <summary>The certificate's key ("ECDSA P-256", "RSA 2048"); null with security off.</summary>
    public string? KeyKind { get; init; }

    /// <summary>One sentence: the mode, where the certificate came from and how the client trusted it.</summary>
    public required string Description { get; init; }

    [JsonIgnore]
    public bool IsTls => Mode == ResultsFormat.SecurityMode.Tls;

    /// <summary>"no TLS" or "TLS (ECDSA P-256)": how titles, verdict lines and the merge's checks name it.</summary>
    [JsonIgnore]
    public string Words => IsTls ? $"TLS ({KeyKind ?? "key unknown"})" : "no TLS";

    public static SecurityInfo None { get; } = new()
    {
        Mode = ResultsFormat.SecurityMode.None,
        Description = "none: every stack in cleartext (h2c, plain HTTP/1.1, NetTcp without transport security)",
    };

    /// <summary>The run's security; a manifest without the field is from before --security, when every run was cleartext.</summary>
    public static SecurityInfo Of(RunManifest manifest) => manifest.Security ?? None;
}

public sealed class ToolInfo
{
    public required string Name { get; init; }
    public required string Version { get; init; }
    public string? GitCommit { get; init; }
}

public sealed class MachineInfo
{
    public required string Os { get; init; }
    public required string Dotnet { get; init; }
    public required int CpuCount { get; init; }
    public string? CpuModel { get; init; }
    public required double MemoryGb { get; init; }
}

public sealed class DatasetInfo
{
    /// <summary>"tiny", "default", "large", or null for explicit sizes.</summary>
    public string? Preset { get; init; }

    public required string Fingerprint { get; init; }
    public required long Nodes { get; init; }
    public required long Links { get; init; }
    public required long Records { get; init; }
    public required long MaxDegree { get; init; }
}

public sealed class HostInfo
{
    public required string Stack { get; init; }
    public int? Pid { get; init; }
    public required bool Remote { get; init; }
    public required string Address { get; init; }
    public required IReadOnlyDictionary<string, string> Configuration { get; init; }
}

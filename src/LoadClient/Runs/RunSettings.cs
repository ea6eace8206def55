using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Network;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Runs;

/// <summary>Everything one run is started with, checked and resolved from the command line.</summary>
public sealed record RunSettings
{
    /// <summary>A scenario's name, "all", or "mix" when <see cref="Mix"/> is given.</summary>
    public required string Scenario { get; init; }

    /// <summary>--mix: the weights of the scenarios' requests in one interleaved workload; null for a plain scenario.</summary>
    public RequestMix? Mix { get; init; }
    public required IReadOnlyList<string> Stacks { get; init; }

    /// <summary>--threads, --requests, --duration, --warmup: overrides of every variant's own load, applied once by <see cref="RunPlan"/>.</summary>
    public int? Threads { get; init; }
    public long? Requests { get; init; }
    public TimeSpan? Duration { get; init; }
    public required TimeSpan Warmup { get; init; }

    /// <summary>The command line's --trials when not given (docs/reports.md has the measurements behind it).</summary>
    public const int DefaultTrials = 5;

    /// <summary>--trials: every stack and variant is measured this many times, once per trial, the budget split across them
    /// (with <see cref="AutoTrials"/>, the fewest trials; later ones each measure as much as one of these).</summary>
    public int Trials { get; init; } = 1;

    /// <summary>--trials auto: after <see cref="Trials"/>, trials are added while a headline comparison is inconclusive and
    /// <see cref="Budget"/> lasts (<see cref="Runs.AutoTrials"/>). Off with --start-at, whose clients must run one plan.</summary>
    public bool AutoTrials { get; init; }

    /// <summary>--budget: the longest the run's scenarios may take with the trials --trials auto adds; null: the estimate
    /// printed up front.</summary>
    public TimeSpan? Budget { get; init; }

    /// <summary>--trial-seed: draws each trial's order (recorded in the manifest, so a run's orders can be replayed).</summary>
    public int TrialSeed { get; init; }

    /// <summary>--fresh-hosts: each spawned host is restarted before each of its trials, so process-level variation
    /// (JIT, heap layout) is in the sample too.</summary>
    public bool FreshHosts { get; init; }
    /// <summary>--kill: the restart scenario stops each host with SIGKILL instead of SIGTERM (a crash, not a graceful stop).</summary>
    public bool KillHost { get; init; }

    /// <summary>--start-at: the first measurement begins at this time and every later one in a slot computed from the plan
    /// (<see cref="WindowSchedule"/>), so several clients' windows line up; null starts at once.</summary>
    public DateTimeOffset? StartAt { get; init; }

    /// <summary>--steps: the overload ramp's steps in percent of each stack's probed capacity; null: the default ramp.</summary>
    public IReadOnlyList<int>? OverloadSteps { get; init; }

    /// <summary>--rate: the open loop's requests per second for every variant (applied by <see cref="RunPlan"/>); null: the closed loop.</summary>
    public double? Rate { get; init; }

    /// <summary>False with --no-target-counters: a --target host on this machine is not read over EventPipe (a host's
    /// metrics go to one EventPipe session at a time; a second client reading them waits out a timeout per window).</summary>
    public bool WatchLocalTargets { get; init; } = true;

    /// <summary>The scaling check after each entry's last window (<see cref="ScalingProbe"/>); the command line's default is
    /// on (--no-scaling-check turns it off), settings built in code leave it off.</summary>
    public bool ScalingCheck { get; init; }

    /// <summary>--client-processes: this many load client processes measure together, their results merged (<see cref="ClientProcessRun"/>).</summary>
    public int ClientProcesses { get; init; } = 1;
    public required DatasetSpec Dataset { get; init; }
    public string? Connection { get; init; }
    public string? PgData { get; init; }

    /// <summary>Stack -> address of a server that is already running; those stacks are not spawned.</summary>
    public required IReadOnlyDictionary<string, string> Targets { get; init; }

    public required string OutputFolder { get; init; }
    public required TimeSpan RequestTimeout { get; init; }
    public required TimeSpan StartTimeout { get; init; }
    public required int DbPoolSize { get; init; }
    public bool RestHttp2 { get; init; }

    /// <summary>--connections: how many HTTP/2 connections the gRPC client spreads its calls over.</summary>
    public int Connections { get; init; } = 1;

    /// <summary>--connection-mode new-per-call: every call on a connection of its own (the churn variant); false: reuse.</summary>
    public bool NewConnectionPerCall { get; init; }

    /// <summary>A pg_sleep the spawned hosts add before every GetLinks query (the tests slow the database with it).</summary>
    public TimeSpan QueryDelay { get; init; }
    public bool WriteReport { get; init; } = true;

    /// <summary>The --cpus text; <see cref="Placement"/> is what it resolved to on this machine.</summary>
    public string Cpus { get; init; } = CpuPlacement.None;

    /// <summary>Where the client and the hosts run, resolved before anything starts; the client pins itself only once the
    /// database is open, so a PostgreSQL it starts does not inherit the client's CPUs.</summary>
    public CpuPlacement Placement { get; init; } = new(null, null, "not pinned");

    /// <summary>The link between the client and every host (--network); loopback emulates nothing.</summary>
    public NetworkProfile Network { get; init; } = NetworkProfile.Loopback;

    /// <summary>--security and its certificate options, as asked for.</summary>
    public RunSecurity Security { get; init; } = RunSecurity.None;

    /// <summary>With --security tls, the run's certificate, made or read once the run starts (<see cref="RunCoordinator"/>);
    /// null with security off.</summary>
    public RunTls? Tls { get; init; }

    /// <summary>--calibration-delay: a replica entry slowed on purpose, to measure the verdict's power; null in a measurement.</summary>
    public CalibrationDelay? Calibration { get; init; }

    /// <summary>What the kernel offered for shaping, asked at the start of a run with an emulated network.</summary>
    public KernelShaping? KernelShaping { get; init; }

    /// <summary>How the run's processes are grouped for Linux's scheduler (SchedulingGroup), for the manifest's notes.</summary>
    public string? Scheduling { get; init; }

    /// <summary>The command line's options as given or defaulted, passwords masked (for the manifest).</summary>
    public required IReadOnlyDictionary<string, string> OptionsForManifest { get; init; }

    public string LoadModel => Rate is null ? ResultsFormat.LoadModel.Closed : ResultsFormat.LoadModel.Open;

    public bool IsRemote(string stack) => Targets.ContainsKey(stack);

    /// <summary>How a spawned host of this run is started: its pool, the writes the scenario needs, its CPUs and its log.</summary>
    public HostLaunch ToHostLaunch(bool allowWrites, string logPath) => new()
    {
        AllowWrites = allowWrites,
        DbPoolSize = DbPoolSize,
        QueryDelay = QueryDelay,
        RestHttp2 = RestHttp2,
        CertificatePath = Tls?.CertificatePath,
        CertificateKeyPath = Tls?.KeyPath,
        StartTimeout = StartTimeout,
        Cpus = Placement.Hosts,
        LogPath = logPath,
    };

    /// <summary>The scenario a name stands for in this run: the mix when one was given.</summary>
    public Scenario ScenarioFor(string name) => Mix is { } mix && name == MixScenario.ScenarioName
        ? new MixScenario(mix)
        : name == OverloadScenario.ScenarioName ? new OverloadScenario(OverloadSteps)
        : ScenarioCatalog.Create(name);
}

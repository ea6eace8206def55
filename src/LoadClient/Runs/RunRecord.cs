using System.Reflection;
using System.Runtime.InteropServices;
using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;
using ResultsDataset = RpcCompare.Reports.Results.DatasetInfo;

namespace RpcCompare.LoadClient.Runs;

/// <summary>What the manifest says about a run, kept up to date while it goes and written after every change.</summary>
public sealed class RunRecord(RunSettings settings, string scenario, GraphGenerator generator)
{
    private readonly List<HostInfo> _hosts = [];
    private readonly List<string> _notes =
    [
        "Stacks run one at a time, never in parallel." + (settings.Trials > 1
            ? $" Each of {(RunPlan.MayAddTrials(settings) && scenario != OverloadScenario.ScenarioName ? $"at least {settings.Trials} trials (--trials auto: when a headline comparison is inconclusive after them, trials are added while the budget lasts and the verdict reads them once more, each of its two looks at 97.5%; trials.stoppedBecause says why it stopped)" : $"the {settings.Trials} trials")} measures every stack and variant once, in an order drawn from trial seed {settings.TrialSeed}; " +
                (settings.FreshHosts
                    ? "each host is restarted before each of its trials (--fresh-hosts)."
                    : "the hosts stay up across trials, idle while another stack is measured.")
            : "") + (settings.Targets.Count < settings.Stacks.Count
            ? " Before each measurement every host this run started closed its idle PostgreSQL connections (SIGUSR1), so the " +
                "measurement's warm-up opened new ones: each set of PostgreSQL backends is a sample of its own (a set kept for a " +
                "whole run made two hosts of one stack differ steadily; docs/reports.md, \"Calibration\")."
            : ""),
        "gRPC runs on Grpc.AspNetCore and Grpc.Net.Client, GraphQL on GraphQL.NET (HotChocolate is not in this machine's " +
            "NuGet feed), and the WCF client is Microsoft's System.ServiceModel.NetTcp; the WCF server is this project's NetTcp " +
            "host (src/Protocols/NetTcp), not CoreWCF, which is not in the feed either. Each host's configuration names its " +
            "implementation and the client library that called it.",
        "Bytes per request are counted on the client's own connections to the host (TCP payload: protocol framing included, " +
            "TCP/IP headers excluded), over the warm-up and the measured window; the first call goes over a connection of its own " +
            "(firstCallMs holds its connect, and with TLS its handshake) whose bytes are not counted. The hosts' " +
            "System.Net.Sockets counters in counters-*.csv also hold their PostgreSQL traffic." + (settings.Security.IsTls
                ? " With TLS they are the encrypted bytes: TLS records (headers and tags), and the handshakes of the " +
                    "connections opened while the variant ran (not of those opened before it, by the health check)."
                : "") + (settings.NewConnectionPerCall
                ? " Every call opened a connection of its own (--connection-mode new-per-call), so each call's bytes include its " +
                    "connection's set-up: with TLS the handshake, which the WCF NetTcp client's count leaves out (its SSL stream is out of reach)."
                : ""),
        .. ReplicaNotes(settings),
        .. CpuIdle.Describe() is { } idle ? [idle] : Array.Empty<string>(),
        .. settings.Scheduling is { } scheduling ? [scheduling] : Array.Empty<string>(),
    ];

    public DateTimeOffset StartedUtc { get; } = DateTimeOffset.UtcNow;

    /// <summary>This run's own identity: each client of --client-processes is a run of its own, with an id of its own.</summary>
    public string RunId { get; } = Guid.NewGuid().ToString("D");

    /// <summary>The resolved run: its trials and their orders go into the manifest.</summary>
    public RunPlan? Plan { get; init; }

    /// <summary>The trials measured to their end so far.</summary>
    public int TrialsRun { get; set; }

    /// <summary>With --trials auto, why no more trials were added; null while running and for a fixed count.</summary>
    public string? TrialsStoppedBecause { get; set; }

    /// <summary>The planned trials, or more when --trials auto added some.</summary>
    private int TrialCount => Math.Max(TrialsRun, Plan?.Trials ?? 0);

    public string Status { get; set; } = ResultsFormat.RunStatus.Running;

    public string? StatusReason { get; set; }

    public DateTimeOffset? FinishedUtc { get; set; }

    /// <summary>The overload ramp's probes and step rates so far; null for every other scenario.</summary>
    public OverloadInfo? Overload { get; set; }

    public void AddHost(HostInfo host) => _hosts.Add(host);

    public void AddNote(string note) => _notes.Add(note);

    public RunManifest ToManifest() => new()
    {
        FormatVersion = ResultsFormat.Version,
        RunId = RunId,
        Tool = new ToolInfo
        {
            Name = "RpcCompare",
            Version = typeof(RunRecord).Assembly.GetName().Version?.ToString(3) ?? "0.0.0",
            GitCommit = typeof(RunRecord).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
                .FirstOrDefault(a => a.Key == "GitCommit")?.Value is { Length: > 0 } commit ? commit : null,
        },
        StartedUtc = StartedUtc,
        FinishedUtc = FinishedUtc,
        Status = Status,
        StatusReason = StatusReason,
        Scenario = scenario,
        // The overload ramp's measured steps are open loop whatever --rate says (its probe is not an entry).
        LoadModel = Plan?.Scenario.Ramps == true ? ResultsFormat.LoadModel.Open : settings.LoadModel,
        TargetRateRps = settings.Rate,
        Machine = Machine.Value,
        Dataset = new ResultsDataset
        {
            Preset = generator.Spec.Preset,
            Fingerprint = generator.Spec.Fingerprint,
            Nodes = generator.Spec.Nodes,
            Links = generator.LinkCount,
            Records = generator.Spec.Records,
            MaxDegree = generator.DegreeOf(generator.HubIds[0]),
        },
        Options = OptionsOf(settings),
        Trials = Plan is null ? null : new TrialsInfo
        {
            Count = TrialCount,
            Seed = settings.TrialSeed,
            FreshHosts = settings.FreshHosts,
            Orders = [.. Plan.Orders.Take(TrialCount).Select(order => (IReadOnlyList<string>)[.. order.Select(e => e.Key)])],
            Auto = Plan.AddsTrials,
            StoppedBecause = TrialsStoppedBecause,
        },
        CpuPlacement = new CpuPlacementInfo
        {
            Client = settings.Placement.Client is { } client ? CpuList.Format(client) : "all",
            Hosts = settings.Placement.Hosts is { } hosts ? CpuList.Format(hosts) : "all",
            PostgreSql = "all",
            Description = settings.Placement.Describe(),
        },
        Network = new NetworkInfo
        {
            Profile = settings.Network.Name,
            OneWayDelayMs = settings.Network.OneWayDelay.TotalMilliseconds,
            DownMbitPerSecond = Mbit(settings.Network.DownBitsPerSecond),
            UpMbitPerSecond = Mbit(settings.Network.UpBitsPerSecond),
            Mechanism = settings.Network.IsLoopback && settings.Calibration is null ? ResultsFormat.NetworkMechanism.None : ResultsFormat.NetworkMechanism.Relay,
            KernelShaping = settings.KernelShaping?.Summary,
            Description = NetworkDescription(settings),
        },
        Security = settings.Tls?.ToInfo() ?? SecurityInfo.None,
        StackOrder = settings.Stacks,
        Hosts = [.. _hosts],
        Notes = [.. _notes],
        Overload = Overload,
    };

    /// <summary>The command line's options, and what the reports name in every title even when the run was not started
    /// from a command line: the calibration's injected delay and a connection mode other than reuse.</summary>
    private static Dictionary<string, string> OptionsOf(RunSettings settings)
    {
        var options = new Dictionary<string, string>(settings.OptionsForManifest, StringComparer.Ordinal);
        if (settings.Calibration is { } calibration)
        {
            options.TryAdd(CalibrationDelay.OptionKey, $"{StackReplica.CommandLineName(calibration.Stack)}={CalibrationDelay.Milliseconds(calibration.Delay)}ms");
        }
        if (settings.NewConnectionPerCall)
        {
            options[ResultsFormat.ConnectionMode.OptionKey] = ResultsFormat.ConnectionMode.NewPerCall;
        }
        return options;
    }

    /// <summary>What a replica entry is, and the injected effect of a calibration, so neither is read as a measurement.</summary>
    private static IEnumerable<string> ReplicaNotes(RunSettings settings)
    {
        foreach (var replica in settings.Stacks.Where(StackReplica.IsReplica))
        {
            var stack = StackReplica.BaseOf(replica);
            yield return $"{StackCatalog.DisplayName(replica)} ({replica}) is a second {StackCatalog.DisplayName(stack)} host, measured as an entry " +
                $"of its own beside {StackCatalog.DisplayName(stack)} (an A/A comparison): a difference between the two is the measurement's own noise.";
        }
        if (settings.Calibration is { } calibration)
        {
            yield return $"This run calibrates the verdict and is not a measurement ({calibration.Describe()}): an effect injected on " +
                "purpose, its relay holding every client-to-host segment that long. Every host is reached through a relay of its own, " +
                "so the entries differ by the delay alone.";
        }
    }

    private static double? Mbit(long bitsPerSecond) => bitsPerSecond == 0 ? null : bitsPerSecond / 1e6;

    /// <summary>The network in one sentence, for the console and the manifest: the profile, its figures and how it was emulated.</summary>
    public static string NetworkDescription(RunSettings settings) => settings switch
    {
        { Network.IsLoopback: true, Calibration: null } => "loopback: the client talks to each host directly on this machine",
        { Network.IsLoopback: true, Calibration: { } calibration } =>
            $"loopback, through a relay process in front of each host that adds nothing but the {calibration.Describe()}",
        _ => $"{settings.Network.Name} ({settings.Network.Describe()}), emulated by a relay process in front of each host" +
            (settings.KernelShaping is { } kernel ? $" ({kernel.Summary}; the kernel's own shaping is not used yet)" : "") +
            (settings.Calibration is { } extra ? $"; {extra.Describe()}" : ""),
    };

    private static readonly Lazy<MachineInfo> Machine = new(() => new MachineInfo
    {
        Os = RuntimeInformation.OSDescription,
        Dotnet = RuntimeInformation.FrameworkDescription,
        CpuCount = Environment.ProcessorCount,
        CpuModel = ReadCpuModel(),
        MemoryGb = Math.Round(GC.GetGCMemoryInfo().TotalAvailableMemoryBytes / 1e9, 1),
    });

    private static string? ReadCpuModel()
    {
        try
        {
            return File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))
                ?.Split(':', 2)[1].Trim();
        }
        catch (IOException)
        {
            return null;
        }
    }
}

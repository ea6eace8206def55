using System.Reflection;
using System.Runtime.InteropServices;
using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Placement;
using RpcCompare.Reports.Results;
using ResultsDataset = RpcCompare.Reports.Results.DatasetInfo;

namespace RpcCompare.LoadClient.Runs;

/// <summary>What the manifest says about a run, kept up to date while it goes and written after every change.</summary>
public sealed class RunRecord(RunSettings settings, string scenario, GraphGenerator generator)
{
    private readonly List<HostInfo> _hosts = [];
    private readonly List<string> _notes =
    [
        "Stacks run one at a time, never in parallel." + (settings.Trials > 1
            ? $" Each of the {settings.Trials} trials measures every stack and variant once, in an order drawn from trial seed {settings.TrialSeed}; " +
                (settings.FreshHosts
                    ? "each host is restarted before each of its trials (--fresh-hosts)."
                    : "the hosts stay up across trials, idle while another stack is measured.")
            : ""),
        "gRPC runs on Grpc.AspNetCore and Grpc.Net.Client, GraphQL on GraphQL.NET (HotChocolate is not in this machine's " +
            "NuGet feed), and the WCF client is Microsoft's System.ServiceModel.NetTcp; the WCF server is this project's NetTcp " +
            "host (src/Protocols/NetTcp), not CoreWCF, which is not in the feed either. Each host's configuration names its " +
            "implementation and the client library that called it.",
        "Bytes per request are counted on the client's own connections to the host (TCP payload: protocol framing included, " +
            "TCP/IP headers excluded), over every call of the variant (first call, warm-up and measured window). The hosts' " +
            "System.Net.Sockets counters in counters-*.csv also hold their PostgreSQL traffic.",
    ];

    public DateTimeOffset StartedUtc { get; } = DateTimeOffset.UtcNow;

    /// <summary>This run's own identity: each client of --client-processes is a run of its own, with an id of its own.</summary>
    public string RunId { get; } = Guid.NewGuid().ToString("D");

    /// <summary>The resolved run: its trials and their orders go into the manifest.</summary>
    public RunPlan? Plan { get; init; }

    public string Status { get; set; } = ResultsFormat.RunStatus.Running;

    public string? StatusReason { get; set; }

    public DateTimeOffset? FinishedUtc { get; set; }

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
        LoadModel = settings.LoadModel,
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
        Options = settings.OptionsForManifest,
        Trials = Plan is null ? null : new TrialsInfo
        {
            Count = Plan.Trials,
            Seed = settings.TrialSeed,
            FreshHosts = settings.FreshHosts,
            Orders = [.. Plan.Orders.Select(order => (IReadOnlyList<string>)[.. order.Select(e => e.Key)])],
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
            Mechanism = settings.Network.IsLoopback ? ResultsFormat.NetworkMechanism.None : ResultsFormat.NetworkMechanism.Relay,
            KernelShaping = settings.KernelShaping?.Summary,
            Description = NetworkDescription(settings),
        },
        StackOrder = settings.Stacks,
        Hosts = [.. _hosts],
        Notes = [.. _notes],
    };

    private static double? Mbit(long bitsPerSecond) => bitsPerSecond == 0 ? null : bitsPerSecond / 1e6;

    /// <summary>The network in one sentence, for the console and the manifest: the profile, its figures and how it was emulated.</summary>
    public static string NetworkDescription(RunSettings settings) => settings.Network.IsLoopback
        ? "loopback: the client talks to each host directly on this machine"
        : $"{settings.Network.Name} ({settings.Network.Describe()}), emulated by a relay process in front of each host" +
          (settings.KernelShaping is { } kernel ? $" ({kernel.Summary}; the kernel's own shaping is not used yet)" : "");

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

using System.CommandLine;
using System.Globalization;
using RpcCompare.LoadClient.Database;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>
/// The main job's options (on the root command), each declared with its validators, the checks that take several of
/// them (<see cref="AddTo"/>), and the one binding from a parse to <see cref="RunSettings"/> (<see cref="Bind"/>).
/// </summary>
public sealed class RunOptions
{
    public const int MaxThreads = 10_000;
    public const long MaxRequests = 1_000_000_000;
    public const double MaxRate = 1_000_000;
    public const int MaxTrials = 100;
    public const int MaxConnections = 1_000;
    private static readonly TimeSpan MaxDuration = TimeSpan.FromHours(24);

    public Option<string> Scenario { get; } = ScenarioOption();

    public Option<string?> Mix { get; } = new("--mix")
    {
        Description = RequestMix.Help,
        HelpName = "scenario=weight,...",
    };

    public Option<string> Stacks { get; } = new("--stacks")
    {
        Description = $"Comma-separated stacks to measure, from {string.Join(", ", StackCatalog.Ids)} (in this order with --trials 1; " +
            "otherwise each trial draws its own order). The default is the study's four; the others run when named. A replica " +
            "entry, e.g. grpc#2 beside grpc, is a second host of the stack measured as an entry of its own (an A/A comparison), " +
            "shown everywhere as \"gRPC (replica 2)\" and named grpc.replica2 in results.",
        DefaultValueFactory = _ => string.Join(',', StackCatalog.DefaultIds),
        HelpName = "stack,...",
    };

    public Option<int?> Threads { get; } = InRange(new Option<int?>("--threads", "-t")
    {
        Description = $"Concurrent workers (default: the scenario's, {Scenarios.Scenario.DefaultThreads} as in the study; 1 for ping's sequential run, write, n-plus-one and payload-sweep; {Scenarios.RestartScenario.DefaultCallers} callers for restart).",
        HelpName = "N",
    }.WithNumberParser(), 1, MaxThreads);

    public Option<long?> Requests { get; } = InRange(new Option<long?>("--requests", "-n")
    {
        Description = "Requests (units of work) started in the measured window per stack and variant (default: the scenario's); calls still in flight from the warm-up are measured too.",
        HelpName = "N",
    }.WithNumberParser(), 1, MaxRequests);

    public Option<string?> Duration { get; } = DurationOption("--duration",
        "Measure for this long per stack and variant instead of a number of requests (e.g. 30s, 5m).", null, allowZero: false);

    public Option<string?> Warmup { get; } = DurationOption("--warmup",
        "The longest warm-up before each measured window (its requests are not counted): a closed loop's ends earlier, from 3 s on, once its latency stops changing; a shorter cap lets the first stack measured pay for the JIT.",
        "10s", allowZero: true);

    public Option<double?> Rate { get; } = RateOption();

    public Option<string?> Steps { get; } = new("--steps")
    {
        Description = $"Overload only: the ramp's steps in percent of each stack's capacity, as a closed-loop probe at --threads measures it " +
            $"(default {string.Join(",", OverloadScenario.DefaultSteps)}); each step is an entry measured in the open loop.",
        HelpName = "percent,...",
    };

    public Option<TrialCount> Trials { get; } = TrialsOption.Create();

    public Option<string?> Budget { get; } = DurationOption("--budget",
        "With --trials auto, the longest the run may take with the trials it adds (e.g. 20m); default: the most the estimate " +
        "printed up front says. A trial that would not end within it is not started.", null, allowZero: false);

    // Not --seed: that is the dataset generator's (DatasetOptions).
    public Option<int?> TrialSeed { get; } = new Option<int?>("--trial-seed")
    {
        Description = "Seed of the trials' orders (default: drawn at random and recorded in the manifest; give it to replay the orders).",
        HelpName = "N",
    }.WithNumberParser();

    public Option<bool> FreshHosts { get; } = new("--fresh-hosts")
    {
        Description = "Restart each host before each of its trials (as BenchmarkDotNet's launches), so process-level variation " +
            "(JIT, heap layout) is in the sample too; each trial then gets the whole warm-up.",
    };

    public Option<string?> StartAt { get; } = StartAtOption.Create();

    public DatasetOptions Dataset { get; } = new();

    public SecurityOptions Security { get; } = new();

    public Option<string[]> Targets { get; } = new("--target")
    {
        Description = "Use a server already running, e.g. grpc=http://10.0.0.5:7001, wcf=net.tcp://10.0.0.5:7002/graph, " +
            "rest=http://10.0.0.5:7003, graphql=http://10.0.0.5:7004 (https:// with --security tls). Repeat for each stack; " +
            "nothing is spawned for them; without --stacks the run measures the stacks given here. " +
            "When every stack is a --target the client only generates load and runs its socket completions inline " +
            "(DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1 unless set; recorded in the manifest).",
        HelpName = "stack=url",
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string?> Output { get; } = new("--out", "-o")
    {
        Description = "Results folder (default: results/<UTC timestamp>-<scenario>). It must not hold results already.",
        HelpName = "folder",
    };

    public Option<string?> RequestTimeout { get; } = DurationOption("--request-timeout",
        "A request that takes longer fails as a timeout.", $"{HostDefaults.RequestTimeout.TotalSeconds:0}s", allowZero: false);

    public Option<string?> StartTimeout { get; } = DurationOption("--start-timeout",
        "How long a host may take to start and report healthy.", $"{HostDefaults.StartTimeout.TotalSeconds:0}s", allowZero: false);

    public Option<int> DbPoolSize { get; } = InRange(new Option<int>("--db-pool-size")
    {
        Description = "Maximum PostgreSQL connections of each host (Npgsql pool).",
        DefaultValueFactory = _ => HostDefaults.DbPoolSize,
        HelpName = "N",
    }.WithNumberParser(), 1, 10_000);

    public Option<int> Connections { get; } = InRange(new Option<int>("--connections")
    {
        Description = "HTTP/2 connections each gRPC client (contract-first and code-first) spreads its calls over (one GrpcChannel each, calls assigned in turn); " +
            "1 is one channel, as an application has, which opens a further connection only when 100 streams are busy; " +
            "grpc-dotnet's guidance for high load is several. The HTTP/1.1 clients (gRPC-Web's too) and WCF's always hold one connection per concurrent caller.",
        DefaultValueFactory = _ => 1,
        HelpName = "N",
    }.WithNumberParser(), 1, MaxConnections);

    public Option<string?> ConnectionMode { get; } = ConnectionModeOption.Create();

    public Option<int> ClientProcesses { get; } = InRange(new Option<int>("--client-processes")
    {
        Description = "Run this many load client processes together against one set of hosts, each on CPUs of its own (its part of " +
            "--cpus' client set), on one schedule (needs --duration), and merge their results exactly into --out (each " +
            "client's folder is kept beside it, in <out>.clients). For hosts one process cannot saturate.",
        DefaultValueFactory = _ => 1,
        HelpName = "N",
    }.WithNumberParser(), 1, 64);

    public Option<bool> NoTargetCounters { get; } = new("--no-target-counters")
    {
        Description = "Do not read the counters and timings of a --target host that runs on this machine (a host's metrics go to " +
            "one EventPipe session at a time: when several clients measure one host, one of them reads them).",
    };

    public Option<bool> NoScalingCheck { get; } = new("--no-scaling-check")
    {
        Description = "Skip the check after each entry's last measured window (2 s or longer, several callers, host read over " +
            "EventPipe): 2 s at twice the callers; when that adds no throughput while the host's own time per request stays flat " +
            "and its CPUs are not busy, the entry is client-bound although the client's CPUs were not busy.",
    };

    public Option<string?> CalibrationDelay { get; } = new(CalibrationDelayOption.Name)
    {
        Description = "Calibration only: slow a replica entry (grpc#2 in --stacks) by this much on each call, e.g. grpc#2=0.2ms, to measure " +
            "whether the verdict finds an effect of that size; every host is then reached through a relay of its own, and the " +
            "manifest, the console and every report title name the injected delay. A stack itself can never be slowed (see `calibrate`).",
        HelpName = "replica=duration",
    };

    public Option<bool> Kill { get; } = new("--kill")
    {
        Description = "--scenario restart: stop each host with SIGKILL (a crash) instead of SIGTERM (a graceful stop).",
    };

    public Option<bool> RestHttp2 { get; } = new("--rest-http2") { Description = "Speak HTTP/2 cleartext to the REST host instead of HTTP/1.1." };

    public Option<bool> NoReport { get; } = new("--no-report") { Description = "Do not write report.html and summary.md at the end." };

    /// <summary>Read by the report from the manifest's options, not by the run.</summary>
    public Option<double?> Margin { get; } = ReportCommands.MarginOption("5");

    public Option<string> Network { get; } = NetworkOption.Create();

    public Option<string> Cpus { get; } = CpusOption();

    /// <summary>Adds every option in --help's order, then the checks that take several options.</summary>
    public void AddTo(RootCommand root)
    {
        foreach (var option in new Option[] { Scenario, Mix, Stacks, Threads, Requests, Duration, Warmup, Trials, Budget, TrialSeed, FreshHosts, StartAt, Rate, Steps, Targets, Output,
                     RequestTimeout, StartTimeout, DbPoolSize, Connections, ConnectionMode, ClientProcesses, NoTargetCounters, NoScalingCheck, Kill, RestHttp2, NoReport, Margin, Cpus, Network, CalibrationDelay })
        {
            root.Options.Add(option);
        }
        foreach (var option in Security.All)
        {
            root.Options.Add(option);
        }
        Dataset.AddTo(root);
        root.Validators.Add(result =>
        {
            if ((result.GetResult(Scenario) is null) == (result.GetResult(Mix) is null))
            {
                result.AddError("Give --scenario NAME or --mix scenario=weight,... (one of the two).");
            }
            if (result.GetResult(Requests) is not null && result.GetResult(Duration) is not null)
            {
                result.AddError("--requests and --duration are alternatives: give one or the other.");
            }
            if (result.GetResult(StartAt) is not null && result.GetResult(Duration) is null)
            {
                result.AddError("--start-at needs --duration: windows of a number of requests end at different times on each client, so only the first would line up.");
            }
            if (result.GetResult(StartAt) is not null && result.GetValue(Scenario) == "all")
            {
                result.AddError("--start-at measures one scenario (or one mix); run each scenario with a --start-at of its own.");
            }
            if (result.GetResult(Budget) is not null && result.GetResult(Trials) is { } given && !given.Errors.Any()
                && TrialsOption.BudgetRefusal(given.GetValueOrDefault<TrialCount>()!, result.GetValue(Budget)) is { } refusal)
            {
                result.AddError(refusal);
            }
        });
    }

    /// <summary>The run a parse asks for: every option read once, the stacks and targets checked against each other.</summary>
    /// <exception cref="UserFacingException">Options that parse but cannot go together, named.</exception>
    public RunSettings Bind(ParseResult result)
    {
        var requestMix = result.GetValue(Mix) is { } mixText ? RequestMix.Parse(mixText) : null;
        var scenarioName = requestMix is null ? result.GetValue(Scenario)! : MixScenario.ScenarioName;
        var stackList = StackList.Parse(result.GetValue(Stacks)!, allowReplicas: true);
        var targetMap = StackList.ParseTargets(result.GetValue(Targets) ?? []);
        if (stackList.FirstOrDefault(s => StackReplica.IsReplica(s) && targetMap.ContainsKey(StackReplica.BaseOf(s))) is { } remoteReplica)
        {
            throw new UserFacingException(
                $"--stacks names {StackReplica.CommandLineName(remoteReplica)}, a second host this run starts, but {StackReplica.BaseOf(remoteReplica)} is a --target it does not start; leave the replica out.");
        }
        var calibration = result.GetValue(CalibrationDelay) is { } calibrationText ? CalibrationDelayOption.Parse(calibrationText, stackList) : null;
        if (calibration is not null && targetMap.Count > 0)
        {
            throw new UserFacingException($"{CalibrationDelayOption.Name} puts a relay in front of every host the run starts, so it cannot be combined with --target.");
        }
        if (targetMap.Count > 0)
        {
            var missing = stackList.Where(s => !targetMap.ContainsKey(s)).ToList();
            if (result.GetResult(Stacks) is null or { Implicit: true })
            {
                // Without --stacks the targets say what to measure: `--target wcf-http=...` alone measures wcf-http.
                stackList = [.. StackCatalog.Ids.Where(targetMap.ContainsKey)];
            }
            else if (missing.Count > 0)
            {
                throw new UserFacingException(
                    $"--target is given for some stacks but not for {string.Join(", ", missing)}; give one for each, or leave them out of --stacks.");
            }
        }
        if (ScenarioCatalog.OwnsHost(scenarioName) && targetMap.Count > 0)
        {
            throw new UserFacingException($"--scenario {scenarioName} stops and starts the host itself, so it cannot run against a --target; leave --target out.");
        }
        var security = Security.Bind(result, stackList, targetMap);
        var newConnectionPerCall = ConnectionModeOption.NewPerCall(result.GetValue(ConnectionMode));
        if (ConnectionModeOption.Refusal(newConnectionPerCall, result.GetValue(Connections)) is { } connectionRefusal)
        {
            throw new UserFacingException(connectionRefusal);
        }
        var spec = Dataset.ToSpec(result);
        var start = StartAtOption.Parse(result.GetValue(StartAt));
        var settings = new RunSettings
        {
            Scenario = scenarioName,
            Mix = requestMix,
            Stacks = stackList,
            Threads = result.GetValue(Threads),
            Requests = result.GetValue(Requests),
            Duration = ParsedDuration(result.GetValue(Duration)),
            Warmup = ParsedDuration(result.GetValue(Warmup)) ?? TimeSpan.Zero,
            Trials = result.GetValue(Trials)!.Auto && scenarioName == OverloadScenario.ScenarioName ? OverloadScenario.AutoTrials : result.GetValue(Trials)!.Trials,
            AutoTrials = result.GetValue(Trials)!.Auto,
            Budget = ParsedDuration(result.GetValue(Budget)),
            StartAt = start,
            TrialSeed = result.GetValue(TrialSeed) ?? (start is { } at ? WindowSchedule.SeedFor(at) : Random.Shared.Next()),
            FreshHosts = result.GetValue(FreshHosts),
            Rate = result.GetValue(Rate),
            OverloadSteps = result.GetValue(Steps) is { } steps ? OverloadScenario.ParseSteps(steps) : null,
            Dataset = spec,
            Connection = result.GetValue(Dataset.Connection),
            PgData = result.GetValue(Dataset.PgData),
            Targets = targetMap,
            OutputFolder = result.GetValue(Output)
                ?? Path.Combine("results", $"{DateTime.UtcNow:yyyyMMdd'T'HHmmss'Z'}-{scenarioName}"),
            RequestTimeout = ParsedDuration(result.GetValue(RequestTimeout))!.Value,
            StartTimeout = ParsedDuration(result.GetValue(StartTimeout))!.Value,
            DbPoolSize = result.GetValue(DbPoolSize),
            Connections = result.GetValue(Connections),
            NewConnectionPerCall = newConnectionPerCall,
            ClientProcesses = result.GetValue(ClientProcesses),
            WatchLocalTargets = !result.GetValue(NoTargetCounters),
            ScalingCheck = !result.GetValue(NoScalingCheck),
            KillHost = result.GetValue(Kill),
            RestHttp2 = result.GetValue(RestHttp2),
            WriteReport = !result.GetValue(NoReport),
            Cpus = result.GetValue(Cpus)!,
            Network = NetworkOption.Parse(result.GetValue(Network)!),
            Security = security,
            Calibration = calibration,
            OptionsForManifest = OptionsForManifest(result),
        };
        return (ClientProcessRun.Refusal(settings) ?? OverloadStep.Refusal(settings)) is { } refusal ? throw new UserFacingException(refusal) : settings;
    }

    /// <summary>Every option of the run as given or defaulted, the connection string's password masked.</summary>
    internal static Dictionary<string, string> OptionsForManifest(ParseResult result)
    {
        var options = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var option in result.CommandResult.Command.Options)
        {
            if (option.Name is "--help" or "-h" || result.GetResult(option) is not { } optionResult)
            {
                continue;
            }
            var value = optionResult.GetValueOrDefault<object?>();
            var text = value switch
            {
                null => "",
                string[] items => string.Join(" ", items),
                IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
                _ => value.ToString() ?? "",
            };
            options[option.Name.TrimStart('-')] = option.Name == "--connection" ? DatabaseSession.Mask(text) : text;
        }
        return options;
    }

    private static Option<string> ScenarioOption()
    {
        var scenario = new Option<string>("--scenario", "-s")
        {
            Description = $"What to replay: {string.Join(", ", ScenarioCatalog.Names.Concat(ScenarioCatalog.Drills))}, or all (or give --mix instead).",
            HelpName = "name",
        };
        scenario.AcceptOnlyFromAmong([.. ScenarioCatalog.Names, .. ScenarioCatalog.Drills, "all"]);
        return scenario;
    }

    private static Option<double?> RateOption()
    {
        var rate = new Option<double?>("--rate")
        {
            Description = "Open loop: this many requests per second; a request held back by busy senders counts from its scheduled time. Default: closed loop.",
            HelpName = "R",
        }.WithNumberParser();
        rate.Validators.Add(r =>
        {
            if (r.TryGet<double?>(out var parsed) && parsed is { } value && (!double.IsFinite(value) || value <= 0 || value > MaxRate))
            {
                r.AddError($"--rate must be a number of requests per second above 0 and at most {MaxRate:N0} (was {value}).");
            }
        });
        return rate;
    }

    private static Option<string> CpusOption()
    {
        var cpus = new Option<string>("--cpus")
        {
            Description = CpuPlacement.Help,
            DefaultValueFactory = _ => CpuPlacement.Auto,
            HelpName = "auto|none|client=LIST,hosts=LIST",
        };
        cpus.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<string>() is { } text && CpuPlacement.Validate(text) is { } error)
            {
                r.AddError($"--cpus: {error}");
            }
        });
        return cpus;
    }

    private static Option<string?> DurationOption(string name, string description, string? defaultValue, bool allowZero)
    {
        var option = new Option<string?>(name) { Description = description, HelpName = "duration" };
        if (defaultValue is not null)
        {
            option.DefaultValueFactory = _ => defaultValue;
        }
        option.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<string?>() is not { } text)
            {
                return;
            }
            if (!DurationParser.TryParse(text, out var value, out var error))
            {
                r.AddError($"{name}: {error}");
            }
            else if (value > MaxDuration)
            {
                r.AddError($"{name} must be at most 24h (was {text}).");
            }
            else if (value < TimeSpan.Zero || (!allowZero && value == TimeSpan.Zero))
            {
                r.AddError($"{name} must be {(allowZero ? "zero or more" : "more than zero")} (was {text}).");
            }
        });
        return option;
    }

    private static Option<T> InRange<T>(Option<T> option, long min, long max)
    {
        option.Validators.Add(r =>
        {
            if (!r.TryGet<T>(out var parsed))
            {
                return;
            }
            var value = parsed switch
            {
                int i => (long?)i,
                long l => l,
                _ => null,
            };
            if (value is { } v && (v < min || v > max))
            {
                r.AddError($"{option.Name} must be from {min:N0} to {max:N0} (was {v:N0}).");
            }
        });
        return option;
    }

    private static TimeSpan? ParsedDuration(string? text) =>
        text is null ? null : DurationParser.TryParse(text, out var value, out _) ? value : null;
}

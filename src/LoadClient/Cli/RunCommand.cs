using System.CommandLine;
using System.Globalization;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Database;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>The main job's options (on the root command): which scenario, which stacks, how much load, where results go.</summary>
public static class RunCommand
{
    public const int MaxThreads = 10_000;
    public const long MaxRequests = 1_000_000_000;
    public const double MaxRate = 1_000_000;
    public const int MaxTrials = 100;
    public const int MaxConnections = 1_000;
    private static readonly TimeSpan MaxDuration = TimeSpan.FromHours(24);

    public static void AddTo(RootCommand root)
    {
        var scenario = new Option<string>("--scenario", "-s")
        {
            Description = $"What to replay: {string.Join(", ", ScenarioCatalog.Names)}, or all (or give --mix instead).",
            HelpName = "name",
        };
        var mix = new Option<string?>("--mix")
        {
            Description = RequestMix.Help,
            HelpName = "scenario=weight,...",
        };
        scenario.AcceptOnlyFromAmong([.. ScenarioCatalog.Names, "all"]);
        var stacks = new Option<string>("--stacks")
        {
            Description = $"Comma-separated stacks to measure, from {string.Join(", ", StackCatalog.Ids)} (in this order with --trials 1; " +
                "otherwise each trial draws its own order). The default is the study's four; the others run when named. A replica " +
                "entry, e.g. grpc#2 beside grpc, is a second host of the stack measured as an entry of its own (an A/A comparison), " +
                "shown everywhere as \"gRPC (replica 2)\" and named grpc.replica2 in results.",
            DefaultValueFactory = _ => string.Join(',', StackCatalog.DefaultIds),
            HelpName = "stack,...",
        };
        var threads = new Option<int?>("--threads", "-t")
        {
            Description = $"Concurrent workers (default: the scenario's, {Scenario.DefaultThreads} as in the study; 1 for ping's sequential run, write, n-plus-one and payload-sweep).",
            HelpName = "N",
        }.WithNumberParser();
        var requests = new Option<long?>("--requests", "-n")
        {
            Description = "Requests (units of work) started in the measured window per stack and variant (default: the scenario's); calls still in flight from the warm-up are measured too.",
            HelpName = "N",
        }.WithNumberParser();
        var duration = DurationOption("--duration", "Measure for this long per stack and variant instead of a number of requests (e.g. 30s, 5m).", null);
        var warmup = DurationOption("--warmup", "The longest warm-up before each measured window (its requests are not counted): a closed loop's ends earlier, from 3 s on, once its latency stops changing; a shorter cap lets the first stack measured pay for the JIT.", "10s");
        var rate = new Option<double?>("--rate")
        {
            Description = "Open loop: this many requests per second; a request held back by busy senders counts from its scheduled time. Default: closed loop.",
            HelpName = "R",
        }.WithNumberParser();
        var trials = TrialsOption.Create();
        var budget = DurationOption("--budget", "With --trials auto, the longest the run may take with the trials it adds (e.g. 20m); " +
            "default: the most the estimate printed up front says. A trial that would not end within it is not started.", null);
        // Not --seed: that is the dataset generator's (DatasetOptions).
        var trialSeed = new Option<int?>("--trial-seed")
        {
            Description = "Seed of the trials' orders (default: drawn at random and recorded in the manifest; give it to replay the orders).",
            HelpName = "N",
        }.WithNumberParser();
        var freshHosts = new Option<bool>("--fresh-hosts")
        {
            Description = "Restart each host before each of its trials (as BenchmarkDotNet's launches), so process-level variation " +
                "(JIT, heap layout) is in the sample too; each trial then gets the whole warm-up.",
        };
        var startAt = StartAtOption.Create();
        var dataset = new DatasetOptions();
        var targets = new Option<string[]>("--target")
        {
            Description = "Use a server already running, e.g. grpc=http://10.0.0.5:7001, wcf=net.tcp://10.0.0.5:7002/graph, " +
                "rest=http://10.0.0.5:7003, graphql=http://10.0.0.5:7004. Repeat for each stack; nothing is spawned for them. " +
                "When every stack is a --target the client only generates load and runs its socket completions inline " +
                "(DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1 unless set; recorded in the manifest).",
            HelpName = "stack=url",
            AllowMultipleArgumentsPerToken = false,
        };
        var output = new Option<string?>("--out", "-o")
        {
            Description = "Results folder (default: results/<UTC timestamp>-<scenario>). It must not hold results already.",
            HelpName = "folder",
        };
        var requestTimeout = DurationOption("--request-timeout", "A request that takes longer fails as a timeout.", $"{HostDefaults.RequestTimeout.TotalSeconds:0}s");
        var startTimeout = DurationOption("--start-timeout", "How long a host may take to start and report healthy.", $"{HostDefaults.StartTimeout.TotalSeconds:0}s");
        var dbPool = new Option<int>("--db-pool-size")
        {
            Description = "Maximum PostgreSQL connections of each host (Npgsql pool).",
            DefaultValueFactory = _ => HostDefaults.DbPoolSize,
            HelpName = "N",
        }.WithNumberParser();
        var connections = new Option<int>("--connections")
        {
            Description = "HTTP/2 connections each gRPC client (contract-first and code-first) spreads its calls over (one GrpcChannel each, calls assigned in turn); " +
                "1 is one channel, as an application has, which opens a further connection only when 100 streams are busy; " +
                "grpc-dotnet's guidance for high load is several. The HTTP/1.1 and WCF clients always hold one connection per concurrent caller.",
            DefaultValueFactory = _ => 1,
            HelpName = "N",
        }.WithNumberParser();
        var clientProcesses = new Option<int>("--client-processes")
        {
            Description = "Run this many load client processes together against one set of hosts, each on CPUs of its own (its part of " +
                "--cpus' client set), on one schedule (needs --duration), and merge their results exactly into --out (each " +
                "client's folder is kept beside it, in <out>.clients). For hosts one process cannot saturate.",
            DefaultValueFactory = _ => 1,
            HelpName = "N",
        }.WithNumberParser();
        var noTargetCounters = new Option<bool>("--no-target-counters")
        {
            Description = "Do not read the counters and timings of a --target host that runs on this machine (a host's metrics go to " +
                "one EventPipe session at a time: when several clients measure one host, one of them reads them).",
        };
        var noScalingCheck = new Option<bool>("--no-scaling-check")
        {
            Description = "Skip the check after each entry's last measured window (2 s or longer, several callers, host read over " +
                "EventPipe): 2 s at twice the callers; when that adds no throughput while the host's own time per request stays flat " +
                "and its CPUs are not busy, the entry is client-bound although the client's CPUs were not busy.",
        };
        var calibrationDelay = new Option<string?>(CalibrationDelayOption.Name)
        {
            Description = "Calibration only: slow a replica entry (grpc#2 in --stacks) by this much on each call, e.g. grpc#2=0.2ms, to measure " +
                "whether the verdict finds an effect of that size; every host is then reached through a relay of its own, and the " +
                "manifest, the console and every report title name the injected delay. A stack itself can never be slowed (see `calibrate`).",
            HelpName = "replica=duration",
        };
        var http2 = new Option<bool>("--rest-http2") { Description = "Speak HTTP/2 cleartext to the REST host instead of HTTP/1.1." };
        var noReport = new Option<bool>("--no-report") { Description = "Do not write report.html and summary.md at the end." };
        var margin = ReportCommands.MarginOption("5");
        var network = NetworkOption.Create();
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

        foreach (var option in new Option[] { scenario, mix, stacks, threads, requests, duration, warmup, trials, budget, trialSeed, freshHosts, startAt, rate, targets, output,
                     requestTimeout, startTimeout, dbPool, connections, clientProcesses, noTargetCounters, noScalingCheck, http2, noReport, margin, cpus, network, calibrationDelay })
        {
            root.Options.Add(option);
        }
        dataset.AddTo(root);
        root.Validators.Add(result =>
        {
            if ((result.GetResult(scenario) is null) == (result.GetResult(mix) is null))
            {
                result.AddError("Give --scenario NAME or --mix scenario=weight,... (one of the two).");
            }
            if (result.GetResult(requests) is not null && result.GetResult(duration) is not null)
            {
                result.AddError("--requests and --duration are alternatives: give one or the other.");
            }
            if (result.GetResult(startAt) is not null && result.GetResult(duration) is null)
            {
                result.AddError("--start-at needs --duration: windows of a number of requests end at different times on each client, so only the first would line up.");
            }
            if (result.GetResult(startAt) is not null && result.GetValue(scenario) == "all")
            {
                result.AddError("--start-at measures one scenario (or one mix); run each scenario with a --start-at of its own.");
            }
            if (result.GetResult(budget) is not null && result.GetResult(trials) is { } given && !given.Errors.Any()
                && TrialsOption.BudgetRefusal(given.GetValueOrDefault<TrialCount>()!, result.GetValue(budget)) is { } refusal)
            {
                result.AddError(refusal);
            }
        });
        Range(threads, 1, MaxThreads, "--threads");
        Range(requests, 1, MaxRequests, "--requests");
        Range(dbPool, 1, 10_000, "--db-pool-size");
        Range(connections, 1, MaxConnections, "--connections");
        Range(clientProcesses, 1, 64, "--client-processes");
        rate.Validators.Add(r =>
        {
            if (r.TryGet<double?>(out var parsed) && parsed is { } value && (!double.IsFinite(value) || value <= 0 || value > MaxRate))
            {
                r.AddError($"--rate must be a number of requests per second above 0 and at most {MaxRate:N0} (was {value}).");
            }
        });
        Positive(duration, "--duration", allowZero: false);
        Positive(budget, "--budget", allowZero: false);
        Positive(warmup, "--warmup", allowZero: true);
        Positive(requestTimeout, "--request-timeout", allowZero: false);
        Positive(startTimeout, "--start-timeout", allowZero: false);

        root.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var requestMix = result.GetValue(mix) is { } mixText ? RequestMix.Parse(mixText) : null;
            var scenarioName = requestMix is null ? result.GetValue(scenario)! : MixScenario.ScenarioName;
            var stackList = StackList.Parse(result.GetValue(stacks)!, allowReplicas: true);
            var targetMap = ParseTargets(result.GetValue(targets) ?? []);
            if (stackList.FirstOrDefault(s => StackReplica.IsReplica(s) && targetMap.ContainsKey(StackReplica.BaseOf(s))) is { } remoteReplica)
            {
                throw new UserFacingException(
                    $"--stacks names {StackReplica.CommandLineName(remoteReplica)}, a second host this run starts, but {StackReplica.BaseOf(remoteReplica)} is a --target it does not start; leave the replica out.");
            }
            var calibration = result.GetValue(calibrationDelay) is { } calibrationText ? CalibrationDelayOption.Parse(calibrationText, stackList) : null;
            if (calibration is not null && targetMap.Count > 0)
            {
                throw new UserFacingException($"{CalibrationDelayOption.Name} puts a relay in front of every host the run starts, so it cannot be combined with --target.");
            }
            if (targetMap.Count > 0)
            {
                var missing = stackList.Where(s => !targetMap.ContainsKey(s)).ToList();
                if (result.GetResult(stacks) is null or { Implicit: true })
                {
                    stackList = [.. stackList.Where(targetMap.ContainsKey)];
                }
                else if (missing.Count > 0)
                {
                    throw new UserFacingException(
                        $"--target is given for some stacks but not for {string.Join(", ", missing)}; give one for each, or leave them out of --stacks.");
                }
            }
            var spec = dataset.ToSpec(result);
            var start = StartAtOption.Parse(result.GetValue(startAt));
            var settings = new RunSettings
            {
                Scenario = scenarioName,
                Mix = requestMix,
                Stacks = stackList,
                Threads = result.GetValue(threads),
                Requests = result.GetValue(requests),
                Duration = ParsedDuration(result.GetValue(duration)),
                Warmup = ParsedDuration(result.GetValue(warmup)) ?? TimeSpan.Zero,
                Trials = result.GetValue(trials)!.Trials,
                AutoTrials = result.GetValue(trials)!.Auto,
                Budget = ParsedDuration(result.GetValue(budget)),
                StartAt = start,
                TrialSeed = result.GetValue(trialSeed) ?? (start is { } at ? WindowSchedule.SeedFor(at) : Random.Shared.Next()),
                FreshHosts = result.GetValue(freshHosts),
                Rate = result.GetValue(rate),
                Dataset = spec,
                Connection = result.GetValue(dataset.Connection),
                PgData = result.GetValue(dataset.PgData),
                Targets = targetMap,
                OutputFolder = result.GetValue(output)
                    ?? Path.Combine("results", $"{DateTime.UtcNow:yyyyMMdd'T'HHmmss'Z'}-{scenarioName}"),
                RequestTimeout = ParsedDuration(result.GetValue(requestTimeout))!.Value,
                StartTimeout = ParsedDuration(result.GetValue(startTimeout))!.Value,
                DbPoolSize = result.GetValue(dbPool),
                Connections = result.GetValue(connections),
                ClientProcesses = result.GetValue(clientProcesses),
                WatchLocalTargets = !result.GetValue(noTargetCounters),
                ScalingCheck = !result.GetValue(noScalingCheck),
                RestHttp2 = result.GetValue(http2),
                WriteReport = !result.GetValue(noReport),
                Cpus = result.GetValue(cpus)!,
                Network = NetworkOption.Parse(result.GetValue(network)!),
                Calibration = calibration,
                OptionsForManifest = OptionsForManifest(result),
            };
            if (ClientProcessRun.Refusal(settings) is { } refusal)
            {
                throw new UserFacingException(refusal);
            }
            if (settings.Stacks.All(settings.IsRemote))
            {
                // Spawning nothing (no database, no host), this process only generates load, the case inline completions are safe for.
                SocketCompletions.RunInline();
            }
            return await RunCoordinator.RunAsync(settings, cancellationToken);
        }));
    }

    private static Option<string?> DurationOption(string name, string description, string? defaultValue)
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
        });
        return option;
    }

    private static void Positive(Option<string?> option, string name, bool allowZero) => option.Validators.Add(r =>
    {
        if (r.GetValueOrDefault<string?>() is { } text && DurationParser.TryParse(text, out var value, out _)
            && (value < TimeSpan.Zero || (!allowZero && value == TimeSpan.Zero)))
        {
            r.AddError($"{name} must be {(allowZero ? "zero or more" : "more than zero")} (was {text}).");
        }
    });

    private static void Range<T>(Option<T> option, long min, long max, string name) => option.Validators.Add(r =>
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
            r.AddError($"{name} must be from {min:N0} to {max:N0} (was {v:N0}).");
        }
    });

    private static TimeSpan? ParsedDuration(string? text) =>
        text is null ? null : DurationParser.TryParse(text, out var value, out _) ? value : null;

    /// <summary>"grpc=http://host:7001" per --target; the address must be one the stack's client can use.</summary>
    public static IReadOnlyDictionary<string, string> ParseTargets(IEnumerable<string> targets)
    {
        var map = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var target in targets)
        {
            var parts = target.Split('=', 2);
            if (parts.Length != 2 || parts[1].Length == 0)
            {
                throw new UserFacingException($"--target '{target}' must look like stack=url, e.g. grpc=http://127.0.0.1:7001.");
            }
            var stack = StackList.Parse(parts[0]).Single();
            if (!Uri.TryCreate(parts[1], UriKind.Absolute, out var uri))
            {
                throw new UserFacingException($"--target {stack}: '{parts[1]}' is not an absolute URL.");
            }
            var expected = StackCatalog.Get(stack).Scheme;
            if (uri.Scheme != expected)
            {
                throw new UserFacingException($"--target {stack}: the address must start with {expected}:// (was {parts[1]}).");
            }
            if (!map.TryAdd(stack, parts[1]))
            {
                throw new UserFacingException($"--target names {stack} twice.");
            }
        }
        return map;
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
}

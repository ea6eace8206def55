using System.Diagnostics;
using System.Globalization;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Placement;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// --client-processes N: one process cannot drive a fast host on a big machine (its throughput stops growing with half its
/// CPUs idle), so this process starts the database and the hosts, runs N load clients against them as --target hosts, each
/// on CPUs of its own and all on one schedule (--start-at), and merges their results folders into the run's folder exactly.
/// </summary>
public static class ClientProcessRun
{
    /// <summary>How long the clients get to start (load the runtime, check the hosts' health) before the first slot.</summary>
    private static readonly TimeSpan StartMargin = TimeSpan.FromSeconds(15);

    /// <summary>Options every client is given anew (or must not get): the rest of the command line is passed on as given.</summary>
    private static readonly HashSet<string> OwnOptions = new(StringComparer.Ordinal)
    {
        "client-processes", "out", "cpus", "start-at", "trial-seed", "target", "no-report", "connection", "pg-data",
        "fresh-hosts", "db-pool-size", "no-target-counters", "stacks", "no-scaling-check", "budget",
        // The run's certificate is made (or read) once, by this process: each client is given its public part alone
        // (--certificate), as a client of --target hosts trusts them. --certificate-kind's default, given explicitly to a
        // client of --security none, would be refused.
        "certificate-kind", "certificate", "certificate-key",
    };

    public static string? Refusal(RunSettings settings) => settings switch
    {
        { ClientProcesses: < 2 } => null,
        { Duration: null } => "--client-processes needs --duration (e.g. --duration 30s): the clients' windows are scheduled together, which needs windows of a fixed length.",
        { Scenario: Scenarios.RestartScenario.ScenarioName } =>
            "--client-processes hands its clients each host as a --target, and the restart scenario must own its host; run it with one client process.",
        { Scenario: "all" } => "--client-processes measures one scenario (or one mix); run each scenario on its own.",
        { FreshHosts: true } => "--client-processes shares one set of hosts between its clients, so it cannot restart them per trial (--fresh-hosts).",
        _ when settings.Stacks.Any(StackReplica.IsReplica) =>
            "--client-processes hands its clients each host as a --target, which a replica entry (grpc#2) cannot be; measure replicas with one client process.",
        _ => null,
    };

    public static async Task<int> RunAsync(RunSettings settings, CancellationToken cancellationToken)
    {
        if (Refusal(settings) is { } refusal)
        {
            throw new UserFacingException(refusal);
        }
        var clientCpus = ClientCpuSets(settings.Placement, settings.ClientProcesses);
        var (folder, clientsFolder) = Folders(settings.OutputFolder);
        // What the merge at the end would refuse is refused now, before the hosts start: not after the whole run.
        Merging.MergeCheck.Output(folder);
        await ResultsWriter.EnsureUsableAsync(folder, cancellationToken);
        await ResultsWriter.EnsureUsableAsync(clientsFolder, cancellationToken);
        Directory.CreateDirectory(clientsFolder);

        var anySpawned = !settings.Stacks.All(settings.IsRemote);
        await using var database = anySpawned ? await RunCoordinator.OpenAndSeedAsync(settings, cancellationToken) : null;
        var hosts = new List<HostProcess>();
        try
        {
            var targets = new Dictionary<string, string>(settings.Targets, StringComparer.Ordinal);
            foreach (var stack in settings.Stacks.Where(s => !settings.IsRemote(s)))
            {
                Console.WriteLine($"Starting the {StackCatalog.DisplayName(stack)} host");
                var writes = settings.ScenarioFor(settings.Scenario).Writes;
                var host = await HostProcess.StartAsync(stack, settings.ToHostLaunch(writes, Path.Combine(clientsFolder, ResultFileNames.HostLog(stack, 1))),
                    database!.ConnectionString, cancellationToken);
                hosts.Add(host);
                targets[stack] = TargetOf(stack, host.Ready.Endpoints, settings.RestHttp2);
            }

            // The user's --start-at when given (clients on other machines may share it), else soon enough for the clients to start.
            var startAt = settings.StartAt ?? DateTimeOffset.FromUnixTimeSeconds((DateTimeOffset.UtcNow + StartMargin).ToUnixTimeSeconds());
            Console.WriteLine($"{settings.ClientProcesses} load clients, on CPUs {string.Join(" | ", clientCpus.Select(c => c is null ? "any" : CpuList.Format(c)))}, " +
                $"start measuring at {startAt.UtcDateTime:HH:mm:ss} UTC; their folders go to {clientsFolder}");
            // Client 1 alone reads the hosts' counters and timings: a host's metrics go to one EventPipe session at a time.
            var clients = Enumerable.Range(1, settings.ClientProcesses)
                .Select(i => StartClient(i, [.. ClientArguments(settings, targets, startAt, clientCpus[i - 1], Path.Combine(clientsFolder, $"client-{i}")),
                    .. i == 1 ? Array.Empty<string>() : ["--no-target-counters"]]))
                .ToList();
            var codes = await WaitAllAsync(clients, cancellationToken);
            var folders = clients.Select(c => c.Folder).Where(Directory.Exists).ToList();
            if (folders.Count < 2)
            {
                throw new UserFacingException($"Fewer than two load clients left results (exit codes {string.Join(", ", codes)}); see their output above.");
            }
            // Not cancelled by Ctrl+C: what the clients measured before it is merged, as a run keeps what it measured.
            await MergeAsync(folders, folder, settings.WriteReport, CancellationToken.None);
            await Crank.CrankJob.ReportAsync([folder]);
            return cancellationToken.IsCancellationRequested ? CommandRunner.Interrupted : codes.Max();
        }
        finally
        {
            foreach (var host in hosts)
            {
                await host.DisposeAsync();
            }
        }
    }

    /// <summary>
    /// The run's folder and, beside it, the clients' (&lt;folder&gt;.clients): --out as an absolute path without a trailing
    /// separator, since "out/" would put ".clients" inside the run's folder, which the merge then refuses as not empty.
    /// </summary>
    public static (string Folder, string ClientsFolder) Folders(string output)
    {
        var folder = Path.TrimEndingDirectorySeparator(Path.GetFullPath(output));
        if (Path.GetDirectoryName(folder) is null)
        {
            throw new UserFacingException($"--out {output} is the root of the file system; --client-processes needs a folder with a parent to put the clients' folders in.");
        }
        return (folder, folder + ".clients");
    }

    /// <summary>The clients' CPUs: the client set split into N disjoint parts (null entries: unpinned).</summary>
    public static IReadOnlyList<IReadOnlyList<int>?> ClientCpuSets(CpuPlacement placement, int processes)
    {
        if (placement.Client is not { } cpus)
        {
            return [.. Enumerable.Repeat<IReadOnlyList<int>?>(null, processes)];
        }
        if (cpus.Count < processes)
        {
            throw new UserFacingException(
                $"--client-processes {processes} needs at least {processes} CPUs for the clients, and the client has {CpuList.Format(cpus)} " +
                $"({placement.Reason}); give more with --cpus client=LIST,hosts=LIST, or share every CPU with --cpus none.");
        }
        var sets = new List<IReadOnlyList<int>?>(processes);
        for (var i = 0; i < processes; i++)
        {
            // Contiguous parts that differ in size by one at most.
            var from = cpus.Count * i / processes;
            var to = cpus.Count * (i + 1) / processes;
            sets.Add([.. cpus.Skip(from).Take(to - from)]);
        }
        return sets;
    }

    /// <summary>The address a client is given for a host: its HTTP/2 endpoint when REST is measured over h2c.</summary>
    public static string TargetOf(string stack, IReadOnlyDictionary<string, string> endpoints, bool http2)
    {
        var definition = StackCatalog.Get(stack);
        return endpoints[http2 && definition.Http2Endpoint is { } h2c ? h2c : definition.Endpoint];
    }

    /// <summary>The command line of one client: the run's own options as given, and its targets, schedule, CPUs and folder.</summary>
    public static List<string> ClientArguments(RunSettings settings, IReadOnlyDictionary<string, string> targets, DateTimeOffset startAt,
        IReadOnlyList<int>? cpus, string folder)
    {
        var arguments = new List<string>();
        foreach (var (name, value) in settings.OptionsForManifest.Where(o => !OwnOptions.Contains(o.Key)))
        {
            if (value is "True" or "False")
            {
                if (value == "True")
                {
                    arguments.Add($"--{name}");
                }
                continue;
            }
            if (value.Length > 0)
            {
                arguments.AddRange([$"--{name}", value]);
            }
        }
        // The stacks the run resolved (a --target without --stacks measures the targets only), each one a target.
        arguments.AddRange(["--stacks", string.Join(',', settings.Stacks)]);
        foreach (var stack in settings.Stacks)
        {
            arguments.AddRange(["--target", $"{stack}={targets[stack]}"]);
        }
        if (settings.Tls is { } tls)
        {
            arguments.AddRange(["--certificate", tls.CertificatePath!]);
        }
        arguments.AddRange(["--start-at", startAt.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture)]);
        arguments.AddRange(["--trial-seed", settings.TrialSeed.ToString(CultureInfo.InvariantCulture)]);
        // The hosts' part only has to be valid and apart from the client's: a client of all --target hosts spawns none.
        arguments.AddRange(["--cpus", cpus is null || settings.Placement.Hosts is not { } hosts
            ? CpuPlacement.None
            : $"client={CpuList.Format(cpus)},hosts={CpuList.Format(hosts)}"]);
        // No scaling check: one client doubling its callers while the others keep theirs says nothing of the whole load,
        // and the check's seconds would push that client's next window off the schedule.
        arguments.AddRange(["--out", folder, "--no-report", "--no-scaling-check"]);
        return arguments;
    }

    /// <param name="OwnSession">Started under setsid: a terminal's Ctrl+C reaches the parent only, which passes it on.</param>
    private sealed record ClientProcess(int Number, Process Process, string Folder, bool OwnSession);

    private static ClientProcess StartClient(int number, List<string> arguments)
    {
        var start = ChildProcess.DotnetStartInfo(null, [typeof(ClientProcessRun).Assembly.Location, .. arguments]);
        var ownSession = ChildProcess.InOwnSession(start);
        start.RedirectStandardInput = false;
        if (Environment.GetEnvironmentVariable(SocketCompletions.Variable) is { } chosen)
        {
            // The user's choice (=0 keeps .NET's default); unset, each client turns inline completions on by itself.
            start.Environment[SocketCompletions.Variable] = chosen;
        }
        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        process.OutputDataReceived += (_, e) => Echo(number, e.Data);
        process.ErrorDataReceived += (_, e) => Echo(number, e.Data);
        if (!process.Start())
        {
            throw new UserFacingException($"Could not start load client {number}.");
        }
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return new ClientProcess(number, process, arguments[arguments.IndexOf("--out") + 1], ownSession);
    }

    private static void Echo(int number, string? line)
    {
        if (line is not null)
        {
            Console.WriteLine($"[client {number}] {line}");
        }
    }

    /// <summary>Waits for every client; on Ctrl+C (or a signal to the parent) each gets one SIGTERM (a second on the
    /// parent's second), so it stops and keeps what it measured, as a run does.</summary>
    private static async Task<List<int>> WaitAllAsync(List<ClientProcess> clients, CancellationToken cancellationToken)
    {
        var forwards = clients.Select(c => ChildProcess.PassOnStop(c.Process, c.OwnSession, cancellationToken)).ToList();
        try
        {
            var codes = new List<int>();
            foreach (var client in clients)
            {
                await client.Process.WaitForExitAsync(CancellationToken.None);
                codes.Add(client.Process.ExitCode);
            }
            return codes;
        }
        finally
        {
            forwards.ForEach(forward => forward.Dispose());
            clients.ForEach(client => client.Process.Dispose());
        }
    }

    private static async Task MergeAsync(List<string> folders, string folder, bool writeReport, CancellationToken cancellationToken)
    {
        Console.WriteLine($"Merging {folders.Count} clients' results into {folder}");
        var merged = await Merging.ResultsMerger.MergeAsync(folders, folder, cancellationToken);
        Console.WriteLine(merged.Overlap);
        if (writeReport)
        {
            await RunCoordinator.WriteReportAsync(folder);
        }
    }
}

using System.Diagnostics;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// One stack made ready to measure: its host started (or a --target reached), the emulated link in front of it, a
/// healthy client, the host's counters watched and the scenario prepared. It stays up across trials unless the run
/// asks for fresh hosts.
/// </summary>
public sealed class HostSession : IAsyncDisposable
{
    private readonly string _countersFile;
    private readonly string _countersPath;
    private IGraphClient? _client;
    private IReadOnlyDictionary<string, string> _endpoints = new Dictionary<string, string>();
    private ClientOptions _options = new();
    private RelayProcess? _relay;
    private IReadOnlyDictionary<string, string>? _stoppedEndpoints;

    private HostSession(string stack, string countersFile, string countersPath)
    {
        Stack = stack;
        _countersFile = countersFile;
        _countersPath = countersPath;
    }

    public string Stack { get; }

    /// <summary>The spawned host; null for a --target.</summary>
    public HostProcess? Host { get; private set; }

    /// <summary>A client of its own to the same endpoints (the relay's, when there is one), with the run's options: its first
    /// call opens new connections, so it pays the connect and, with TLS, the handshake. The caller disposes it.</summary>
    public IGraphClient NewClient() => GraphClients.Create(StackReplica.BaseOf(Stack), _endpoints, _options);

    public IGraphClient Client => _client ?? throw new InvalidOperationException($"The {Stack} session has no client (not started, or disposed).");

    /// <summary>The host's counters and timings over EventPipe; null when they cannot be read (a remote --target).</summary>
    public CounterMonitor? Monitor { get; private set; }

    /// <summary>The trial this session's host was started for (1 when it serves every trial).</summary>
    public int StartedForTrial { get; private init; }

    /// <summary>The counters file this session writes, for the entries it measures; null without a monitor.</summary>
    public string? CountersFile => Monitor is null ? null : _countersFile;

    public bool HostHasExited => Host is { HasExited: true };

    /// <summary>Starts or reaches the stack and waits until it answers; a failure disposes what was started and throws.</summary>
    /// <exception cref="HostFailedException">The host did not start or never reported healthy.</exception>
    public static async Task<HostSession> OpenAsync(string stack, int trial, RunPlan plan, RunContext context,
        CancellationToken cancellationToken)
    {
        var fileTrial = plan.Settings.FreshHosts ? trial : 1;
        var counters = ResultFileNames.Counters(stack, fileTrial);
        var session = new HostSession(stack, counters, context.Results.PathOf(counters)) { StartedForTrial = trial };
        try
        {
            await session.StartAsync(plan, context, fileTrial, cancellationToken);
            return session;
        }
        catch
        {
            await session.DisposeAsync();
            throw;
        }
    }

    private async Task StartAsync(RunPlan plan, RunContext context, int fileTrial, CancellationToken cancellationToken)
    {
        var (settings, scenario) = (plan.Settings, plan.Scenario);
        var (results, record) = (context.Results, context.Record);
        IReadOnlyDictionary<string, string> endpoints;
        Dictionary<string, string> configuration;
        string address;
        if (settings.Targets.TryGetValue(Stack, out var target))
        {
            endpoints = RemoteEndpoints(Stack, target);
            configuration = new Dictionary<string, string> { ["remote"] = "configuration not known to the client" };
            address = target;
        }
        else
        {
            context.Progress.Line($"Starting the {StackCatalog.DisplayName(Stack)} host");
            Host = await HostProcess.StartAsync(Stack,
                settings.ToHostLaunch(scenario.Writes, results.PathOf(ResultFileNames.HostLog(Stack, fileTrial))), context.ConnectionString!,
                cancellationToken);
            endpoints = Host.Ready.Endpoints;
            configuration = Host.Ready.Configuration.ToDictionary(e => e.Key, e => e.Value);
            address = string.Join(" ", endpoints.Values);
        }

        if (!settings.Network.IsLoopback || settings.Calibration is not null)
        {
            // A calibration puts a relay in front of every host, so the slowed replica differs from the others by its delay only.
            var extra = settings.Calibration?.DelayFor(Stack) ?? TimeSpan.Zero;
            _relay = await RelayProcess.StartAsync(settings.Network, endpoints.Values, RelayCpus(settings), extra, cancellationToken);
            endpoints = _relay.Through(endpoints);
            address += $" through the {settings.Network.Name} relay (pid {_relay.Pid}) at {string.Join(" ", endpoints.Values)}" +
                (extra > TimeSpan.Zero ? $", which holds every call {CalibrationDelay.Milliseconds(extra)} ms longer (calibration)" : "");
        }

        (_endpoints, _options) = (endpoints, plan.Client);
        _client = NewClient();
        // Both sides of the stack, so a figure names the libraries that produced it.
        configuration["client"] = $"{Client.Description}; {SocketCompletions.Description}{ClientTls.Describe(plan.Client)}";
        record.AddHost(new HostInfo
        {
            Stack = Stack, Pid = Host?.Pid, Remote = Host is null, Address = address, Configuration = configuration,
        });
        await results.WriteManifestAsync(record.ToManifest(), cancellationToken);
        await WaitUntilHealthyAsync(settings.StartTimeout, string.Join(" ", endpoints.Values), cancellationToken);
        if (Host is not null)
        {
            Monitor = await StartMonitorAsync(Host.Pid, record, cancellationToken);
        }
        else if (settings.WatchLocalTargets && LocalListener.FindPid(target!) is { } targetPid)
        {
            // A --target host on this machine is read like a spawned one: counters, bytes and the breakdown.
            record.AddNote($"{StackCatalog.DisplayName(Stack)} at {target} runs on this machine (pid {targetPid}): its counters and timings are read over EventPipe.");
            Monitor = await StartMonitorAsync(targetPid, record, cancellationToken);
        }
        await scenario.PrepareAsync(Client, cancellationToken);
    }

    /// <summary>
    /// Stops the spawned host, with SIGTERM (SIGKILL after the usual grace) or at once with SIGKILL, and waits until it has
    /// exited. The client, the relay and the counters stay as they are, so the callers meet the outage as real clients do.
    /// </summary>
    /// <returns>The stopped host's pid.</returns>
    public async Task<int> StopHostAsync(bool kill)
    {
        var host = Host ?? throw new InvalidOperationException($"The {Stack} session has no host of its own to stop.");
        var pid = host.Pid;
        _stoppedEndpoints = host.Ready.Endpoints;
        if (kill)
        {
            host.Kill();
        }
        await host.DisposeAsync();
        Host = null;
        return pid;
    }

    /// <summary>Starts the stopped host again on the same port, so the client's address still reaches it, and records it
    /// in the manifest beside its predecessor.</summary>
    /// <returns>The new host's pid.</returns>
    /// <exception cref="HostFailedException">It did not start, or announced other endpoints than its predecessor.</exception>
    public async Task<int> StartHostAgainAsync(RunPlan plan, RunContext context, CancellationToken cancellationToken)
    {
        var endpoints = _stoppedEndpoints ?? throw new InvalidOperationException($"The {Stack} host was not stopped.");
        int PortOf(string? name) => name is not null && endpoints.TryGetValue(name, out var address) ? new Uri(address).Port : 0;
        var definition = StackCatalog.Get(StackReplica.BaseOf(Stack));
        var log = context.Results.PathOf(ResultFileNames.HostLog($"{Stack}-restarted"));
        var launch = plan.Settings.ToHostLaunch(plan.Scenario.Writes, log) with
        {
            Port = PortOf(definition.Endpoint), Http2Port = PortOf(definition.Http2Endpoint),
        };
        Host = await HostProcess.StartAsync(Stack, launch, context.ConnectionString!, cancellationToken);
        if (!Host.Ready.Endpoints.OrderBy(e => e.Key).SequenceEqual(endpoints.OrderBy(e => e.Key)))
        {
            throw new HostFailedException(Stack, $"The restarted {StackCatalog.DisplayName(Stack)} host announced " +
                $"{string.Join(" ", Host.Ready.Endpoints.Values)} instead of {string.Join(" ", endpoints.Values)}.", Host.RecentOutput);
        }
        context.Record.AddHost(new HostInfo
        {
            Stack = Stack, Pid = Host.Pid, Remote = false, Address = string.Join(" ", endpoints.Values),
            Configuration = Host.Ready.Configuration.ToDictionary(e => e.Key, e => e.Value),
        });
        await context.Results.WriteManifestAsync(context.Record.ToManifest(), cancellationToken);
        return Host.Pid;
    }

    /// <summary>The relay is the network between the client and the host: when they are pinned, it runs on both their CPUs.</summary>
    private static IReadOnlyList<int>? RelayCpus(RunSettings settings) => settings.Placement is { Client: { } client, Hosts: { } hosts }
        ? [.. client.Union(hosts).Order()]
        : null;

    private async Task WaitUntilHealthyAsync(TimeSpan startTimeout, string address, CancellationToken cancellationToken)
    {
        var deadline = Stopwatch.StartNew();
        while (true)
        {
            using var attempt = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            attempt.CancelAfter(TimeSpan.FromSeconds(5));
            try
            {
                if (await Client.CheckHealthAsync(attempt.Token))
                {
                    return;
                }
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && e is not OutOfMemoryException)
            {
                // Not up yet, or not the protocol we expect: keep asking until the deadline.
            }
            if (HostHasExited || deadline.Elapsed > startTimeout)
            {
                throw new HostFailedException(Stack,
                    $"The {StackCatalog.DisplayName(Stack)} host at {address} did not report healthy within " +
                    $"{startTimeout.TotalSeconds:N0} s (is it running, and does it speak {StackCatalog.DisplayName(Stack)}?).",
                    Host?.RecentOutput ?? "");
            }
            await Task.Delay(250, cancellationToken);
        }
    }

    private async Task<CounterMonitor?> StartMonitorAsync(int pid, RunRecord record, CancellationToken cancellationToken)
    {
        var monitor = new CounterMonitor(pid, new CounterMonitorOptions { ServerTimings = true });
        try
        {
            await monitor.StartAsync(cancellationToken);
            // Byte counters are cumulative: their first reading is the baseline the first variant's bytes are counted from.
            var waited = Stopwatch.StartNew();
            while (monitor.SampleCount < 2 && waited.Elapsed < TimeSpan.FromSeconds(3))
            {
                await Task.Delay(100, cancellationToken);
            }
            return monitor;
        }
        catch (Exception e) when (e is TimeoutException or ArgumentException or IOException
            or Microsoft.Diagnostics.NETCore.Client.DiagnosticsClientException)
        {
            record.AddNote($"No server counters for {Stack}: {e.Message}");
            await monitor.DisposeAsync();
            return null;
        }
    }

    /// <summary>The endpoint names a client expects, for a server given by --target.</summary>
    public static IReadOnlyDictionary<string, string> RemoteEndpoints(string stack, string address) =>
        StackCatalog.Get(stack).EndpointNames.ToDictionary(name => name, _ => address);

    /// <summary>Writes the counters file and stops everything the session started, whatever state it is in.</summary>
    public async ValueTask DisposeAsync()
    {
        if (Monitor is not null)
        {
            await Monitor.StopAsync(CancellationToken.None);
            await Monitor.WriteCsvAsync(_countersPath, CancellationToken.None);
            await Monitor.DisposeAsync();
            Monitor = null;
        }
        if (_client is not null)
        {
            await _client.DisposeAsync();
            _client = null;
        }
        if (_relay is not null)
        {
            await _relay.DisposeAsync();
            _relay = null;
        }
        if (Host is not null)
        {
            await Host.DisposeAsync();
            Host = null;
        }
    }
}

using System.Diagnostics;
using System.Reflection;
using System.Text.Json;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>What a host is started with.</summary>
public sealed record HostLaunch
{
    public bool AllowWrites { get; init; }
    public int DbPoolSize { get; init; } = HostDefaults.DbPoolSize;

    /// <summary>A pg_sleep before every GetLinks query (a slower database on purpose); zero adds nothing.</summary>
    public TimeSpan QueryDelay { get; init; }

    /// <summary>REST: also open the HTTP/2 cleartext endpoint.</summary>
    public bool RestHttp2 { get; init; }

    /// <summary>With --security tls, the PEM certificate and key the host serves TLS with; null: cleartext.</summary>
    public string? CertificatePath { get; init; }

    public string? CertificateKeyPath { get; init; }

    public TimeSpan StartTimeout { get; init; } = HostDefaults.StartTimeout;

    /// <summary>The port to listen on; 0 lets the OS pick one (a host restarted in place takes its predecessor's).</summary>
    public int Port { get; init; }

    /// <summary>The HTTP/2 cleartext endpoint's port when <see cref="RestHttp2"/> opens one; 0 lets the OS pick it.</summary>
    public int Http2Port { get; init; }

    /// <summary>The CPUs the host may run on (through taskset, so every thread of the runtime inherits them); null: any.</summary>
    public IReadOnlyList<int>? Cpus { get; init; }

    /// <summary>Where the host's own output goes (bounded, see <see cref="HostLog"/>); null keeps only the last lines.</summary>
    public string? LogPath { get; init; }
}

/// <summary>
/// One server host as a child process on 127.0.0.1 with a port the OS picks. It is ready when it prints its ready line
/// (endpoints and configuration); until it stops, its output is kept so a failure can be explained with what it said.
/// </summary>
public sealed class HostProcess : IAsyncDisposable
{
    private const int KeptLines = 40;
    private readonly Process _process;
    private readonly Queue<string> _recent = new();
    private readonly TaskCompletionSource<ReadyLine> _ready = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly IDisposable _cleanup;
    private readonly HostLog? _log;

    private HostProcess(string stack, Process process, string? logPath)
    {
        Stack = stack;
        _process = process;
        LogPath = logPath;
        _log = logPath is null ? null : new HostLog(logPath);
        _cleanup = Shutdown.Register(Kill, order: 10);
    }

    public string Stack { get; }

    public int Pid => _process.Id;

    /// <summary>Where the host's output is kept (full path); null when it is not kept.</summary>
    public string? LogPath { get; }

    public ReadyLine Ready => _ready.Task.IsCompletedSuccessfully
        ? _ready.Task.Result
        : throw new InvalidOperationException($"The {Stack} host is not ready.");

    public bool HasExited => _process.HasExited;

    public string RecentOutput
    {
        get
        {
            lock (_recent)
            {
                return string.Join(Environment.NewLine, _recent);
            }
        }
    }

    public static async Task<HostProcess> StartAsync(string stack, HostLaunch launch, string connectionString,
        CancellationToken cancellationToken)
    {
        // A replica entry ("grpc.replica2") is one more host of its stack.
        var runs = StackReplica.BaseOf(stack);
        var dll = ServerBinaries.PathOf(runs);
        var start = ChildProcess.DotnetStartInfo(launch.Cpus, Arguments(dll, StackCatalog.Get(runs), launch));
        start.WorkingDirectory = Path.GetDirectoryName(dll)!;
        // The password travels in the environment, never on a command line others can read in the process list.
        start.Environment["RPCCOMPARE_PG"] = connectionString;
        start.Environment["ASPNETCORE_ENVIRONMENT"] = "Production";
        // EventPipe parses the counter interval in the target's culture; hosts run invariant so "0.5" means half a second.
        start.Environment["LANG"] = "C.UTF-8";
        start.Environment["LC_ALL"] = "C.UTF-8";
        start.Environment.Remove("DOTNET_EnableDiagnostics");

        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        if (!process.Start())
        {
            throw new UserFacingException($"Could not start the {stack} host ({dll}).");
        }
        var host = new HostProcess(stack, process, launch.LogPath);
        process.OutputDataReceived += (_, e) => host.OnLine(e.Data);
        process.ErrorDataReceived += (_, e) => host.OnLine(e.Data);
        process.Exited += (_, _) => host._ready.TrySetException(new HostFailedException(stack,
            $"The {stack} host exited (code {process.ExitCode}) before it was ready.", host.RecentOutput));
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        try
        {
            await host._ready.Task.WaitAsync(launch.StartTimeout, cancellationToken);
            return host;
        }
        catch (TimeoutException)
        {
            await host.DisposeAsync();
            throw new HostFailedException(stack,
                $"The {stack} host did not become ready within {launch.StartTimeout.TotalSeconds:N0} s.", host.RecentOutput);
        }
        catch
        {
            await host.DisposeAsync();
            throw;
        }
    }

    internal static IEnumerable<string> Arguments(string dll, StackDefinition stack, HostLaunch launch)
    {
        yield return dll;
        yield return $"--{HostOptionNames.Port}={launch.Port}";
        yield return $"--{HostOptionNames.ParentPid}={Environment.ProcessId}";
        yield return $"--{HostOptionNames.DbPoolSize}={launch.DbPoolSize}";
        if (launch.AllowWrites)
        {
            yield return $"--{HostOptionNames.AllowWrites}=true";
        }
        if (launch.QueryDelay > TimeSpan.Zero)
        {
            yield return $"--{HostOptionNames.QueryDelayMs}={(int)launch.QueryDelay.TotalMilliseconds}";
        }
        // Only a stack with an HTTP/2 cleartext endpoint besides its own (REST) opens one when asked.
        if (launch.RestHttp2 && stack.Http2Endpoint is not null)
        {
            yield return $"--{HostOptionNames.Http2Port}={launch.Http2Port}";
        }
        if (launch.CertificatePath is not null)
        {
            yield return $"--{HostOptionNames.Certificate}={launch.CertificatePath}";
            yield return $"--{HostOptionNames.CertificateKey}={launch.CertificateKeyPath}";
        }
    }

    private void OnLine(string? line)
    {
        if (line is null)
        {
            return;
        }

        _log?.Write(line);
        if (line.StartsWith(ReadyLine.Marker, StringComparison.Ordinal))
        {
            try
            {
                var ready = JsonSerializer.Deserialize(line[ReadyLine.Marker.Length..], HostingJsonContext.Default.ReadyLine);
                if (ready is not null)
                {
                    _ready.TrySetResult(ready);
                }
            }
            catch (JsonException e)
            {
                _ready.TrySetException(new HostFailedException(Stack, $"The {Stack} host printed an unreadable ready line: {e.Message}", line));
            }
            return;
        }
        lock (_recent)
        {
            _recent.Enqueue(line);
            while (_recent.Count > KeptLines)
            {
                _recent.Dequeue();
            }
        }
    }

    /// <summary>SIGTERM, then SIGKILL if it has not stopped within the grace period.</summary>
    public async Task StopAsync(TimeSpan grace)
    {
        if (_process.HasExited)
        {
            return;
        }
        Signals.Send(_process.Id, Signals.Continue);
        Signals.Send(_process.Id, Signals.Term);
        using var timeout = new CancellationTokenSource(grace);
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            Kill();
        }
    }

    /// <summary>Asks the host to close its idle database connections, so its next calls open new ones.</summary>
    public void RenewConnections()
    {
        if (!_process.HasExited)
        {
            Signals.Send(_process.Id, Signals.RenewConnections);
        }
    }

    public void Kill() => ChildProcess.Kill(_process, TimeSpan.FromSeconds(5));

    public async ValueTask DisposeAsync()
    {
        await StopAsync(TimeSpan.FromSeconds(10));
        _cleanup.Dispose();
        if (_process.HasExited)
        {
            // Waits for the output pipes to drain, so the log holds every line the host printed.
            _process.WaitForExit();
        }

        _log?.Dispose();
        _process.Dispose();
    }
}

/// <summary>A host that failed to start or died: the message names it, <see cref="Output"/> is what it printed last.</summary>
public sealed class HostFailedException(string stack, string message, string output)
    : Exception(output.Length == 0 ? message : $"{message} Its last output:\n{output}")
{
    public string Stack { get; } = stack;

    public string Output { get; } = output;
}

/// <summary>
/// Where the built hosts are: beside the load client when it was published (hosts/&lt;stack&gt;/, so a published folder
/// copied to another machine finds them), else where the build put them (recorded at build time, since building the
/// load client builds them too); RPCCOMPARE_SERVER_&lt;STACK&gt; overrides both.
/// </summary>
public static class ServerBinaries
{
    /// <summary>The folder under the load client's own where `dotnet publish` puts each host.</summary>
    public const string PublishedFolder = "hosts";

    public static string PathOf(string stack)
    {
        var key = $"ServerPath:{stack}";
        var built = typeof(ServerBinaries).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
                .FirstOrDefault(a => a.Key == key)?.Value
            ?? throw new InvalidOperationException($"No server path for {stack} was recorded at build time.");
        var published = Path.Combine(AppContext.BaseDirectory, PublishedFolder, stack, Path.GetFileName(built));
        var path = Environment.GetEnvironmentVariable($"RPCCOMPARE_SERVER_{stack.ToUpperInvariant()}")
            ?? (File.Exists(published) ? published : built);
        if (!File.Exists(path))
        {
            throw new UserFacingException(
                $"The {stack} host is not built (expected {path}); build the solution (dotnet build) and run again.");
        }
        return path;
    }
}

using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography;
using Npgsql;

namespace RpcCompare.Data.Postgres;

/// <summary>
/// A PostgreSQL cluster of our own, started from the machine's server binaries on a free 127.0.0.1 port: the default
/// database when no connection string is given. The server runs only while this object lives. Its data folder is kept
/// between runs (so a loaded dataset is reused) unless the cluster is ephemeral, as in tests, where it is deleted.
/// </summary>
public sealed class LocalPostgres : IAsyncDisposable, IDisposable
{
    public const string Database = "rpccompare";
    private const string User = "rpccompare";

    /// <summary>Settings for a benchmark database on one machine; given at every start and reported in results.</summary>
    public static IReadOnlyDictionary<string, string> Settings { get; } = new Dictionary<string, string>
    {
        ["listen_addresses"] = "'127.0.0.1'",
        ["max_connections"] = "500",
        ["shared_buffers"] = "'1GB'",
        ["effective_cache_size"] = "'8GB'",
        ["work_mem"] = "'16MB'",
        ["maintenance_work_mem"] = "'512MB'",
        ["random_page_cost"] = "1.1",
        // Ten clients at once already keep both cores busy; parallel workers would only take CPU from the hosts.
        ["max_parallel_workers_per_gather"] = "0",
        // Bulk loads into tables created in the same transaction skip the WAL.
        ["wal_level"] = "minimal",
        ["max_wal_senders"] = "0",
        ["max_wal_size"] = "'4GB'",
        ["checkpoint_timeout"] = "'30min'",
        // Commits stay durable: the write scenario measures real commits.
        ["fsync"] = "on",
        ["synchronous_commit"] = "on",
        ["log_min_messages"] = "warning",
    };

    private readonly PostgresBinaries _binaries;
    private readonly string? _runAs;
    private readonly bool _ephemeral;
    private FileStream? _lock;
    private string _startOptions = "";
    private bool _stopped;
    private System.Diagnostics.Process? _watchdog;

    private LocalPostgres(string root, PostgresBinaries binaries, string? runAs, bool ephemeral, FileStream lockFile)
    {
        Root = root;
        _binaries = binaries;
        _runAs = runAs;
        _ephemeral = ephemeral;
        _lock = lockFile;
    }

    public string Root { get; }

    public string DataDirectory => Path.Combine(Root, "data");

    public int Port { get; private set; }

    public string ConnectionString { get; private set; } = "";

    public int ServerProcessId { get; private set; }

    public int MajorVersion => _binaries.MajorVersion;

    /// <summary>The folder a persistent cluster lives in when none is given: reachable by the postgres user when we are root.</summary>
    public static string DefaultRoot(int majorVersion)
    {
        if (Environment.IsPrivilegedProcess)
        {
            return Path.Combine("/var/tmp", "rpccompare", $"pg{majorVersion}");
        }
        var cache = Environment.GetEnvironmentVariable("XDG_CACHE_HOME") is { Length: > 0 } xdg
            ? xdg
            : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".cache");
        return Path.Combine(cache, "rpccompare", $"pg{majorVersion}");
    }

    /// <summary>Initialises the cluster if needed, starts it and creates the rpccompare database.</summary>
    /// <param name="root">Folder for data, log and password; null = <see cref="DefaultRoot"/>.</param>
    /// <param name="ephemeral">Delete the folder when stopped (tests).</param>
    /// <param name="ownerProcessId">The process whose end stops the server (default: this one).</param>
    public static async Task<LocalPostgres> StartAsync(string? root, bool ephemeral, Action<string>? log,
        CancellationToken cancellationToken, int? ownerProcessId = null)
    {
        var binaries = PostgresBinaries.Find();
        root = Path.GetFullPath(root ?? (ephemeral
            ? Path.Combine(Path.GetTempPath(), $"rpccompare-pg-{Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(6))}")
            : DefaultRoot(binaries.MajorVersion)));
        var runAs = Environment.IsPrivilegedProcess ? FindUnprivilegedUser() : null;
        CreatePrivateFolder(root);
        var lockFile = TakeLock(root);
        var cluster = new LocalPostgres(root, binaries, runAs, ephemeral, lockFile) { OwnerProcessId = ownerProcessId ?? Environment.ProcessId };
        try
        {
            await cluster.InitAndStartAsync(log, cancellationToken);
            return cluster;
        }
        catch
        {
            await cluster.DisposeAsync();
            throw;
        }
    }

    /// <summary>
    /// The cluster folder is created for its owner only (0700) rather than chmodded later, and an existing one that others
    /// may write to is refused: /var/tmp is shared, and whoever can write there could swap the password file or data.
    /// </summary>
    private static void CreatePrivateFolder(string root)
    {
        if (OperatingSystem.IsWindows())
        {
            Directory.CreateDirectory(root);
            return;
        }
        // The folders above keep the default mode: when we are root, the postgres user must pass through them.
        Directory.CreateDirectory(Path.GetDirectoryName(root)!);
        Directory.CreateDirectory(root, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        var mode = File.GetUnixFileMode(root);
        if ((mode & (UnixFileMode.GroupWrite | UnixFileMode.OtherWrite)) != 0)
        {
            throw new PostgresUnavailableException(
                $"The cluster folder {root} can be written by other users (mode {Convert.ToString((int)mode, 8)}); " +
                "remove it or make it private (chmod 700), then try again.");
        }
    }

    private async Task InitAndStartAsync(Action<string>? log, CancellationToken cancellationToken)
    {
        var passwordFile = Path.Combine(Root, "password");
        if (!File.Exists(Path.Combine(DataDirectory, "PG_VERSION")))
        {
            log?.Invoke($"Creating a PostgreSQL {_binaries.MajorVersion} cluster in {DataDirectory}");
            if (Directory.Exists(DataDirectory))
            {
                Directory.Delete(DataDirectory, recursive: true);
            }
            // Readable by its owner only from the moment it exists, not chmodded after the password is in it.
            File.Delete(passwordFile);
            var privateFile = new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.Write };
            if (!OperatingSystem.IsWindows())
            {
                privateFile.UnixCreateMode = UnixFileMode.UserRead | UnixFileMode.UserWrite;
            }
            await using (var file = new StreamWriter(passwordFile, System.Text.Encoding.ASCII, privateFile))
            {
                await file.WriteAsync(Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(16)).AsMemory(), cancellationToken);
            }
            GiveToRunAsUser(Root);
            Run(_binaries.InitDb,
                ["-D", DataDirectory, "-U", User, "--pwfile", passwordFile, "--auth", "scram-sha-256",
                 "-E", "UTF8", "--locale", "C.UTF-8"], TimeSpan.FromMinutes(2));
            await File.AppendAllTextAsync(Path.Combine(DataDirectory, "postgresql.conf"),
                $"\n# Written by RpcCompare\nunix_socket_directories = '{Root}'\n", cancellationToken);
        }
        StopLeftOverServer(log);

        Port = FreeLoopbackPort();
        log?.Invoke($"Starting PostgreSQL {_binaries.MajorVersion} on 127.0.0.1:{Port}");
        // The settings go on the command line at every start, so a cluster made by an earlier version gets today's.
        var options = string.Join(" ", Settings.Select(s => $"-c {s.Key}={s.Value.Trim('\'')}"));
        Run(_binaries.PgCtl,
            ["-D", DataDirectory, "-l", Path.Combine(Root, "server.log"), "-w", "-t", "120", "-o", $"-p {Port} {options}", "start"],
            TimeSpan.FromMinutes(3));
        ServerProcessId = ReadPostmasterPid() ?? 0;
        _startOptions = options;
        WatchForOwnerExit();

        var password = (await File.ReadAllTextAsync(passwordFile, cancellationToken)).Trim();
        var builder = new NpgsqlConnectionStringBuilder
        {
            Host = "127.0.0.1", Port = Port, Username = User, Password = password, Database = "postgres",
        };
        await CreateDatabaseAsync(builder.ConnectionString, cancellationToken);
        builder.Database = Database;
        ConnectionString = builder.ConnectionString;
    }

    private static async Task CreateDatabaseAsync(string adminConnectionString, CancellationToken cancellationToken)
    {
        await using var connection = new NpgsqlConnection(adminConnectionString);
        await connection.OpenAsync(cancellationToken);
        await using var exists = new NpgsqlCommand("SELECT 1 FROM pg_database WHERE datname = $1", connection);
        exists.Parameters.Add(new NpgsqlParameter<string> { TypedValue = Database });
        if (await exists.ExecuteScalarAsync(cancellationToken) is null)
        {
            await using var create = new NpgsqlCommand($"CREATE DATABASE {Database}", connection);
            await create.ExecuteNonQueryAsync(cancellationToken);
        }
    }

    /// <summary>A server still running in our folder was left by a run that was killed: we hold the lock, so it is nobody's.</summary>
    private void StopLeftOverServer(Action<string>? log)
    {
        if (ReadPostmasterPid() is not { } pid || !IsAlive(pid))
        {
            return;
        }
        log?.Invoke($"Stopping a PostgreSQL server (pid {pid}) left running by an earlier run");
        Run(_binaries.PgCtl, ["-D", DataDirectory, "-m", "immediate", "-w", "stop"], TimeSpan.FromMinutes(1));
    }

    /// <summary>
    /// PostgreSQL runs as a daemon, so a client killed outright (SIGKILL, the OOM killer) cannot stop it: a detached shell
    /// loop, in its own session, waits for <see cref="OwnerProcessId"/> to go and then fast-stops this server, unless the
    /// folder's postmaster.pid names another server by then (a later run that already replaced it).
    /// </summary>
    private void WatchForOwnerExit()
    {
        if (OperatingSystem.IsWindows() || ServerProcessId == 0)
        {
            return;
        }
        const string Script = "while kill -0 \"$1\" 2>/dev/null; do sleep 1; done; " +
            "if [ \"$(head -n 1 \"$2\" 2>/dev/null)\" = \"$3\" ]; then kill -INT \"$3\"; fi";
        var setsid = SetsidPaths.FirstOrDefault(File.Exists);
        var start = new System.Diagnostics.ProcessStartInfo(setsid ?? "/bin/sh")
        {
            UseShellExecute = false,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        if (setsid is not null)
        {
            start.ArgumentList.Add("/bin/sh");
        }
        foreach (var argument in new[] { "-c", Script, "rpccompare-pg-watch", OwnerProcessId.ToString(CultureInfo.InvariantCulture),
                     Path.Combine(DataDirectory, "postmaster.pid"), ServerProcessId.ToString(CultureInfo.InvariantCulture) })
        {
            start.ArgumentList.Add(argument);
        }
        StopWatching();
        _watchdog = System.Diagnostics.Process.Start(start);
    }

    /// <summary>A server stopped by us needs no watchdog: it goes with the server, so no process of ours outlives the run.</summary>
    private void StopWatching()
    {
        if (_watchdog is null)
        {
            return;
        }
        try
        {
            _watchdog.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // It had already ended.
        }
        _watchdog.Dispose();
        _watchdog = null;
    }

    private static readonly string[] SetsidPaths = ["/usr/bin/setsid", "/bin/setsid"];

    /// <summary>The process whose end stops the server: this one, unless a test names another.</summary>
    public int OwnerProcessId { get; private init; } = Environment.ProcessId;

    /// <summary>Stops the server and starts it again on the same port after <paramref name="downtime"/> (fault tests).</summary>
    public async Task RestartAsync(TimeSpan downtime, CancellationToken cancellationToken)
    {
        Run(_binaries.PgCtl, ["-D", DataDirectory, "-m", "fast", "-w", "stop"], TimeSpan.FromMinutes(1));
        await Task.Delay(downtime, cancellationToken);
        Run(_binaries.PgCtl,
            ["-D", DataDirectory, "-l", Path.Combine(Root, "server.log"), "-w", "-t", "120", "-o", $"-p {Port} {_startOptions}", "start"],
            TimeSpan.FromMinutes(3));
        ServerProcessId = ReadPostmasterPid() ?? 0;
        WatchForOwnerExit();
    }

    public void Stop()
    {
        if (_stopped)
        {
            return;
        }
        _stopped = true;
        try
        {
            if (ReadPostmasterPid() is { } pid && IsAlive(pid))
            {
                Run(_binaries.PgCtl, ["-D", DataDirectory, "-m", "fast", "-w", "-t", "60", "stop"], TimeSpan.FromSeconds(90));
            }
        }
        finally
        {
            StopWatching();
            _lock?.Dispose();
            _lock = null;
            if (_ephemeral && Directory.Exists(Root))
            {
                Directory.Delete(Root, recursive: true);
            }
        }
    }

    public ValueTask DisposeAsync()
    {
        Stop();
        return ValueTask.CompletedTask;
    }

    public void Dispose() => Stop();

    private int? ReadPostmasterPid()
    {
        var file = Path.Combine(DataDirectory, "postmaster.pid");
        try
        {
            var first = File.ReadLines(file).FirstOrDefault();
            return int.TryParse(first, NumberStyles.Integer, CultureInfo.InvariantCulture, out var pid) ? pid : null;
        }
        catch (IOException)
        {
            return null;
        }
    }

    /// <summary>Running, and not a zombie waiting for whoever adopted it to reap it.</summary>
    public static bool IsAlive(int pid)
    {
        try
        {
            var state = File.ReadLines($"/proc/{pid}/status").FirstOrDefault(l => l.StartsWith("State:", StringComparison.Ordinal));
            return state is not null && state["State:".Length..].TrimStart() is [not 'Z', ..];
        }
        catch (IOException)
        {
            return false;
        }
    }

    private void Run(string program, IReadOnlyList<string> arguments, TimeSpan timeout) =>
        ProcessRunner.Run(program, arguments, _runAs, timeout);

    private void GiveToRunAsUser(string folder)
    {
        if (_runAs is not null)
        {
            ProcessRunner.Run("chown", ["-R", $"{_runAs}:", folder], null, TimeSpan.FromMinutes(1));
        }
    }

    /// <summary>One RpcCompare process per cluster folder; a second one gets a clear message instead of a broken server.</summary>
    private static FileStream TakeLock(string root)
    {
        try
        {
            return new FileStream(Path.Combine(root, "rpccompare.lock"), FileMode.OpenOrCreate, FileAccess.ReadWrite,
                FileShare.None);
        }
        catch (IOException e)
        {
            throw new PostgresUnavailableException(
                $"Another RpcCompare process is using the local PostgreSQL in {root}; wait for it to finish, or give a " +
                "database with --connection.", e);
        }
    }

    private static string FindUnprivilegedUser()
    {
        foreach (var line in File.ReadLines("/etc/passwd"))
        {
            if (line.StartsWith("postgres:", StringComparison.Ordinal))
            {
                return "postgres";
            }
        }
        throw new PostgresUnavailableException(
            "PostgreSQL refuses to run as root and this machine has no 'postgres' user to run it as. " +
            "Create one (useradd --system postgres), run RpcCompare as a normal user, or give a database with --connection.");
    }

    private static int FreeLoopbackPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}

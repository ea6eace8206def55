using System.Diagnostics;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>How the load client starts and stops the .NET processes it runs beside it (hosts, relays).</summary>
internal static class ChildProcess
{
    /// <summary>`dotnet` with <paramref name="arguments"/>, every stream redirected; behind taskset when
    /// <paramref name="cpus"/> is given, which execs dotnet in its own process, so the pid, the signals and the EventPipe
    /// session are the child's, and a child of a pinned client does not inherit the client's CPUs. A child does not
    /// inherit the load client's socket setting (<see cref="Clients.SocketCompletions"/>): hosts and relays keep .NET's.</summary>
    public static ProcessStartInfo DotnetStartInfo(IReadOnlyList<int>? cpus, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo(cpus is null ? Dotnet : Placement.Taskset.Program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        start.Environment.Remove(Clients.SocketCompletions.Variable);
        if (cpus is not null)
        {
            start.ArgumentList.Add("--cpu-list");
            start.ArgumentList.Add(Placement.CpuList.Format(cpus));
            start.ArgumentList.Add(Dotnet);
        }
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        return start;
    }

    /// <summary>util-linux's setsid, or null where the machine has none.</summary>
    private static readonly string? Setsid =
        (Environment.GetEnvironmentVariable("PATH") ?? "/usr/bin:/bin").Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Select(folder => Path.Combine(folder, "setsid"))
            .FirstOrDefault(File.Exists);

    /// <summary>
    /// Makes <paramref name="start"/> run in a session of its own (behind setsid, which execs in place: a child is never
    /// a process group leader, so the pid stays the child's). A terminal's Ctrl+C then reaches the parent only, and the
    /// parent passes on one signal per signal of its own (<see cref="PassOnStop(Process, bool, CancellationToken)"/>); in the parent's group the child
    /// would get the Ctrl+C itself, and a signal passed on would be its second, which forces a load client to stop at once. False where
    /// the machine has no setsid: the child stays in the parent's group and gets a terminal's signals directly.
    /// </summary>
    public static bool InOwnSession(ProcessStartInfo start)
    {
        if (Setsid is null)
        {
            return false;
        }
        start.ArgumentList.Insert(0, start.FileName);
        start.FileName = Setsid;
        return true;
    }

    /// <summary>While the returned handle lives, <paramref name="stopping"/> being cancelled (the parent's first Ctrl+C,
    /// SIGTERM or SIGHUP) sends <paramref name="process"/> one SIGTERM, so a child in a session of its own stops as
    /// gracefully as its parent and keeps what it measured; the parent's second signal (<see cref="Shutdown"/>'s "again
    /// to force") sends it a second one, which forces it too. SIGTERM, not SIGINT: a parent started in the background
    /// by a shell script inherits SIGINT ignored and hands that on, and an ignored SIGINT stays ignored. Nothing is sent
    /// to a child in the parent's group: it had the signals itself.</summary>
    public static IDisposable PassOnStop(Process process, bool ownSession, CancellationToken stopping) =>
        PassOnStop(process, ownSession, terminate => Shutdown.Register(terminate), stopping);

    /// <param name="onSecondSignal">Registers what the parent's second signal runs (<see cref="Shutdown.Register"/>; a
    /// test's own in tests, since Shutdown's list is the whole process's).</param>
    internal static IDisposable PassOnStop(Process process, bool ownSession, Func<Action, IDisposable> onSecondSignal, CancellationToken stopping)
    {
        if (!ownSession)
        {
            return new CancellationTokenRegistration();
        }
        void Terminate()
        {
            try
            {
                if (!process.HasExited)
                {
                    Signals.Send(process.Id, Signals.Term);
                }
            }
            catch (InvalidOperationException)
            {
                // The signal came as the process object was being let go: the child has been waited for already.
            }
        }
        var first = stopping.Register(Terminate);
        var second = onSecondSignal(Terminate);
        return new Both(first, second);
    }

    private sealed class Both(IDisposable first, IDisposable second) : IDisposable
    {
        public void Dispose()
        {
            first.Dispose();
            second.Dispose();
        }
    }

    /// <summary>
    /// The dotnet that runs this client (so a client copied to a machine without dotnet on its PATH starts its hosts
    /// with the runtime it came with): this process when it is dotnet, the SDK's DOTNET_HOST_PATH under `dotnet run`,
    /// DOTNET_ROOT's, and the PATH's last.
    /// </summary>
    public static string Dotnet { get; } = FindDotnet();

    private static string FindDotnet()
    {
        var executable = OperatingSystem.IsWindows() ? "dotnet.exe" : "dotnet";
        if (Environment.ProcessPath is { } self && Path.GetFileName(self) == executable)
        {
            return self;
        }
        if (Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } hostPath && File.Exists(hostPath))
        {
            return hostPath;
        }
        if (Environment.GetEnvironmentVariable("DOTNET_ROOT") is { Length: > 0 } root && File.Exists(Path.Combine(root, executable)))
        {
            return Path.Combine(root, executable);
        }
        return "dotnet";
    }

    /// <summary>Kills the child and whatever it started, if it still runs.</summary>
    public static void Kill(Process process, TimeSpan? waitForExit = null)
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
                if (waitForExit is { } wait)
                {
                    process.WaitForExit(wait);
                }
            }
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
    }
}

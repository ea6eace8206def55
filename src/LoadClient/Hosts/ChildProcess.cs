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

using System.Diagnostics;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>How the load client starts and stops the .NET processes it runs beside it (hosts, relays).</summary>
internal static class ChildProcess
{
    /// <summary>`dotnet` with <paramref name="arguments"/>, every stream redirected; behind taskset when
    /// <paramref name="cpus"/> is given, which execs dotnet in its own process, so the pid, the signals and the EventPipe
    /// session are the child's, and a child of a pinned client does not inherit the client's CPUs.</summary>
    public static ProcessStartInfo DotnetStartInfo(IReadOnlyList<int>? cpus, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo(cpus is null ? "dotnet" : Placement.Taskset.Program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        if (cpus is not null)
        {
            start.ArgumentList.Add("--cpu-list");
            start.ArgumentList.Add(Placement.CpuList.Format(cpus));
            start.ArgumentList.Add("dotnet");
        }
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        return start;
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

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Where the load client's socket completions run. By default .NET's socket engine (one epoll thread below 30 CPUs)
/// hands every completion to the thread pool; at 64 callers on 16 cores that hand-off, not the CPUs, stopped one client
/// process with a third of its CPUs idle, and run inline (on the engine's threads, one per CPU the process saw at start,
/// as a wrk or h2load event loop runs) the same process made 37% more REST calls (docs/performance.md). Inline is unsafe
/// wherever a continuation blocks on another socket: the seeder's synchronous COPY after an async command stalled every
/// connection of its engine. So only a run that starts no database and no host (every stack a --target: a client process
/// of --client-processes, a client machine, a crank load job) turns it on, before its first socket, since the runtime
/// reads the variable once; a command that opens the database refuses it (<see cref="RefuseForDatabase"/>); hosts and
/// relays always keep .NET's default (<see cref="Hosts.ChildProcess"/> takes the variable out of their environment).
/// </summary>
internal static class SocketCompletions
{
    public const string Variable = "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS";

    /// <summary>True when this process turned inline completions on itself (the user had not set the variable).</summary>
    public static bool SetHere { get; private set; }

    /// <summary>Turns inline completions on for this process unless the user set the variable either way.</summary>
    public static void RunInline()
    {
        if (Environment.GetEnvironmentVariable(Variable) is null)
        {
            Environment.SetEnvironmentVariable(Variable, "1");
            SetHere = true;
        }
    }

    /// <summary>Refuses a command that opens the database when the user turned inline completions on: the seeder would
    /// stall rather than fail.</summary>
    public static void RefuseForDatabase()
    {
        if (!SetHere && Environment.GetEnvironmentVariable(Variable) == "1")
        {
            throw new UserFacingException(
                $"{Variable}=1 is set, and this command starts or loads the database, which stalls with socket completions " +
                "inline (the loader waits on a socket inside an async continuation). Unset it; a run whose every stack is a " +
                "--target turns it on by itself.");
        }
    }

    /// <summary>How this process's socket completions run, for the manifest.</summary>
    public static string Description => Environment.GetEnvironmentVariable(Variable) == "1"
        ? $"socket completions run inline on the socket engine's threads ({Variable}=1)"
        : "socket completions dispatched to the thread pool (.NET's default)";
}

namespace RpcCompare.Stacks;

/// <summary>Defaults the hosts and the load client that starts them must agree on.</summary>
public static class HostDefaults
{
    /// <summary>Maximum PostgreSQL connections of each host's Npgsql pool: Npgsql's own default, and enough for the
    /// studies' 10 threads with room for the 200-thread stress runs to show pool exhaustion rather than hide it.</summary>
    public const int DbPoolSize = 100;

    /// <summary>A call that takes longer fails as a timeout, so a stalled host never hangs a run.</summary>
    public static readonly TimeSpan RequestTimeout = TimeSpan.FromSeconds(60);

    /// <summary>How long a host may take to start and report healthy (a cold JIT and a first database connection).</summary>
    public static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(60);
}

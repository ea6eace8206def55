namespace RpcCompare.Stacks;

/// <summary>
/// Why a host could not answer, when the reason is the shared database rather than the request or the stack. Every host
/// names the cause in its own idiom and the load client reads it back into the same error kind, so a run at 200 threads
/// says "the pool was exhausted" instead of "server error".
/// </summary>
public static class FailureCauses
{
    /// <summary>No database connection became free within the pool's wait timeout (Npgsql's Timeout).</summary>
    public const string DbPool = "db-pool";

    /// <summary>The database did not answer in time: Npgsql's connect or command timeout, or a cancelled statement.</summary>
    public const string DbTimeout = "db-timeout";

    /// <summary>Every cause a host reports.</summary>
    public static IReadOnlyList<string> All { get; } = [DbPool, DbTimeout];

    /// <summary>gRPC: the status is Unavailable and this trailer carries the cause.</summary>
    public const string GrpcTrailer = "rpccompare-cause";

    /// <summary>REST: the problem details' "type" (RFC 9457) is this prefix plus the cause; the status is 503.
    /// WCF: a Receiver fault whose subcode is the cause itself, in the service's namespace.</summary>
    public const string ProblemTypePrefix = "https://rpccompare.dev/problems/";

    /// <summary>GraphQL: the error's extensions.code, in GraphQL's upper-case style ("DB_POOL").</summary>
    public static string GraphQlCode(string cause) => cause.ToUpperInvariant().Replace('-', '_');

    /// <summary>The cause a GraphQL error code names; null for any other code.</summary>
    public static string? FromGraphQlCode(string? code) => All.FirstOrDefault(cause => GraphQlCode(cause) == code);

    /// <summary>The sentence a host's error carries for <paramref name="cause"/>.</summary>
    public static string Message(string cause) => cause switch
    {
        DbPool => "The database connection pool is exhausted: every connection stayed busy for the pool's wait timeout.",
        DbTimeout => "The database did not answer in time.",
        _ => throw new ArgumentOutOfRangeException(nameof(cause), cause, "Unknown failure cause."),
    };
}

using Npgsql;
using RpcCompare.Stacks;

namespace RpcCompare.Data.Queries;

/// <summary>Recognises the database's own failures in whatever EF Core wrapped them in, so each host can name them.</summary>
public static class DatabaseFailures
{
    /// <summary>
    /// <see cref="FailureCauses.DbPool"/> when Npgsql found its pool exhausted, <see cref="FailureCauses.DbTimeout"/> when
    /// it timed out connecting or waiting for an answer (or PostgreSQL cancelled the statement), null for anything else.
    /// </summary>
    public static string? CauseOf(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        string? cause = null;
        for (Exception? current = exception; current is not null; current = current.InnerException)
        {
            switch (current)
            {
                // Npgsql has no exception type of its own for this: its message is the only mark (PoolingDataSource).
                case NpgsqlException pool when pool.Message.StartsWith("The connection pool has been exhausted", StringComparison.Ordinal):
                    return FailureCauses.DbPool;
                case PostgresException { SqlState: PostgresErrorCodes.QueryCanceled }:
                case NpgsqlException { InnerException: TimeoutException }:
                    cause = FailureCauses.DbTimeout;
                    break;
            }
        }
        return cause;
    }
}

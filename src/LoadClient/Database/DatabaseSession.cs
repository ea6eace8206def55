using Npgsql;
using RpcCompare.Data.Postgres;

namespace RpcCompare.LoadClient.Database;

/// <summary>
/// The database a command works on: the one in --connection or RPCCOMPARE_PG as it is, or else our own local cluster,
/// which stops when the session is disposed (and at process exit, whatever happens).
/// </summary>
public sealed class DatabaseSession : IAsyncDisposable
{
    public const string EnvironmentVariable = "RPCCOMPARE_PG";

    private readonly LocalPostgres? _local;
    private readonly IDisposable? _cleanup;

    private DatabaseSession(string connectionString, LocalPostgres? local)
    {
        ConnectionString = connectionString;
        _local = local;
        if (local is not null)
        {
            _cleanup = Shutdown.Register(local.Stop, order: 100);
        }
    }

    public string ConnectionString { get; }

    public bool IsLocal => _local is not null;

    /// <summary>Where the data lives, for people reading the output: host and database, never the password.</summary>
    public string Description => IsLocal
        ? $"local PostgreSQL {_local!.MajorVersion} on 127.0.0.1:{_local.Port} (data in {_local.DataDirectory})"
        : $"PostgreSQL at {Mask(ConnectionString)}";

    public LocalPostgres? Local => _local;

    public static async Task<DatabaseSession> OpenAsync(string? connection, string? localRoot, Action<string> log,
        CancellationToken cancellationToken)
    {
        connection ??= Environment.GetEnvironmentVariable(EnvironmentVariable) is { Length: > 0 } fromEnvironment
            ? fromEnvironment
            : null;
        if (connection is not null)
        {
            ValidateConnectionString(connection);
            return new DatabaseSession(connection, null);
        }
        var local = await LocalPostgres.StartAsync(localRoot, ephemeral: false, log, cancellationToken);
        return new DatabaseSession(local.ConnectionString, local);
    }

    /// <summary>A connection string for logs, manifests and reports: the password replaced by ***.</summary>
    public static string Mask(string connectionString)
    {
        try
        {
            var builder = new NpgsqlConnectionStringBuilder(connectionString);
            if (!string.IsNullOrEmpty(builder.Password))
            {
                builder.Password = "***";
            }
            return builder.ConnectionString;
        }
        catch (ArgumentException)
        {
            return "(unreadable connection string)";
        }
    }

    private static void ValidateConnectionString(string connection)
    {
        try
        {
            _ = new NpgsqlConnectionStringBuilder(connection);
        }
        catch (ArgumentException e)
        {
            throw new UserFacingException($"The connection string is not valid: {e.Message}");
        }
    }

    public ValueTask DisposeAsync()
    {
        _cleanup?.Dispose();
        _local?.Stop();
        return ValueTask.CompletedTask;
    }
}

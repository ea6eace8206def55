using Npgsql;

namespace RpcCompare.Data.Postgres;

/// <summary>
/// Whether a connection string comes with a password wherever Npgsql would find one: its Password or Passfile, the
/// PGPASSWORD or PGPASSFILE environment variable, or the user's default passfile. A crank job asks for one
/// (--require-password), so a run whose operator gave none stops at once with a sentence instead of trying a default.
/// </summary>
public static class ConnectionPassword
{
    public const string Option = "--require-password";

    /// <summary>Why no password is configured (one sentence naming the option), or null when one is.</summary>
    /// <param name="environment">The environment variables to read (tests pass their own); null: the process's.</param>
    public static string? Missing(string connectionString, Func<string, string?>? environment = null)
    {
        environment ??= Environment.GetEnvironmentVariable;
        NpgsqlConnectionStringBuilder builder;
        try
        {
            builder = new NpgsqlConnectionStringBuilder(connectionString);
        }
        catch (ArgumentException)
        {
            // Not ours to explain: opening the database says what is wrong with the string.
            return null;
        }
        if (!string.IsNullOrEmpty(builder.Password) || !string.IsNullOrEmpty(environment("PGPASSWORD")))
        {
            return null;
        }
        var named = NonEmpty(builder.Passfile) ?? NonEmpty(environment("PGPASSFILE"));
        if (named is not null)
        {
            return File.Exists(named) ? null : $"{Option}: the PostgreSQL passfile {named} does not exist.";
        }
        var fallback = DefaultPassfile(environment);
        return File.Exists(fallback) ? null :
            $"{Option}: the connection string (RPCCOMPARE_PG or --connection) has no Password or Passfile, and neither PGPASSWORD, " +
            $"PGPASSFILE nor {fallback} gives one; under crank, set the databasePasswordFile or databasePassword variable " +
            "(benchmarks/crank/README.md): rpccompare.yml has no default.";
    }

    /// <summary>Where Npgsql (as libpq) looks when nothing names a passfile: the user's folder, which .NET reads from HOME
    /// (APPDATA on Windows).</summary>
    private static string DefaultPassfile(Func<string, string?> environment) => OperatingSystem.IsWindows()
        ? Path.Combine(environment("APPDATA") ?? Environment.GetFolderPath(Environment.SpecialFolder.ApplicationData), "postgresql", "pgpass.conf")
        : Path.Combine(environment("HOME") ?? Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".pgpass");

    private static string? NonEmpty(string? text) => string.IsNullOrEmpty(text) ? null : text;
}

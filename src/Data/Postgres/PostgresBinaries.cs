namespace RpcCompare.Data.Postgres;

/// <summary>Where the PostgreSQL server programs (initdb, pg_ctl, postgres) of this machine are.</summary>
public sealed record PostgresBinaries(string Directory, int MajorVersion)
{
    public string InitDb => Path.Combine(Directory, "initdb");
    public string PgCtl => Path.Combine(Directory, "pg_ctl");

    /// <summary>RPCCOMPARE_PG_BIN, then PATH, then the newest /usr/lib/postgresql/*/bin (Debian, Ubuntu), /usr/local/pgsql/bin.</summary>
    public static PostgresBinaries Find() => Find(DefaultCandidates());

    public static PostgresBinaries Find(IEnumerable<string> candidates)
    {
        foreach (var directory in candidates)
        {
            if (File.Exists(Path.Combine(directory, "initdb")) && File.Exists(Path.Combine(directory, "pg_ctl"))
                && File.Exists(Path.Combine(directory, "postgres")))
            {
                return new PostgresBinaries(directory, ReadMajorVersion(directory));
            }
        }
        throw new PostgresUnavailableException(
            "No PostgreSQL server binaries (initdb, pg_ctl) were found on PATH or under /usr/lib/postgresql/*/bin. " +
            "Install them (Debian/Ubuntu: sudo apt-get install postgresql) or give a database with --connection " +
            "or the RPCCOMPARE_PG environment variable.");
    }

    private static List<string> DefaultCandidates()
    {
        var candidates = new List<string>();
        if (Environment.GetEnvironmentVariable("RPCCOMPARE_PG_BIN") is { Length: > 0 } configured)
        {
            candidates.Add(configured);
        }
        candidates.AddRange((Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries));
        if (System.IO.Directory.Exists("/usr/lib/postgresql"))
        {
            candidates.AddRange(System.IO.Directory.GetDirectories("/usr/lib/postgresql")
                .OrderByDescending(d => int.TryParse(Path.GetFileName(d), out var v) ? v : 0)
                .Select(d => Path.Combine(d, "bin")));
        }
        candidates.Add("/usr/local/pgsql/bin");
        return candidates;
    }

    private static int ReadMajorVersion(string directory)
    {
        // Debian keeps one directory per major version; elsewhere ask the binary.
        if (int.TryParse(Path.GetFileName(Path.GetDirectoryName(directory)), out var version))
        {
            return version;
        }
        var output = ProcessRunner.Run(Path.Combine(directory, "pg_ctl"), ["--version"], null, TimeSpan.FromSeconds(10));
        var digits = new string(output.SkipWhile(c => !char.IsDigit(c)).TakeWhile(char.IsDigit).ToArray());
        return int.TryParse(digits, out version) ? version : 0;
    }
}

/// <summary>The local PostgreSQL cannot be had: the message says why and what to do.</summary>
public sealed class PostgresUnavailableException(string message, Exception? inner = null) : Exception(message, inner);

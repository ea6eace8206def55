using System.Net;
using System.Security.Cryptography.X509Certificates;
using Microsoft.Extensions.Configuration;
using RpcCompare.Data.Postgres;
using RpcCompare.Stacks;

namespace RpcCompare.Server.Common;

/// <summary>
/// What every host is started with, from its command line (--port 7001 --bind 0.0.0.0 --allow-writes) or environment.
/// The connection string comes from RPCCOMPARE_PG (or --connection): the load client uses the environment so the
/// password never shows in the process list.
/// </summary>
public sealed record HostSettings
{
    /// <summary>Environment variables with this prefix are options too (RPCCOMPARE_BIND=0.0.0.0); no others are.</summary>
    public const string EnvironmentPrefix = "RPCCOMPARE_";

    public const string ConnectionVariable = "RPCCOMPARE_PG";

    public required string Stack { get; init; }
    public required IPAddress Bind { get; init; }
    public required int Port { get; init; }
    public required string ConnectionString { get; init; }
    public bool AllowWrites { get; init; }
    public int DbPoolSize { get; init; }

    /// <summary>A pg_sleep before every GetLinks query (--query-delay-ms; 0 = none).</summary>
    public TimeSpan QueryDelay { get; init; }

    /// <summary>The certificate the host serves TLS with (--certificate and --certificate-key); null: security off.</summary>
    public X509Certificate2? Certificate { get; init; }

    public bool IsSecure => Certificate is not null;

    public bool IsExposed => !IPAddress.IsLoopback(Bind);

    public static HostSettings Read(string stack, IConfiguration configuration, int defaultPort)
    {
        var bindText = configuration[HostOptionNames.Bind] ?? "127.0.0.1";
        if (!IPAddress.TryParse(bindText, out var bind))
        {
            throw new HostConfigurationException($"--bind must be an IP address such as 127.0.0.1 or 0.0.0.0 (was '{bindText}').");
        }
        var connection = configuration[HostOptionNames.Connection] ?? Environment.GetEnvironmentVariable(ConnectionVariable);
        if (string.IsNullOrWhiteSpace(connection))
        {
            throw new HostConfigurationException(
                "No database: set the RPCCOMPARE_PG environment variable (or --connection) to a PostgreSQL connection string; " +
                "`dotnet run --project src/LoadClient -- servers` starts the hosts with a local database for you.");
        }
        if (ReadBool(configuration, HostOptionNames.RequirePassword) && ConnectionPassword.Missing(connection) is { } missing)
        {
            throw new HostConfigurationException(missing);
        }
        return new HostSettings
        {
            Stack = stack,
            Bind = bind,
            Port = ReadInt(configuration, HostOptionNames.Port, defaultPort, 0, 65_535),
            ConnectionString = connection,
            AllowWrites = ReadBool(configuration, HostOptionNames.AllowWrites),
            DbPoolSize = ReadInt(configuration, HostOptionNames.DbPoolSize, HostDefaults.DbPoolSize, 1, 10_000),
            QueryDelay = TimeSpan.FromMilliseconds(ReadInt(configuration, HostOptionNames.QueryDelayMs, 0, 0, 60_000)),
            Certificate = ReadCertificate(configuration),
        };
    }

    private static X509Certificate2? ReadCertificate(IConfiguration configuration)
    {
        var (certificate, key) = (configuration[HostOptionNames.Certificate], configuration[HostOptionNames.CertificateKey]);
        if (certificate is null && key is null)
        {
            return null;
        }
        if (certificate is null || key is null)
        {
            throw new HostConfigurationException(
                $"--{HostOptionNames.Certificate} and --{HostOptionNames.CertificateKey} go together: give both PEM files or neither.");
        }
        try
        {
            return RunCertificates.LoadPem(certificate, key);
        }
        catch (CertificateFileException e)
        {
            throw new HostConfigurationException(e.Message);
        }
    }

    /// <summary>An optional extra port option (e.g. --http2-port); null when not given.</summary>
    public static int? ReadPort(IConfiguration configuration, string key) =>
        configuration[key] is null ? null : ReadInt(configuration, key, 0, 0, 65_535);

    internal static int ReadInt(IConfiguration configuration, string key, int fallback, int min, int max)
    {
        var text = configuration[key];
        if (text is null)
        {
            return fallback;
        }
        if (!int.TryParse(text, System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture,
                out var value) || value < min || value > max)
        {
            throw new HostConfigurationException($"--{key} must be a whole number from {min} to {max} (was '{text}').");
        }
        return value;
    }

    internal static bool ReadBool(IConfiguration configuration, string key)
    {
        var text = configuration[key];
        if (text is null)
        {
            return false;
        }
        return bool.TryParse(text, out var value)
            ? value
            : throw new HostConfigurationException($"--{key} must be true or false (was '{text}').");
    }
}

public sealed class HostConfigurationException(string message) : Exception(message);

using RpcCompare.Stacks;

namespace RpcCompare.Server.Common;

/// <summary>
/// The hosts' few command-line options, checked before ASP.NET Core sees them: a typo is an error that names it rather than
/// a setting silently ignored, and a bare switch such as --allow-writes becomes --allow-writes=true.
/// </summary>
public static class HostArguments
{
    private static readonly (string Name, bool IsSwitch, string Help)[] Common =
    [
        (HostOptionNames.Port, false, "TCP port to listen on (0 = any free port, printed at start)"),
        (HostOptionNames.Bind, false, "IP address to bind (default 127.0.0.1; anything else exposes the host and prints a warning)"),
        (HostOptionNames.Connection, false, "PostgreSQL connection string (default: the RPCCOMPARE_PG environment variable)"),
        (HostOptionNames.RequirePassword, true, "refuse to start unless the connection string, PGPASSWORD or a passfile gives a password"),
        (HostOptionNames.AllowWrites, true, "allow CreateNode (off by default: the host is read-only outside the write scenario)"),
        (HostOptionNames.DbPoolSize, false, $"maximum PostgreSQL connections of this host (default {HostDefaults.DbPoolSize})"),
        (HostOptionNames.QueryDelayMs, false, "add a pg_sleep of this many ms to every GetLinks query: a slower database on purpose (default 0)"),
        (HostOptionNames.Certificate, false, "serve over TLS with this PEM certificate (with --certificate-key; default: no TLS)"),
        (HostOptionNames.CertificateKey, false, "the PEM private key of --certificate"),
        (HostOptionNames.ParentPid, false, "stop when this process exits (the load client passes its own pid)"),
    ];

    /// <summary>The normalised arguments, or null after printing help.</summary>
    public static string[]? Normalize(string stack, string[] args, params (string Name, bool IsSwitch, string Help)[] extra)
    {
        var known = Common.Concat(extra).ToDictionary(o => o.Name, StringComparer.Ordinal);
        var result = new List<string>();
        for (var i = 0; i < args.Length; i++)
        {
            var arg = args[i];
            if (arg is "--help" or "-h" or "-?")
            {
                Console.WriteLine($"RpcCompare {Stacks.StackCatalog.DisplayName(stack)} host. Options:");
                var usages = known.Values.Select(o => (Usage: $"--{o.Name}{(o.IsSwitch ? "" : " <value>")}", o.Help)).ToList();
                var width = usages.Max(u => u.Usage.Length);
                foreach (var (usage, help) in usages)
                {
                    Console.WriteLine($"  {usage.PadRight(width)}  {help}");
                }
                return null;
            }
            if (!arg.StartsWith("--", StringComparison.Ordinal))
            {
                throw new HostConfigurationException($"Unexpected argument '{arg}'; options start with -- (see --help).");
            }
            var (name, value) = arg.IndexOf('=', StringComparison.Ordinal) is var eq and > 0
                ? (arg[2..eq], arg[(eq + 1)..])
                : (arg[2..], null);
            if (!known.TryGetValue(name, out var definition))
            {
                throw new HostConfigurationException(
                    $"Unknown option --{name}; known options: {string.Join(", ", known.Keys.Select(k => "--" + k))}.");
            }
            if (value is null)
            {
                if (definition.IsSwitch && (i + 1 >= args.Length || args[i + 1].StartsWith("--", StringComparison.Ordinal)))
                {
                    value = "true";
                }
                else if (i + 1 < args.Length)
                {
                    value = args[++i];
                }
                else
                {
                    throw new HostConfigurationException($"--{name} needs a value.");
                }
            }
            result.Add($"--{name}={value}");
        }
        return [.. result];
    }
}

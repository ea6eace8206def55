using System.Globalization;
using System.Net;
using System.Net.NetworkInformation;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>
/// Finds the process behind a --target address when it runs on this machine, so its counters and timings can be read
/// over EventPipe like a spawned host's: the listening socket's inode from /proc/net/tcp{,6}, then the process holding
/// it among /proc/*/fd (only the current user's processes are readable, which is also what EventPipe can attach to).
/// </summary>
public static class LocalListener
{
    private const string Listen = "0A";

    /// <summary>The pid listening on <paramref name="address"/>'s port, if the address is this machine's and the process
    /// is visible; null otherwise (another machine, another user, not Linux).</summary>
    public static int? FindPid(string address)
    {
        if (!OperatingSystem.IsLinux() || !TryParse(address, out var host, out var port) || !IsThisMachine(host))
        {
            return null;
        }

        var inodes = new HashSet<string>(StringComparer.Ordinal);
        foreach (var table in new[] { "/proc/net/tcp", "/proc/net/tcp6" })
        {
            foreach (var inode in ListeningInodes(table, port))
            {
                inodes.Add($"socket:[{inode}]");
            }
        }
        return inodes.Count == 0 ? null : Holder(inodes);
    }

    private static bool TryParse(string address, out string host, out int port)
    {
        host = "";
        port = 0;
        if (!Uri.TryCreate(address, UriKind.Absolute, out var uri) || uri.Port <= 0)
        {
            return false;
        }
        host = uri.Host;
        port = uri.Port;
        return true;
    }

    private static bool IsThisMachine(string host)
    {
        if (host.Equals("localhost", StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }
        if (!IPAddress.TryParse(host.Trim('[', ']'), out var ip))
        {
            return false;
        }
        return IPAddress.IsLoopback(ip) || NetworkInterface.GetAllNetworkInterfaces()
            .SelectMany(n => n.GetIPProperties().UnicastAddresses)
            .Any(a => a.Address.Equals(ip));
    }

    /// <summary>Lines of "sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...".</summary>
    internal static IEnumerable<string> ListeningInodes(string table, int port)
    {
        if (!File.Exists(table))
        {
            yield break;
        }
        foreach (var line in File.ReadLines(table).Skip(1))
        {
            var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (fields.Length < 10 || fields[3] != Listen)
            {
                continue;
            }
            var local = fields[1];
            var colon = local.LastIndexOf(':');
            if (colon > 0 && int.TryParse(local.AsSpan(colon + 1), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var listening)
                && listening == port)
            {
                yield return fields[9];
            }
        }
    }

    private static int? Holder(HashSet<string> sockets)
    {
        foreach (var process in Directory.EnumerateDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(process), CultureInfo.InvariantCulture, out var pid))
            {
                continue;
            }
            try
            {
                foreach (var fd in Directory.EnumerateFileSystemEntries(Path.Combine(process, "fd")))
                {
                    if (new FileInfo(fd).LinkTarget is { } target && sockets.Contains(target))
                    {
                        return pid;
                    }
                }
            }
            catch (Exception e) when (e is UnauthorizedAccessException or IOException)
            {
                // Another user's process, or one that just exited.
            }
        }
        return null;
    }
}

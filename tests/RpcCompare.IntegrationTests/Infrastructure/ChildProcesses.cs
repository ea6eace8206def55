namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>The host processes this test process started, found in /proc (parent id and command line).</summary>
public static class ChildProcesses
{
    public static IReadOnlyList<int> Hosts(string? stack = null)
    {
        var me = Environment.ProcessId;
        var found = new List<int>();
        foreach (var directory in Directory.GetDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(directory), out var pid))
            {
                continue;
            }
            try
            {
                var status = File.ReadAllLines(Path.Combine(directory, "status"));
                var parent = status.FirstOrDefault(l => l.StartsWith("PPid:", StringComparison.Ordinal))?[5..].Trim();
                var state = status.FirstOrDefault(l => l.StartsWith("State:", StringComparison.Ordinal)) ?? "";
                var command = File.ReadAllText(Path.Combine(directory, "cmdline")).Replace('\0', ' ');
                if (parent == me.ToString(System.Globalization.CultureInfo.InvariantCulture) && !state.Contains("zombie", StringComparison.Ordinal)
                    && command.Contains("RpcCompare.Server.", StringComparison.Ordinal)
                    && (stack is null || command.Contains($"RpcCompare.Server.{stack}", StringComparison.OrdinalIgnoreCase)))
                {
                    found.Add(pid);
                }
            }
            catch (IOException)
            {
                // The process ended while we looked.
            }
        }
        return found;
    }
}

using System.Globalization;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>A process's resident memory (VmRSS of /proc/pid/status) and CPU time (utime + stime of /proc/pid/stat):
/// resources a hostile request may cost a host, read as such, never as durations.</summary>
public readonly record struct ProcessUsage(long RssBytes, TimeSpan Cpu)
{
    /// <summary>USER_HZ, the unit of utime and stime: 100 on every Linux architecture .NET runs on.</summary>
    private const double TicksPerSecond = 100;

    public static ProcessUsage Read(int pid)
    {
        var rssKb = File.ReadLines($"/proc/{pid}/status").Single(l => l.StartsWith("VmRSS:", StringComparison.Ordinal))
            ["VmRSS:".Length..].Trim().Split(' ')[0];
        var stat = File.ReadAllText($"/proc/{pid}/stat");
        // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14, stime 15.
        var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        var ticks = long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture);
        return new ProcessUsage(long.Parse(rssKb, CultureInfo.InvariantCulture) * 1024, TimeSpan.FromSeconds(ticks / TicksPerSecond));
    }
}

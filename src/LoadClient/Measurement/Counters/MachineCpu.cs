using System.Globalization;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// The machine's CPU counters as Linux's /proc/stat gives them (jiffies since boot, all CPUs): read at both ends of a
/// measured window, they say how busy the whole machine was (our processes and everyone else's) and how much time the
/// hypervisor gave to other guests (steal), so a trial spoiled by a noisy neighbour is named instead of averaged in.
/// </summary>
public sealed record MachineCpu(long Busy, long Idle, long Steal)
{
    private const string ProcStat = "/proc/stat";

    /// <summary>The machine's counters now; null where /proc/stat is missing or unreadable (not Linux, a sandbox).</summary>
    public static MachineCpu? Read()
    {
        try
        {
            using var reader = new StreamReader(ProcStat);
            return Parse(reader.ReadLine());
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>The aggregate "cpu" line: user nice system idle iowait irq softirq steal [guest guest_nice]; null when it
    /// is not one (guest time is already counted in user).</summary>
    public static MachineCpu? Parse(string? line)
    {
        var fields = line?.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (fields is null || fields.Length < 9 || fields[0] != "cpu")
        {
            return null;
        }

        var values = new long[8];
        for (var i = 0; i < values.Length; i++)
        {
            if (!long.TryParse(fields[i + 1], NumberStyles.None, CultureInfo.InvariantCulture, out values[i]))
            {
                return null;
            }
        }

        var (user, nice, system, idle, iowait, irq, softirq, steal) = (values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7]);
        return new MachineCpu(user + nice + system + irq + softirq, idle + iowait, steal);
    }

    /// <summary>The window from <paramref name="start"/> to <paramref name="end"/>; null when no time passed.</summary>
    public static MachineNoise? Between(MachineCpu? start, MachineCpu? end)
    {
        if (start is null || end is null)
        {
            return null;
        }

        var (busy, idle, steal) = (end.Busy - start.Busy, end.Idle - start.Idle, end.Steal - start.Steal);
        var total = busy + idle + steal;
        return total <= 0 || busy < 0 || idle < 0 || steal < 0
            ? null
            : new MachineNoise { BusyPercent = Math.Round(100.0 * busy / total, 1), StealPercent = Math.Round(100.0 * steal / total, 1) };
    }
}

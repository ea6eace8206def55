using System.Runtime.InteropServices;

namespace RpcCompare.LoadClient.Placement;

/// <summary>
/// The Linux CPU affinity of this process, read and set with sched_getaffinity/sched_setaffinity. Affinity is a property
/// of each thread, not of the process, so pinning the client sets it on every thread that exists (threads started later
/// inherit it from the thread that starts them).
/// </summary>
public static partial class CpuAffinity
{
    /// <summary>Up to 1,024 CPUs, the size of glibc's cpu_set_t.</summary>
    private const int MaskWords = 16;

    /// <summary>The CPUs this process may run on now; on a system without sched_getaffinity, all of them.</summary>
    public static IReadOnlyList<int> Available()
    {
        if (!OperatingSystem.IsLinux())
        {
            return [.. Enumerable.Range(0, Environment.ProcessorCount)];
        }
        var mask = new ulong[MaskWords];
        if (sched_getaffinity(0, MaskWords * sizeof(ulong), mask) != 0)
        {
            return [.. Enumerable.Range(0, Environment.ProcessorCount)];
        }
        var cpus = new List<int>();
        for (var cpu = 0; cpu < MaskWords * 64; cpu++)
        {
            if ((mask[cpu / 64] & (1UL << (cpu % 64))) != 0)
            {
                cpus.Add(cpu);
            }
        }
        return cpus;
    }

    /// <summary>Why the client (and, when hosts are spawned, the hosts) cannot be pinned on this machine; null when they can.</summary>
    public static string? CannotPinBecause(bool hostsSpawned) =>
        !OperatingSystem.IsLinux() ? "pinning needs Linux (sched_setaffinity)"
        : hostsSpawned && Taskset.Find() is null ? "pinning the hosts needs taskset (Debian package util-linux), which is not on PATH"
        : null;

    /// <summary>Restricts every thread of this process to <paramref name="cpus"/>.</summary>
    /// <exception cref="UserFacingException">The kernel refused (a CPU outside this process's cgroup, say).</exception>
    public static void PinThisProcess(IReadOnlyCollection<int> cpus)
    {
        if (!OperatingSystem.IsLinux())
        {
            throw new UserFacingException("--cpus needs Linux (sched_setaffinity); use --cpus none on this system.");
        }
        var mask = new ulong[MaskWords];
        foreach (var cpu in cpus)
        {
            mask[cpu / 64] |= 1UL << (cpu % 64);
        }
        foreach (var task in Directory.EnumerateDirectories("/proc/self/task"))
        {
            if (!int.TryParse(Path.GetFileName(task), out var threadId))
            {
                continue;
            }
            if (sched_setaffinity(threadId, MaskWords * sizeof(ulong), mask) != 0)
            {
                var error = Marshal.GetLastPInvokeError();
                // ESRCH: the thread ended between listing and pinning; nothing to pin.
                if (error != 3)
                {
                    throw new UserFacingException(
                        $"Could not pin the load client to CPU {CpuList.Format(cpus)} (sched_setaffinity error {error}); use --cpus none.");
                }
            }
        }
    }

    [LibraryImport("libc", SetLastError = true)]
    private static partial int sched_getaffinity(int pid, nint cpusetsize, [Out] ulong[] mask);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int sched_setaffinity(int pid, nint cpusetsize, ulong[] mask);
}

namespace RpcCompare.LoadClient.Placement;

/// <summary>
/// What an idle CPU of this machine does, as Linux's cpuidle says: halt at once, or poll a while first. In a virtual
/// machine a halted virtual CPU is woken by the hypervisor. It was suspected of base-case's two speeds of trial, which
/// turned out to be the scheduler's groups (SchedulingGroup; docs/reports.md, "Two speeds of trial"); it stays recorded
/// because it describes the machine. Recorded, never changed: a deployed service runs on whatever its machine does.
/// </summary>
public static class CpuIdle
{
    private const string CpuIdleFolder = "/sys/devices/system/cpu/cpuidle";
    private const string HaltPollNs = "/sys/module/haltpoll/parameters/guest_halt_poll_ns";

    /// <summary>"Idle CPUs: cpuidle driver haltpoll, governor haltpoll, guest halt polling 0 ns (...)"; null where Linux
    /// does not say (not Linux, no cpuidle).</summary>
    public static string? Describe()
    {
        var driver = KernelFiles.ReadLine(Path.Combine(CpuIdleFolder, "current_driver"));
        if (driver is null)
        {
            return null;
        }
        var governor = KernelFiles.ReadLine(Path.Combine(CpuIdleFolder, "current_governor")) ?? KernelFiles.ReadLine(Path.Combine(CpuIdleFolder, "current_governor_ro"));
        var poll = KernelFiles.ReadLine(HaltPollNs);
        return $"Idle CPUs: cpuidle driver {driver}{(governor is null ? "" : $", governor {governor}")}" +
            (poll is null ? "." : $", guest halt polling {poll} ns{(poll == "0" ? " (an idle virtual CPU halts at once and is woken by the hypervisor)" : "")}.");
    }
}

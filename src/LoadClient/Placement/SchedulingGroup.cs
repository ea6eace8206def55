using System.Globalization;

namespace RpcCompare.LoadClient.Placement;

/// <summary>
/// Keeps the run's processes in one CPU scheduling group. With Linux's autogroup on (kernel.sched_autogroup_enabled=1,
/// the default of Debian's kernel) every session is a scheduling group of its own, and every PostgreSQL backend starts a
/// session of its own (setsid): the fair scheduler then shares the CPUs between the client, each host and each backend
/// as equals, and on a 2-core machine about 1% of base-case calls stalled for 20 ms to 1.3 s (docs/reports.md,
/// "Two speeds of trial"), which made trials come in two speeds. Autogroup only applies to tasks in the
/// root CPU cgroup, so the run moves itself into a CPU cgroup of its own before it starts PostgreSQL and the hosts;
/// they inherit it, and inside it every thread is scheduled as one of many, as with autogroup off. The machine's own
/// setting is never changed. Where the run may not make a cgroup (not root, no CPU controller), it says so, and the
/// manifest records it.
/// </summary>
public sealed class SchedulingGroup : IDisposable
{
    private const string Prefix = "rpccompare-";

    // Runs in one process (tests, calibration) share one group: the last to end removes it.
    private static readonly Lock Gate = new();
    private static SchedulingGroup? _shared;
    private static int _users;

    private readonly string? _created;
    private readonly string? _parentProcs;
    private readonly int _pid;

    private SchedulingGroup(string description, bool stallsLikely, string? created = null, string? parentProcs = null, int pid = 0)
    {
        _pid = pid;
        Description = description;
        StallsLikely = stallsLikely;
        _created = created;
        _parentProcs = parentProcs;
    }

    /// <summary>One sentence for the manifest's notes and the console.</summary>
    public string Description { get; }

    /// <summary>True when autogroup applies to the run's processes: the figures may hold the stalls described above.</summary>
    public bool StallsLikely { get; }

    /// <summary>The cgroup made for the run (its path under the CPU hierarchy's mount), or null.</summary>
    public string? Created => _created;

    /// <summary>This process in a CPU cgroup of its own where autogroup would apply to it, until every run that joined
    /// has disposed what it got.</summary>
    public static SchedulingGroup Join()
    {
        lock (Gate)
        {
            _shared ??= Create("/", Environment.ProcessId);
            _users++;
            return _shared;
        }
    }

    /// <summary>The decision and the move. <paramref name="root"/> is "/" but for tests, which give a folder laid out as
    /// /proc and /sys are.</summary>
    internal static SchedulingGroup Create(string root, int pid)
    {
        if (!OperatingSystem.IsLinux() && root == "/")
        {
            return new("Scheduling: not Linux, no scheduling groups to arrange.", false);
        }
        var autogroup = KernelFiles.ReadLine(Path.Combine(root, "proc/sys/kernel/sched_autogroup_enabled"));
        if (autogroup != "1")
        {
            return new(autogroup is null
                ? "Scheduling: this kernel has no autogroup; every thread is scheduled as one of many."
                : "Scheduling: Linux's autogroup is off (kernel.sched_autogroup_enabled=0); every thread is scheduled as one of many.", false);
        }
        var place = CpuCgroup.Of(root);
        if (place is null)
        {
            return Unable("no CPU cgroup controller is mounted");
        }
        if (place.Unified && place.Path != "/"
            && !(KernelFiles.ReadLine(Path.Combine(place.Mount, place.Path.TrimStart('/'), "cgroup.controllers")) ?? "").Split(' ').Contains("cpu"))
        {
            // A unified-hierarchy cgroup without the CPU controller is the root's for the scheduler.
            return Unable($"its cgroup {place.Path} has no CPU controller");
        }
        if (place.Path != "/")
        {
            return new($"Scheduling: the run is in the CPU cgroup {place.Path}, so Linux's autogroup (on here) does not apply to " +
                "it, its hosts or the PostgreSQL it starts.", false);
        }
        var name = Prefix + pid.ToString(CultureInfo.InvariantCulture);
        var folder = Path.Combine(place.Mount, name);
        try
        {
            if (place.Unified && !(KernelFiles.ReadLine(Path.Combine(place.Mount, "cgroup.subtree_control")) ?? "").Split(' ').Contains("cpu"))
            {
                return Unable("the unified cgroup hierarchy does not hand the CPU controller to its children");
            }
            RemoveStale(place.Mount, root);
            Directory.CreateDirectory(folder);
            File.WriteAllText(Path.Combine(folder, "cgroup.procs"), pid.ToString(CultureInfo.InvariantCulture));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            TryRemove(folder);
            return Unable($"the run may not make a CPU cgroup ({e.Message.TrimEnd('.')})");
        }
        return new($"Scheduling: Linux's autogroup is on (kernel.sched_autogroup_enabled=1), which makes every session, and so " +
            $"every PostgreSQL backend, a scheduling group of its own; the run put itself, its hosts and the PostgreSQL it " +
            $"starts in the CPU cgroup /{name}, where autogroup does not apply (the machine's setting is unchanged).", false,
            folder, Path.Combine(place.Mount, "cgroup.procs"), pid);
    }

    private static SchedulingGroup Unable(string why) =>
        new($"Scheduling: Linux's autogroup is on (kernel.sched_autogroup_enabled=1), which makes every session, and so every " +
            $"PostgreSQL backend, a scheduling group of its own, and {why}: calls may stall for tens of milliseconds to a " +
            "second while a group waits its turn (docs/reports.md). Run as root so the run can group its processes, or " +
            "switch autogroup off (sysctl kernel.sched_autogroup_enabled=0).", true);

    /// <summary>Ends one run's use; the last moves this process back.</summary>
    public void Dispose()
    {
        lock (Gate)
        {
            // Not the shared group (disposed once too often): a newer group may have its name, so nothing is touched.
            if (!ReferenceEquals(this, _shared) || --_users > 0)
            {
                return;
            }
            _shared = null;
            Leave();
        }
    }

    /// <summary>Moves this process back and removes the cgroup once the hosts and PostgreSQL have left it.</summary>
    internal void Leave()
    {
        if (_created is null || _parentProcs is null)
        {
            return;
        }
        try
        {
            File.WriteAllText(_parentProcs, _pid.ToString(CultureInfo.InvariantCulture));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Left in it: the folder stays until the process is gone; nothing measured depends on it any more.
        }
        TryRemove(_created);
    }

    /// <summary>
    /// Removes the groups of earlier runs whose own process is gone and which hold no process any more. A run's group
    /// outlives it when a process it started (a PostgreSQL on its way down) was still in it as the run left, so the run's
    /// rmdir was refused; nothing else removes it once that process has gone too. A group that still holds a process,
    /// or whose run is alive (another run at the same time), is left alone.
    /// </summary>
    private static void RemoveStale(string mount, string root)
    {
        List<string> folders;
        try
        {
            folders = [.. Directory.EnumerateDirectories(mount, Prefix + "*")];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return;
        }
        foreach (var folder in folders)
        {
            var owner = Path.GetFileName(folder)[Prefix.Length..];
            if (!int.TryParse(owner, NumberStyles.None, CultureInfo.InvariantCulture, out _)
                || Directory.Exists(Path.Combine(root, "proc", owner))
                || !string.IsNullOrEmpty(KernelFiles.ReadLine(Path.Combine(folder, "cgroup.procs"))))
            {
                continue;
            }
            try
            {
                Directory.Delete(folder);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // Refused (a process joined it meanwhile, or a child group): the next run looks again.
            }
        }
    }

    private static void TryRemove(string folder)
    {
        // A cgroup is removed with rmdir while it holds no process; its control files go with it.
        for (var attempt = 0; attempt < 20; attempt++)
        {
            try
            {
                if (!Directory.Exists(folder))
                {
                    return;
                }
                Directory.Delete(folder);
                return;
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // The kernel refuses while a process is still on its way out of the group.
                Thread.Sleep(50);
            }
        }
    }

    /// <summary>Where this process sits in the CPU controller's hierarchy, from /proc/self/cgroup and /proc/self/mountinfo.</summary>
    private sealed record CpuCgroup(string Mount, string Path, bool Unified)
    {
        public static CpuCgroup? Of(string root)
        {
            var lines = ReadAll(System.IO.Path.Combine(root, "proc/self/cgroup"));
            var mounts = ReadAll(System.IO.Path.Combine(root, "proc/self/mountinfo"));
            foreach (var line in lines)
            {
                // "4:cpu,cpuacct:/user.slice" (v1) or "0::/init.scope" (v2).
                var parts = line.Split(':', 3);
                if (parts.Length == 3 && parts[1].Split(',').Contains("cpu")
                    && MountOf(mounts, root, options => options.Split(',').Contains("cpu"), "cgroup") is { } mount)
                {
                    return new(mount, parts[2], false);
                }
            }
            foreach (var line in lines)
            {
                var parts = line.Split(':', 3);
                if (parts.Length == 3 && parts[0] == "0" && parts[1].Length == 0
                    && MountOf(mounts, root, _ => true, "cgroup2") is { } mount
                    && (KernelFiles.ReadLine(System.IO.Path.Combine(mount, "cgroup.controllers")) ?? "").Split(' ').Contains("cpu"))
                {
                    return new(mount, parts[2], true);
                }
            }
            return null;
        }

        /// <summary>The mount point of a cgroup filesystem of this type whose super options match.</summary>
        private static string? MountOf(IEnumerable<string> mountinfo, string root, Func<string, bool> options, string type)
        {
            foreach (var line in mountinfo)
            {
                // "35 25 0:30 / /sys/fs/cgroup/cpu rw,nosuid - cgroup cgroup rw,cpu": fields after " - " are type, source, options.
                var halves = line.Split(" - ", 2);
                if (halves.Length != 2)
                {
                    continue;
                }
                var after = halves[1].Split(' ');
                var before = halves[0].Split(' ');
                if (after.Length >= 3 && before.Length >= 5 && after[0] == type && options(after[2]))
                {
                    return root == "/" ? before[4] : System.IO.Path.Combine(root, before[4].TrimStart('/'));
                }
            }
            return null;
        }

        private static string[] ReadAll(string path)
        {
            try
            {
                return File.Exists(path) ? File.ReadAllLines(path) : [];
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                return [];
            }
        }
    }
}

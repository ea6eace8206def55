using RpcCompare.LoadClient.Placement;

namespace RpcCompare.UnitTests.Placement;

/// <summary>The decision over a folder laid out as /proc and /sys are (plain files: the kernel's side is not faked).</summary>
public sealed class SchedulingGroupTests : IDisposable
{
    private const int Pid = 4242;
    private readonly TempFolder _root = new();

    public void Dispose() => _root.Dispose();

    [Fact]
    public void WithAutogroupOffNothingIsMoved()
    {
        Write("proc/sys/kernel/sched_autogroup_enabled", "0");
        CgroupV1("/");

        var group = SchedulingGroup.Create(_root.Path, Pid);

        Assert.Null(group.Created);
        Assert.False(group.StallsLikely);
        Assert.Contains("autogroup is off", group.Description);
        Assert.False(Directory.Exists(_root.Combine("sys/fs/cgroup/cpu/rpccompare-4242")));
    }

    [Fact]
    public void WithAutogroupOnInTheRootCgroupTheRunMovesIntoAGroupOfItsOwnAndLeavesIt()
    {
        Write("proc/sys/kernel/sched_autogroup_enabled", "1");
        CgroupV1("/");

        var group = SchedulingGroup.Create(_root.Path, Pid);

        var folder = _root.Combine("sys/fs/cgroup/cpu/rpccompare-4242");
        Assert.Equal(folder, group.Created);
        Assert.Equal("4242", File.ReadAllText(Path.Combine(folder, "cgroup.procs")));
        Assert.False(group.StallsLikely);
        Assert.Contains("CPU cgroup /rpccompare-4242", group.Description);
        Assert.Contains("machine's setting is unchanged", group.Description);

        group.Leave();

        // That the group is then removed needs the kernel's cgroup filesystem (rmdir of a folder with control files in
        // it): the placement integration test checks it on the real one.
        Assert.Equal("4242", File.ReadAllText(_root.Combine("sys/fs/cgroup/cpu/cgroup.procs")));
    }

    [Fact]
    public void AnEmptyGroupLeftByARunThatIsGoneIsRemovedWhenTheNextRunJoins()
    {
        Write("proc/sys/kernel/sched_autogroup_enabled", "1");
        CgroupV1("/");
        // Left behind by run 11552 (gone, empty); run 3131 is alive; run 7070 is gone but its PostgreSQL is still in its group.
        Directory.CreateDirectory(_root.Combine("sys/fs/cgroup/cpu/rpccompare-11552"));
        Directory.CreateDirectory(_root.Combine("sys/fs/cgroup/cpu/rpccompare-3131"));
        Directory.CreateDirectory(_root.Combine("proc/3131"));
        Write("sys/fs/cgroup/cpu/rpccompare-7070/cgroup.procs", "7071");
        Directory.CreateDirectory(_root.Combine("sys/fs/cgroup/cpu/rpccompare-notes"));

        var group = SchedulingGroup.Create(_root.Path, Pid);

        Assert.Equal(_root.Combine("sys/fs/cgroup/cpu/rpccompare-4242"), group.Created);
        Assert.False(Directory.Exists(_root.Combine("sys/fs/cgroup/cpu/rpccompare-11552")));
        Assert.True(Directory.Exists(_root.Combine("sys/fs/cgroup/cpu/rpccompare-3131")));
        Assert.True(Directory.Exists(_root.Combine("sys/fs/cgroup/cpu/rpccompare-7070")));
        Assert.True(Directory.Exists(_root.Combine("sys/fs/cgroup/cpu/rpccompare-notes")));
        group.Leave();
    }

    [Fact]
    public void ARunAlreadyInACpuCgroupStaysWhereItIs()
    {
        Write("proc/sys/kernel/sched_autogroup_enabled", "1");
        CgroupV1("/user.slice");

        var group = SchedulingGroup.Create(_root.Path, Pid);

        Assert.Null(group.Created);
        Assert.False(group.StallsLikely);
        Assert.Contains("CPU cgroup /user.slice", group.Description);
    }

    [Fact]
    public void WhereNoGroupCanBeMadeTheRunSaysThatCallsMayStallAndWhatToDo()
    {
        CgroupV2("/", subtreeControl: "memory pids");

        var group = SchedulingGroup.Create(_root.Path, Pid);

        Assert.Null(group.Created);
        Assert.True(group.StallsLikely);
        Assert.Contains("does not hand the CPU controller to its children", group.Description);
        Assert.Contains("sysctl kernel.sched_autogroup_enabled=0", group.Description);
    }

    [Fact]
    public void AUnifiedHierarchyWithTheCpuControllerGetsAGroupToo()
    {
        CgroupV2("/", subtreeControl: "cpu memory pids");

        var group = SchedulingGroup.Create(_root.Path, Pid);

        Assert.Equal(_root.Combine("sys/fs/cgroup/rpccompare-4242"), group.Created);
        group.Leave();
    }

    [Fact]
    public void AUnifiedCgroupWithoutTheCpuControllerStillMeetsAutogroup()
    {
        CgroupV2("/user.slice/session-3.scope", subtreeControl: "cpu memory pids");
        Write("sys/fs/cgroup/user.slice/session-3.scope/cgroup.controllers", "memory pids");

        var group = SchedulingGroup.Create(_root.Path, Pid);

        Assert.Null(group.Created);
        Assert.True(group.StallsLikely);
        Assert.Contains("its cgroup /user.slice/session-3.scope has no CPU controller", group.Description);
    }

    [Fact]
    public void AKernelWithoutAutogroupIsSaidSo()
    {
        CgroupV1("/");

        var group = SchedulingGroup.Create(_root.Path, Pid);

        Assert.Null(group.Created);
        Assert.Contains("no autogroup", group.Description);
    }

    /// <summary>Autogroup on and a unified hierarchy whose root offers the CPU controller.</summary>
    private void CgroupV2(string path, string subtreeControl)
    {
        Write("proc/sys/kernel/sched_autogroup_enabled", "1");
        Write("proc/self/cgroup", $"0::{path}");
        Write("proc/self/mountinfo", "41 31 0:38 / /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw");
        Write("sys/fs/cgroup/cgroup.controllers", "cpuset cpu io memory pids");
        Write("sys/fs/cgroup/cgroup.subtree_control", subtreeControl);
    }

    private void CgroupV1(string path)
    {
        Write("proc/self/cgroup", $"9:name=systemd:/\n2:cpuacct:/\n1:cpu:{path}\n0::/");
        Write("proc/self/mountinfo",
            "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n" +
            "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n" +
            "33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n" +
            "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");
        Directory.CreateDirectory(_root.Combine("sys/fs/cgroup/cpu"));
    }

    private void Write(string relative, string text)
    {
        var path = _root.Combine(relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
    }
}

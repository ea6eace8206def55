namespace RpcCompare.LoadClient.Placement;

/// <summary>util-linux's taskset, which starts a program on given CPUs.</summary>
public static class Taskset
{
    public static string Program => Find() ?? throw new UserFacingException(
        "Pinning the hosts to CPUs needs taskset (Debian package util-linux), which is not on PATH; install it or use --cpus none.");

    public static string? Find() =>
        (Environment.GetEnvironmentVariable("PATH") ?? "/usr/bin:/bin").Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Select(folder => Path.Combine(folder, "taskset"))
            .FirstOrDefault(File.Exists);
}

namespace RpcCompare.LoadClient.Placement;

/// <summary>Reads the one-line files of /proc and /sys that describe the machine.</summary>
internal static class KernelFiles
{
    /// <summary>The file's first line, trimmed; null when the kernel has no such file or will not let us read it.</summary>
    public static string? ReadLine(string path)
    {
        try
        {
            return File.Exists(path) ? File.ReadLines(path).FirstOrDefault()?.Trim() : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}

using System.Runtime.InteropServices;

namespace RpcCompare.Reports.Results;

/// <summary>
/// What .NET does not tell about a path on Unix: where it really leads once every symbolic link on the way is followed
/// (realpath(3)), and whether it is a regular file (statx(2)): FileSystemInfo reports a FIFO or a device as a
/// "Normal" file, and opening a FIFO blocks until something writes to it.
/// </summary>
internal static partial class NativeFiles
{
    private const int AtFdCwd = -100;
    private const int AtSymlinkNoFollow = 0x100;
    private const uint StatxType = 0x1;
    private const int StatxSize = 256;
    private const int StatxModeOffset = 28;
    private const int TypeMask = 0xF000;

    /// <summary>The path with every symbolic link and "." or ".." resolved, as the kernel resolves it; null when it
    /// leads nowhere. Outside Unix, the full path with its final link followed.</summary>
    public static string? RealPath(string path)
    {
        if (OperatingSystem.IsWindows())
        {
            var info = new FileInfo(path);
            var target = info.LinkTarget is null ? info : info.ResolveLinkTarget(returnFinalTarget: true);
            return target is { Exists: true } || Directory.Exists(target?.FullName) ? target!.FullName : null;
        }

        var resolved = Resolve(path, IntPtr.Zero);
        if (resolved == IntPtr.Zero)
        {
            return null;
        }

        try
        {
            return Marshal.PtrToStringUTF8(resolved);
        }
        finally
        {
            Free(resolved);
        }
    }

    /// <summary>What a path without links is, when it is anything but a regular file ("a named pipe (FIFO)"); null for
    /// a regular file, or where statx(2) is not there to ask (outside Linux, or refused by the system).</summary>
    public static string? NotARegularFile(string path)
    {
        if (Directory.Exists(path))
        {
            return "a directory";
        }

        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        var buffer = new byte[StatxSize];
        try
        {
            if (Statx(AtFdCwd, path, AtSymlinkNoFollow, StatxType, buffer) != 0)
            {
                // ENOSYS, or EPERM under an old container's seccomp profile: unchecked, as outside Linux.
                return null;
            }
        }
        catch (EntryPointNotFoundException)
        {
            // A C library without statx (musl before 1.2.5).
            return null;
        }

        return (BitConverter.ToUInt16(buffer, StatxModeOffset) & TypeMask) switch
        {
            0x8000 => null,
            0x1000 => "a named pipe (FIFO)",
            0x2000 => "a character device",
            0x6000 => "a block device",
            0xA000 => "a symbolic link",
            0xC000 => "a socket",
            _ => "not a regular file",
        };
    }

    [LibraryImport("libc", EntryPoint = "realpath", StringMarshalling = StringMarshalling.Utf8)]
    private static partial IntPtr Resolve(string path, IntPtr resolved);

    [LibraryImport("libc", EntryPoint = "free")]
    private static partial void Free(IntPtr pointer);

    [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Statx(int directory, string path, int flags, uint mask, [Out] byte[] buffer);
}

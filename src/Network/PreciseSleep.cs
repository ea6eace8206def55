using System.Runtime.InteropServices;

namespace RpcCompare.Network;

/// <summary>
/// Sleeps to within tens of microseconds. Task.Delay(10) took 12.2 ms at the median on this machine kind (the timer
/// queue's granularity), too coarse for a 0.2 ms LAN delay; nanosleep(2) is what netem's own clock would give.
/// </summary>
internal static partial class PreciseSleep
{
    public static void For(TimeSpan span)
    {
        if (span <= TimeSpan.Zero)
        {
            return;
        }
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsMacOS())
        {
            Thread.Sleep(span);
            return;
        }
        long nanoseconds = span.Ticks * 100;
        var request = new Timespec { Seconds = nanoseconds / 1_000_000_000, Nanoseconds = nanoseconds % 1_000_000_000 };
        // An interrupted sleep returns early; the caller looks at the clock again, so there is nothing to resume.
        _ = NanoSleep(in request, IntPtr.Zero);
    }

    /// <summary>Linux lets a sleeping thread oversleep by its timer slack, 50 µs by default: more than a calibration's
    /// smallest hold. The delivering thread asks for 1 µs (prctl PR_SET_TIMERSLACK); elsewhere, or if refused, nothing changes.</summary>
    public static void TightenThisThread()
    {
        if (OperatingSystem.IsLinux())
        {
            _ = PrCtl(SetTimerSlack, 1_000, 0, 0, 0);
        }
    }

    private const int SetTimerSlack = 29;

    [LibraryImport("libc", EntryPoint = "prctl")]
    private static partial int PrCtl(int option, nuint arg2, nuint arg3, nuint arg4, nuint arg5);

    [StructLayout(LayoutKind.Sequential)]
    private struct Timespec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [LibraryImport("libc", EntryPoint = "nanosleep")]
    private static partial int NanoSleep(in Timespec request, IntPtr remaining);
}

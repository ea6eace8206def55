using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// How fast this machine's CPU does a fixed piece of integer work, timed in the calling thread's own CPU time
/// (CLOCK_THREAD_CPUTIME_ID), so the other threads and processes it shares a CPU with do not count, while a slower CPU
/// (a busy neighbour on the same core, a lower clock, a virtual CPU the hypervisor takes away without reporting steal)
/// does. Read as each measured window ends: a trial whose loop took clearly longer than the run's median measured a
/// slower machine, and the report names it (on this machine kind every stack's trial could be 30-60% slower in server
/// and client CPU per request at once). The loop is a few hundred microseconds, the fastest of five counts.
/// </summary>
public static partial class CpuSpeed
{
    private const int Iterations = 200_000;
    private const int Repeats = 5;
    private const int ThreadCpuClock = 3;

    /// <summary>Microseconds of this thread's CPU time the loop took at best of five; null where the clock is not there.</summary>
    public static double? LoopMicroseconds()
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }
        var best = double.MaxValue;
        var seed = 1UL;
        for (var i = 0; i < Repeats; i++)
        {
            if (clock_gettime(ThreadCpuClock, out var start) != 0)
            {
                return null;
            }
            seed = Loop(seed);
            if (clock_gettime(ThreadCpuClock, out var end) != 0)
            {
                return null;
            }
            best = Math.Min(best, ((end.Seconds - start.Seconds) * 1e9 + (end.Nanoseconds - start.Nanoseconds)) / 1e3);
        }
        GC.KeepAlive(seed);
        return Math.Round(best, 1);
    }

    /// <summary>A linear congruential generator's steps: integer work the JIT cannot fold away, compiled at full
    /// optimization on its first call so no tier-up changes its speed between trials.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static ulong Loop(ulong x)
    {
        for (var i = 0; i < Iterations; i++)
        {
            x = (x * 6364136223846793005UL) + 1442695040888963407UL;
        }
        return x;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [LibraryImport("libc")]
    private static partial int clock_gettime(int clockId, out TimeSpec time);
}

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

    // 64 MiB: twice this machine kind's 32 MiB last-level cache, so nearly every step is a load from memory.
    private const int WalkSlots = 16 << 20;
    private const int WalkSteps = 100_000;
    private const int WalkRepeats = 3;
    private static readonly Lazy<WalkBuffer?> Walk = new(WalkBuffer.Make);

    // Where the last walk stopped: each walk goes on from there, so it meets lines untouched for dozens of windows, not
    // the ones the previous walk left in the cache.
    private static int _walkAt;

    /// <summary>Microseconds of this thread's CPU time the loop took at best of five; null where the clock is not there.</summary>
    public static double? LoopMicroseconds()
    {
        var seed = 1UL;
        var best = BestOf(Repeats, () => seed = Loop(seed));
        GC.KeepAlive(seed);
        return best;
    }

    /// <summary>Microseconds of this thread's CPU time a walk of 100,000 dependent loads through 64 MiB took at best of
    /// three (about 15 ms each here); null off Linux or where the memory could not be had.</summary>
    public static double? MemoryWalkMicroseconds()
    {
        if (Walk.Value is not { } walk)
        {
            return null;
        }
        var at = Volatile.Read(ref _walkAt);
        var best = BestOf(WalkRepeats, () => at = walk.Steps(at, WalkSteps));
        Volatile.Write(ref _walkAt, at);
        return best;
    }

    /// <summary>Lays out the walk (16 million random swaps, one to two seconds) before a run's first window, so no window
    /// waits for it and every entry's working set holds it alike.</summary>
    public static void Prepare() => _ = Walk.Value;

    /// <summary>The bytes the walk keeps resident once laid out (0 before, or without it): the client's own working set
    /// is reported without them, since they belong to the measurement of the machine, not to any stack's client.</summary>
    public static long ResidentBytes => Walk.IsValueCreated && Walk.Value is not null ? (long)WalkSlots * sizeof(int) : 0;

    private static double? BestOf(int repeats, Action work)
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }
        var best = double.MaxValue;
        for (var i = 0; i < repeats; i++)
        {
            if (clock_gettime(ThreadCpuClock, out var start) != 0)
            {
                return null;
            }
            work();
            if (clock_gettime(ThreadCpuClock, out var end) != 0)
            {
                return null;
            }
            best = Math.Min(best, ((end.Seconds - start.Seconds) * 1e9 + (end.Nanoseconds - start.Nanoseconds)) / 1e3);
        }
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

    /// <summary>One random cycle through every slot of an unmanaged 64 MiB block (Sattolo's shuffle, a fixed seed), so each
    /// step's address depends on the last load and neither the prefetcher nor the GC heap is involved. Kept for the
    /// process's life: it is read after every measured window.</summary>
    private sealed unsafe class WalkBuffer
    {
        private readonly int* _next;

        private WalkBuffer(int* next) => _next = next;

        public static WalkBuffer? Make()
        {
            if (!OperatingSystem.IsLinux())
            {
                return null;
            }
            int* next;
            try
            {
                next = (int*)NativeMemory.Alloc((nuint)WalkSlots, sizeof(int));
            }
            catch (OutOfMemoryException)
            {
                return null;
            }
            for (var i = 0; i < WalkSlots; i++)
            {
                next[i] = i;
            }
            var random = new Random(20_261_129);
            for (var i = WalkSlots - 1; i > 0; i--)
            {
                var j = random.Next(i);
                (next[i], next[j]) = (next[j], next[i]);
            }
            return new WalkBuffer(next);
        }

        [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
        public int Steps(int from, int count)
        {
            var at = from;
            for (var i = 0; i < count; i++)
            {
                at = _next[at];
            }
            return at;
        }
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

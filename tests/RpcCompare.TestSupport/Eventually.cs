using System.Diagnostics;

namespace RpcCompare.TestSupport;

/// <summary>Waits for something another thread or process does (a log line, a state, a sample) with a generous hang
/// guard: tests assert what happens, never how fast.</summary>
public static class Eventually
{
    public static Task TrueAsync(Func<bool> condition, string what = "the condition", int hangGuardSeconds = 60, int pollMilliseconds = 10) =>
        TrueAsync(() => Task.FromResult(condition()), what, hangGuardSeconds, pollMilliseconds);

    /// <param name="pollMilliseconds">How often to ask: more than the default where asking costs (reading a file that a
    /// measured run is writing, on a machine with two cores).</param>
    public static async Task TrueAsync(Func<Task<bool>> condition, string what = "the condition", int hangGuardSeconds = 60,
        int pollMilliseconds = 10)
    {
        long start = Stopwatch.GetTimestamp();
        while (!await condition())
        {
            if (Stopwatch.GetElapsedTime(start) > TimeSpan.FromSeconds(hangGuardSeconds))
            {
                throw new TimeoutException($"Gave up waiting for {what}.");
            }

            await Task.Delay(pollMilliseconds);
        }
    }
}

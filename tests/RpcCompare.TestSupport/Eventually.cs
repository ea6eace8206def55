using System.Diagnostics;

namespace RpcCompare.TestSupport;

/// <summary>Waits for something another thread or process does (a log line, a state, a sample) with a generous hang
/// guard: tests assert what happens, never how fast.</summary>
public static class Eventually
{
    public static Task TrueAsync(Func<bool> condition, string what = "the condition", int hangGuardSeconds = 60) =>
        TrueAsync(() => Task.FromResult(condition()), what, hangGuardSeconds);

    public static async Task TrueAsync(Func<Task<bool>> condition, string what = "the condition", int hangGuardSeconds = 60)
    {
        long start = Stopwatch.GetTimestamp();
        while (!await condition())
        {
            if (Stopwatch.GetElapsedTime(start) > TimeSpan.FromSeconds(hangGuardSeconds))
            {
                throw new TimeoutException($"Gave up waiting for {what}.");
            }

            await Task.Delay(10);
        }
    }
}
